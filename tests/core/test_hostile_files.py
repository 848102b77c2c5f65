"""Files stay inside their pack: links are named and never followed, loops are diagnostics,
values are quoted as short excerpts, and no file name can forge a line of output.

Symbolic links are made here, in the test's folder: git does not keep them portably.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor import cli
from editor.core import documents, workspace
from editor.core.diagnostics import EXCERPT_LIMIT, Diagnostic, Severity
from editor.core.resources import content_dir
from editor.core.templates import TemplateError, add_from_template
from editor.core.workspace import load_workspace
from editor.games.snails.templates import ATTACK_CARD, FACTION

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")

SECRET = "the-linked-file-was-read"
MANIFEST = "id: hostile\nname: Hostile\nversion: 0.1.0\ngame: snails\n"


pytestmark = pytest.mark.usefixtures("leave_nothing")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """Files outside every pack: a 5,000-line file and one shaped like /etc/passwd."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "long.txt").write_text(
        "".join(f"{SECRET} line {n}\n" for n in range(5000)), encoding="utf-8"
    )
    (folder / "passwd").write_text(
        f"root:x:0:0:{SECRET}:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n",
        encoding="utf-8",
    )
    (folder / "factions.yaml").write_text(
        (content_dir() / "snails-base" / "factions.yaml").read_text(encoding="utf-8")
        + f"# {SECRET}\n",
        encoding="utf-8",
    )
    return folder


