"""The ``seastack`` command: validate content, and open the editor.

The CLI never imports Qt except inside the commands that show or draw something.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from editor import ACCELERATION, __version__
from editor.core.diagnostics import Severity, printable
from editor.core.pack_files import commands as pack_commands
from editor.core.resources import layouts_dir
from editor.core.workspace import (
    PathError,
    Workspace,
    file_names_read,
    load_workspace,
    open_layout,
)
from editor.sim import simulate
from editor.sim.sweep import command as sweep
from editor.studio.report import write_report

DEFAULT_LAYOUT = "crustacean.layout.yaml"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="seastack",
        description="A studio for designers of hex and tile board games.",
        epilog="With no command, seastack opens the editor on the bundled Crustacean layout.",
    )
    version = f"seastack {__version__}, {ACCELERATION.describe()}"
    parser.add_argument("--version", action="version", version=version)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    validate = commands.add_parser(
        "validate",
        help="check packs, boards, layouts and examples",
        description="Check files against their schemas and the games' rules of content. "
        "Errors make the exit code 1; warnings do too with --strict.",
    )
    validate.add_argument(
        "paths", nargs="*", metavar="PATH", help="files or folders (default: everything bundled)"
    )
    validate.add_argument(
        "--format", choices=("text", "json"), default="text", help="output format"
    )
    validate.add_argument("--strict", action="store_true", help="fail on warnings too")

    examples = commands.add_parser(
        "examples",
        help="run rules examples",
        description="Run rules examples (*.example.yaml): one PASS or FAIL line each. "
        "Exit code 0 when all pass, 1 when any fails, 2 when a file cannot be run.",
    )
    examples.add_argument(
        "example_paths", nargs="+", metavar="PATH", help="example files, or folders to search"
    )

    simulate.add_parser(commands)
    sweep.add_parser(commands)
    pack_commands.add_parser(commands)

    render = commands.add_parser(
        "render",
        help="draw a layout as a PNG or SVG image",
        description="Draw a layout with the editor's painter, without a window. "
        "Exit code 2 when the layout has errors or the image cannot be written.",
    )
    render.add_argument("layout", metavar="LAYOUT", help="a layout file")
    render.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="the image to write: .png or .svg"
    )
    render.add_argument(
        "--size", type=_image_size, metavar="WxH", help="image size in pixels (default: natural)"
    )
    render.add_argument(
        "--labels",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="write each space's label (default: yes)",
    )

    edit = commands.add_parser("edit", help="open the editor", description="Open the editor.")
    edit.add_argument("path", nargs="?", metavar="PATH", help="a layout file (default: Crustacean)")
    return parser


def _say(text: str, file: TextIO | None = None) -> None:
    """Print one line, its control characters and line breaks escaped: a file name cannot
    forge a line of output (nor stop the output with what the terminal cannot encode)."""
    print(printable(text), file=file if file is not None else sys.stdout)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = _parser().parse_args(argv)
    import editor.games  # noqa: F401  (registers the games)

    for stream in (sys.stdout, sys.stderr):  # a terminal that cannot show a character
        if isinstance(stream, io.TextIOWrapper):  # gets its escape, not an error
            stream.reconfigure(errors="backslashreplace")
    try:
        if args.command == "validate":
            return validate(args.paths, output=args.format, strict=args.strict)
        if args.command == "simulate":
            return simulate.simulate(args, report=write_report)
        if args.command == "sweep":
            return sweep.run(args)
        if args.command == "pack":
            return pack_commands.run(args)
        if args.command == "examples":
            return examples(args.example_paths)
        if args.command == "render":
            return render(args.layout, args.output, size=args.size, labels=args.labels)
        return edit(getattr(args, "path", None))
    except KeyboardInterrupt:
        _say("seastack: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader stopped (| head): no more to say, and no error
        with contextlib.suppress(OSError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as exc:  # a bug of ours: say so in one line instead of a traceback
        _say(
            f"seastack: internal error ({type(exc).__name__}: {exc}); please report it"
            " with the command you ran",
            file=sys.stderr,
        )
        return 70


def validate(paths: Sequence[str], *, output: str = "text", strict: bool = False) -> int:
    """`seastack validate`: 0 clean, 1 errors found, 2 a path cannot be read."""
    if any(not path.strip() for path in paths):
        _say("seastack validate: an empty path was given", file=sys.stderr)
        return 2
    try:
        ws = load_workspace(list(paths), progress=_progress_line())
    except PathError as exc:
        _say(f"seastack validate: {exc}", file=sys.stderr)
        return 2
    diagnostics = ws.report()
    errors = sum(d.severity is Severity.ERROR for d in diagnostics)
    warnings = sum(d.severity is Severity.WARNING for d in diagnostics)
    failed = errors > 0 or (strict and warnings > 0)
    if output == "json":
        print(
            json.dumps(
                {
                    "files": len(ws.targets),
                    "errors": errors,
                    "warnings": warnings,
                    "ok": not failed,
                    "diagnostics": [d.to_json() for d in diagnostics],
                },
                indent=2,
            )
        )
    else:
        for diagnostic in diagnostics:
            _say(diagnostic.format())
        _say(_summary(ws, errors, warnings), file=sys.stderr)
    return 1 if failed else 0


def _progress_line() -> Callable[[int, int], None] | None:
    """A progress count on the terminal for long checks; nothing when output is piped."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        if total >= 500 and (done % 100 == 0 or done == total):
            end = "\r" if done < total else "\r\033[K"
            sys.stderr.write(f"checking {done}/{total} files{end}" if done < total else end)
            sys.stderr.flush()

    return show


