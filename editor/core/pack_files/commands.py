"""`seastack pack build|install|check|list|remove`: pack files on the command line.

The commands' arguments and their work live here, so that ``editor/cli.py`` only wires them
in. Exit codes: 0 done, 1 refused (the diagnostics say why; nothing was written or
installed), 2 a path or an argument that cannot be used.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from editor.core.diagnostics import Diagnostic, printable
from editor.core.files import display_path
from editor.core.pack_files.archive import Built, build_pack, build_scenario
from editor.core.pack_files.install import (
    check_pack_file,
    install_pack_file,
    installed_scenarios,
    list_installed,
    remove_installed,
)
from editor.core.pack_files.problems import PackFileError, PackPathError
from editor.core.pack_files.user_folders import DATA_DIR_VARIABLE, data_dir, packs_dir

PROG = "seastack pack"


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add the ``pack`` command and its sub-commands to the CLI's sub-parsers."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "pack",
        help="build, check, install, list and remove pack files (*.seastack)",
        description="Share content packs as one file, <id>-<version>.seastack. Installed packs"
        f" go to the user's data folder ({data_dir()}; set {DATA_DIR_VARIABLE} for another),"
        " one folder per id and version. Exit code 0 when done, 1 when refused (nothing"
        " changed), 2 for a path or an argument that cannot be used.",
    )
    pack = parser.add_subparsers(dest="pack_command", metavar="ACTION", required=True)

    build = pack.add_parser(
        "build",
        help="write a pack folder (or a layout and its packs) as a .seastack file",
        description="Validate a pack folder and write it as <id>-<version>.seastack, with a"
        " manifest of every file's size and SHA-256. Given a layout file, write a scenario"
        " file instead (<layout id>-scenario.seastack): the layout and every pack it uses that"
        " is not bundled. Nothing is written unless the content validates clean.",
    )
    build.add_argument("path", metavar="PATH", help="a pack folder, or a layout (*.layout.yaml)")
    build.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="the folder to write into (default: the working folder), or a .seastack file name",
    )
    build.add_argument(
        "--with-deps",
        action="store_true",
        help="also write a file for each pack it depends on that is not bundled",
    )
    build.add_argument(
        "--packs",
        metavar="FOLDER",
        action="append",
        default=[],
        help="a folder of packs the pack or layout uses besides the bundled and installed ones;"
        " repeat for several",
    )
    build.add_argument(
        "--force", action="store_true", help="replace a file of that name that holds other bytes"
    )

    install = pack.add_parser(
        "install",
        help="install a pack file into the user's data folder",
        description="Check a pack file and install its packs (and a scenario's layout) into the"
        " user's data folder. Refused, with nothing changed, when it is unsafe, damaged, lacks a"
        " dependency or does not validate.",
    )
    install.add_argument("file", metavar="FILE", help="a pack file (*.seastack)")
    install.add_argument(
        "--force", action="store_true", help="replace a version that is installed already"
    )

    check = pack.add_parser(
        "check",
        help="check a pack file without installing it",
        description="Every check an install makes, installing nothing.",
    )
    check.add_argument("file", metavar="FILE", help="a pack file (*.seastack)")

    listing = pack.add_parser(
        "list", help="list the installed packs", description="List the installed packs."
    )
    listing.add_argument("--json", action="store_true", help="print the list as JSON")

    remove = pack.add_parser(
        "remove",
        help="remove an installed pack",
        description="Remove every installed version of a pack, or one. Refused when another"
        " installed pack needs it, unless --force.",
    )
    remove.add_argument("pack_id", metavar="ID", help="the pack's id")
    remove.add_argument("--version", metavar="VERSION", help="only this version")
    remove.add_argument(
        "--force", action="store_true", help="remove it even when other installed packs need it"
    )
    return parser


def _say(text: str, file: TextIO | None = None) -> None:
    print(printable(text), file=file if file is not None else sys.stdout)


def run(args: argparse.Namespace) -> int:
    """Run ``seastack pack ...`` with parsed arguments; returns the exit code."""
    actions: dict[str, Callable[[argparse.Namespace], int]] = {
        "build": _build,
        "install": _install,
        "check": _check,
        "list": _list,
        "remove": _remove,
    }
    action = args.pack_command
    try:
        return actions[action](args)
    except PackFileError as exc:
        _show(exc.diagnostics)
        what = {"build": "nothing written", "remove": "nothing removed"}.get(
            action, "nothing installed"
        )
        _say(f"{PROG} {action}: refused; {what}", file=sys.stderr)
        return 1
    except PackPathError as exc:
        _say(f"{PROG} {action}: {exc}", file=sys.stderr)
        return 2


def _show(diagnostics: Sequence[Diagnostic]) -> None:
    for diagnostic in diagnostics:
        _say(diagnostic.format())


def _build(args: argparse.Namespace) -> int:
    path = Path(args.path)
    out = Path(args.output) if args.output else None
    folders = [Path(f) for f in args.packs]
    for folder in folders:
        if not folder.is_dir():
            raise PackPathError(f"--packs {folder} is not a folder")
    if not path.exists():
        raise PackPathError(f"cannot read {args.path!r}: no such file or folder")
    built: Built
    if path.is_dir():
        built = build_pack(
            path, out, with_deps=args.with_deps, pack_folders=folders, force=args.force
        )
    else:
        if args.with_deps:
            raise PackPathError("--with-deps is for a pack folder; a scenario holds its packs")
        built = build_scenario(path, out, pack_folders=folders, force=args.force)
    _show(built.warnings)
    for left in built.left_out:
        _say(f"left out {display_path(left)}: Seastack does not read it", file=sys.stderr)
    for written in built.written:
        _say(f"wrote {display_path(written)}")
    for same in built.unchanged:
        _say(f"{display_path(same)} is up to date (same content)")
    return 0


def _install(args: argparse.Namespace) -> int:
    installed = install_pack_file(Path(args.file), force=args.force)
    _show(installed.warnings)
    for pack, folder in zip(installed.manifest.packs, installed.folders, strict=True):
        _say(f"installed {pack.id} {pack.version} in {folder}")
    if installed.layout is not None:
        _say(f"installed the layout {installed.layout}")
        _say(f"play it: seastack simulate {installed.layout}", file=sys.stderr)
    return 0


def _check(args: argparse.Namespace) -> int:
    checked = check_pack_file(Path(args.file))
    _show(checked.warnings)
    manifest = checked.manifest
    packs = ", ".join(f"{p.id} {p.version} ({p.game})" for p in manifest.packs)
    what = f"the layout {manifest.layout.id} with " if manifest.layout is not None else ""
    _say(
        f"{display_path(Path(args.file))}: OK, {what}{packs or 'no pack of its own'};"
        f" {len(manifest.files)} files"
    )
    return 0


def _list(args: argparse.Namespace) -> int:
    packs = list_installed()
    scenarios = installed_scenarios()
    if args.json:
        data = {
            "folder": str(packs_dir()),
            "packs": [
                {
                    "id": p.id,
                    "version": p.version,
                    "game": p.game,
                    "name": p.name,
                    "folder": str(p.folder),
                    "dependencies": dict(p.dependencies),
                }
                for p in packs
            ],
            "scenarios": [str(s) for s in scenarios],
        }
        print(json.dumps(data, indent=2))
        return 0
    if not packs and not scenarios:
        _say(f"no pack is installed (in {packs_dir()})", file=sys.stderr)
        return 0
    width = max((len(p.id) for p in packs), default=0)
    for p in packs:
        _say(f"{p.id:<{width}}  {p.version:<12} {p.game:<16} {p.name}")
    for scenario in scenarios:
        _say(f"scenario  {scenario}")
    _say(f"installed in {packs_dir()}", file=sys.stderr)
    return 0


def _remove(args: argparse.Namespace) -> int:
    removed = remove_installed(args.pack_id, args.version, force=args.force)
    for pack in removed:
        _say(f"removed {pack.id} {pack.version} ({pack.folder})")
    return 0