@pytest.fixture
def pack(tmp_path: Path, outside: Path) -> Path:
    """A pack whose cards.yaml, tokens.yaml and rules/ folder are links to files outside it."""
    folder = tmp_path / "hostile"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    (folder / "cards.yaml").symlink_to(outside / "passwd")
    (folder / "tokens.yaml").symlink_to(outside / "long.txt")
    (folder / "rules").symlink_to(outside, target_is_directory=True)
    return folder


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file the loader reads from disk."""
    seen: list[Path] = []
    real = documents.load_document

    def spy(path: os.PathLike[str] | str, display_path: str | None = None) -> object:
        seen.append(Path(path))
        return real(path, display_path)

    monkeypatch.setattr(workspace, "load_document", spy)
    return seen


def _validate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = cli.main(["validate", *args])
    out, err = capsys.readouterr()
    return code, out + err


def test_links_in_a_pack_are_named_and_never_read(
    pack: Path,
    outside: Path,
    reads: list[Path],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(pack.parent)
    ws = load_workspace([pack])
    links = {d.path: d for d in ws.report() if d.code == "symlink"}
    assert set(links) == {"hostile/cards.yaml", "hostile/tokens.yaml", "hostile/rules"}
    assert all(d.is_error and (d.line, d.column) == (1, 1) for d in links.values())
    assert "to a folder" in links["hostile/rules"].message
    assert "to a file" in links["hostile/cards.yaml"].message
    assert not any(
        p.parent in (pack, pack / "rules", outside) for p in reads if p.name != "pack.yaml"
    )
    assert not any(SECRET in d.message for d in ws.diagnostics)
    for output in ("text", "json"):
        code, text = _validate(capsys, "hostile", "--format", output)
        assert code == 1
        assert SECRET not in text and "root:x" not in text


def test_a_linked_file_named_alone_is_refused_and_not_read(
    pack: Path, reads: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = _validate(capsys, str(pack / "tokens.yaml"))
    assert code == 1
    assert "error symlink" in text and str(pack / "tokens.yaml") in text
    assert SECRET not in text
    assert pack / "tokens.yaml" not in reads


def test_a_file_beside_links_is_checked_without_them(
    pack: Path, reads: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    """The links are context here, not targets: not read, and not reported either."""
    (pack / "tiles.yaml").write_text(
        (content_dir() / "snails-base" / "tiles.yaml").read_text(encoding="utf-8")
    )
    _code, text = _validate(capsys, str(pack / "tiles.yaml"))
    assert SECRET not in text
    assert [p for p in reads if p.parent == pack] == [pack / "tiles.yaml", pack / "pack.yaml"]


def test_a_linked_manifest_is_not_read(tmp_path: Path, outside: Path, reads: list[Path]) -> None:
    pack = tmp_path / "p"
    pack.mkdir()
    (outside / "pack.yaml").write_text(MANIFEST + f"description: {SECRET}\n")
    (pack / "pack.yaml").symlink_to(outside / "pack.yaml")
    report = load_workspace([pack]).report()
    assert [d.code for d in report if d.path.endswith("pack.yaml")] == ["symlink"]
    assert outside / "pack.yaml" not in reads and pack / "pack.yaml" not in reads


@pytest.mark.parametrize("name", ["loop.yaml", "loop", "loop.layout.yaml"])
def test_a_link_loop_is_a_diagnostic_not_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST)
    (folder / name).symlink_to(name)  # leads to itself
    (folder / "a").symlink_to("b")  # and a loop of two
    (folder / "b").symlink_to("a")
    for target in (folder, folder / name):
        code, text = _validate(capsys, str(target))
        assert code == 1, text
        assert "internal error" not in text
        assert f"{folder / name}:1:1: error symlink:" in text
        assert "loop" in text
    report = load_workspace([folder]).report()
    assert {Path(d.path).name for d in report if d.code == "symlink"} == {name, "a", "b"}


def test_a_linked_folder_given_on_the_command_line_is_walked(tmp_path: Path) -> None:
    """A folder the user names is theirs, link or not; only links inside are refused."""
    real = tmp_path / "real"
    shutil.copytree(content_dir() / "snails-base", real / "snails-base")
    (tmp_path / "alias").symlink_to(real, target_is_directory=True)
    ws = load_workspace([tmp_path / "alias"])
    assert not [d for d in ws.report() if d.is_error]
    assert len(ws.targets) == 7


LONG = "x" * 10_000


@pytest.mark.parametrize(
    "text",
    [
        f"{LONG}\n",  # the whole file one string: "must be a mapping, not the string ..."
        f"cards:\n  - id: Bad {LONG}\n    name: A\n",  # a pattern
        f"cards:\n  - id: a\n    ? {LONG}\n    : 1\n",  # an unknown key (a long key is explicit)
        f"cards:\n  - id: a\n    kind: {LONG}\n",  # an enum
        f"cards:\n  - ? {LONG}\n    : 1\n    ? {LONG}\n    : 2\n",  # a duplicate key
        f"cards: !!int {LONG}\n",  # a bad tag value
    ],
    ids=["whole-file", "pattern", "unknown-key", "enum", "duplicate-key", "tag"],
)
def test_a_long_value_is_quoted_as_a_short_excerpt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    folder = tmp_path / "p"
    folder.mkdir()
    (folder / "pack.yaml").write_text(MANIFEST)
    (folder / "cards.yaml").write_text(text)
    report = load_workspace([folder / "cards.yaml"]).report()
    assert report
    for diagnostic in report:
        assert "x" * (EXCERPT_LIMIT + 1) not in diagnostic.message, diagnostic.message
        assert len(diagnostic.message) < 400
    assert any("…" in d.message for d in report)
    _code, output = _validate(capsys, str(folder / "cards.yaml"))
    assert "x" * (EXCERPT_LIMIT + 1) not in output


def test_no_message_is_longer_than_the_limit() -> None:
    diagnostic = Diagnostic("a.yaml", 1, 1, Severity.ERROR, "x", "y" * 50_000)
    assert len(diagnostic.message) == 1000 and diagnostic.message.endswith("…")


def test_a_file_name_with_a_line_break_is_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    forged = "x.layout.yaml:1:1: error fake: forged\nevil"
    folder = tmp_path / "names"
    folder.mkdir()
    (folder / f"{forged}\x1b[2J.layout.yaml").write_text("id: [\n")
    report = load_workspace([folder]).report()
    assert len(report) == 1
    line = report[0].format()
    assert "\n" not in line and "\x1b" not in line
    assert "forged\\nevil\\x1b[2J.layout.yaml:2:1: error yaml-syntax" in line
    code, text = _validate(capsys, str(folder))
    lines = text.splitlines()
    assert code == 1 and len(lines) == 2  # one diagnostic, one summary
    assert "\x1b" not in text
    _validate(capsys, str(folder), "--format", "json")  # JSON escapes names its own way


def test_a_file_name_that_is_not_utf8_does_not_stop_the_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "names"
    folder.mkdir()
    try:
        with open(os.fsencode(folder) + b"/bad\xff.layout.yaml", "wb"):
            pass
    except OSError:  # pragma: no cover - a file system that refuses such names
        pytest.skip("the file system refuses names that are not UTF-8")
    code, text = _validate(capsys, str(folder))
    assert code == 1 and "internal error" not in text
    assert "bad\\udcff.layout.yaml:1:1: error empty-file" in text
    code, text = _validate(capsys, str(folder), "--format", "json")
    assert json.loads(text)["errors"] == 1


@pytest.mark.parametrize("template", [ATTACK_CARD, FACTION], ids=["card", "faction"])
def test_new_card_and_faction_refuse_to_write_through_a_link(
    tmp_path: Path, outside: Path, template: object
) -> None:
    pack = tmp_path / "p"
    pack.mkdir()
    (pack / "pack.yaml").write_text(MANIFEST)
    target = outside / "factions.yaml" if template is FACTION else outside / "passwd"
    linked = pack / ("factions.yaml" if template is FACTION else "cards.yaml")
    linked.symlink_to(target)
    before = target.read_text()
    with pytest.raises(TemplateError, match="symbolic link"):
        add_from_template(pack, template)  # type: ignore[arg-type]
    assert linked.is_symlink() and target.read_text() == before
    assert sorted(p.name for p in pack.iterdir()) == sorted(["pack.yaml", linked.name])


def test_new_card_still_writes_into_a_pack_reached_through_a_linked_folder(
    tmp_path: Path,
) -> None:
    """The pack folder the designer chose may itself be a link; its files may not."""
    real = tmp_path / "real"
    real.mkdir()
    (real / "pack.yaml").write_text(MANIFEST)
    (tmp_path / "alias").symlink_to(real, target_is_directory=True)
    added = add_from_template(tmp_path / "alias", ATTACK_CARD)
    assert added.id in (real / "cards.yaml").read_text()