def _summary(ws: Workspace, errors: int, warnings: int) -> str:
    files = len(ws.targets)
    if files == 0:
        return (
            f"found no Seastack files to check ({ws.skipped} other files skipped);"
            f" Seastack reads {file_names_read()}"
        )
    text = f"checked {files} file{'s' * (files != 1)}: "
    text += f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
    if ws.skipped:
        text += f" ({ws.skipped} other files skipped)"
    return text


def examples(paths: Sequence[str]) -> int:
    """`seastack examples`: 0 all pass, 1 any fails, 2 a file cannot be run."""
    from editor.sim.examples import ExamplesPathError, run_examples

    if any(not path.strip() for path in paths):
        _say("seastack examples: an empty path was given", file=sys.stderr)
        return 2
    try:
        run = run_examples(paths)
    except ExamplesPathError as exc:
        _say(f"seastack examples: {exc}", file=sys.stderr)
        return 2
    for problem in run.path_problems:
        _say(f"seastack examples: {problem}", file=sys.stderr)
    for result in run.results:
        if result.problems:  # stdout holds only the PASS and FAIL lines
            for diagnostic in result.problems:
                _say(diagnostic.format(), file=sys.stderr)
        else:
            _say(result.line())
    _say(run.summary(), file=sys.stderr)
    return run.exit_code


def _image_size(text: str) -> tuple[int, int]:
    """``"800x600"`` as ``(800, 600)``, for ``--size``.

    >>> _image_size("800x600"), _image_size("64X48")
    ((800, 600), (64, 48))
    """
    parts = text.strip().lower().split("x")
    if len(parts) != 2 or not all(part.isascii() and part.isdigit() for part in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not WIDTHxHEIGHT in pixels, like 1200x900")
    width, height = int(parts[0]), int(parts[1])
    if not (1 <= width <= 8000 and 1 <= height <= 8000):
        raise argparse.ArgumentTypeError(f"{text!r}: width and height must be 1 to 8000 pixels")
    return width, height


def render(
    layout_file: str, output: str, *, size: tuple[int, int] | None = None, labels: bool = True
) -> int:
    """`seastack render`: 0 written, 2 a bad layout or an image that cannot be written."""
    out = Path(output)
    if out.suffix.lower() not in (".png", ".svg"):
        _say(
            f"seastack render: cannot write {output!r}: the name must end with .png or .svg",
            file=sys.stderr,
        )
        return 2
    try:
        ws, layout = open_layout(layout_file)
    except PathError as exc:
        _say(f"seastack render: {exc}", file=sys.stderr)
        return 2
    diagnostics = ws.report()
    for diagnostic in diagnostics:
        _say(diagnostic.format(), file=sys.stderr)
    errors = any(d.is_error for d in diagnostics)
    if errors or layout is None:
        reason = "has errors" if errors else "is not a layout (*.layout.yaml)"
        _say(f"seastack render: {layout_file} {reason}; nothing drawn", file=sys.stderr)
        return 2
    from editor.studio.board_picture import layout_picture  # Qt is imported only here
    from editor.ui.board.export_image import ExportError, application, export_image

    _app = application()  # kept alive while drawing
    try:
        written = export_image(layout_picture(ws, layout), out, size, labels=labels)
    except ExportError as exc:
        _say(f"seastack render: {exc}", file=sys.stderr)
        return 2
    _say(f"wrote {written}", file=sys.stderr)
    return 0


def edit(path: str | None) -> int:
    """`seastack edit`: open the editor on a layout (the bundled Crustacean by default)."""
    layout_path = Path(path) if path is not None else layouts_dir() / DEFAULT_LAYOUT
    try:
        ws, layout = open_layout(layout_path)
    except PathError as exc:
        _say(f"seastack edit: {exc}", file=sys.stderr)
        return 2
    for diagnostic in ws.report():
        _say(diagnostic.format(), file=sys.stderr)
    if layout is None:
        _say(f"seastack edit: {layout_path} is not a layout that can be opened", file=sys.stderr)
        return 1
    from editor.ui.shell.app import run  # Qt is imported only here

    return run(ws, layout, layout_path)


if __name__ == "__main__":
    raise SystemExit(main())
