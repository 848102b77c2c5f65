"""Pack dependencies: ranges, missing packs, cycles and the merge order."""

from __future__ import annotations

from pathlib import Path

from editor.core.packs import closure, parse_range, parse_version
from editor.core.workspace import load_workspace


def _pack(folder: Path, pack_id: str, version: str = "1.0.0", **deps: str) -> Path:
    root = folder / pack_id
    root.mkdir()
    lines = [f"id: {pack_id}", f"name: {pack_id}", f"version: {version}", "game: snails"]
    if deps:
        lines.append("dependencies:")
        lines += [f"  {name.replace('_', '-')}: '{spec}'" for name, spec in deps.items()]
    (root / "pack.yaml").write_text("\n".join(lines) + "\n")
    return root


def test_ranges_and_versions() -> None:
    spec = parse_range(">=1.2,<2")
    assert spec is not None
    assert "1.2.0" in spec
    assert "2.0.0" not in spec
    assert parse_range("*") is not None
    assert parse_range("~=") is None
    older, newer = parse_version("1.0.0-rc.1"), parse_version("1.0.0")
    assert older is not None and newer is not None and older < newer


def test_a_cycle_is_reported_once_per_loop(tmp_path: Path) -> None:
    a = _pack(tmp_path, "loop-a", loop_b="*")
    b = _pack(tmp_path, "loop-b", loop_a="*")
    diagnostics = load_workspace([a, b]).report()
    cycles = [d for d in diagnostics if d.code == "dependency-cycle"]
    assert len(cycles) == 1
    assert "loop-a -> loop-b -> loop-a" in cycles[0].message or "loop-b -> loop-a -> loop-b" in (
        cycles[0].message
    )


def test_a_prerelease_satisfies_a_range_that_admits_it(tmp_path: Path) -> None:
    _pack(tmp_path, "engine", version="2.0.0-beta.1")
    user = _pack(tmp_path, "user", engine=">=2.0.0b1")
    diagnostics = load_workspace([tmp_path]).report()
    assert [d for d in diagnostics if d.path.endswith("user/pack.yaml")] == []
    assert user.exists()


def test_closure_lists_dependencies_first(tmp_path: Path) -> None:
    ws = load_workspace()
    order = [p.id for p in closure(ws.packs, ["snails-fire-in-the-shell"])]
    assert order == ["snails-base", "snails-fire-in-the-shell"]
    assert [p.id for p in closure(ws.packs, ["nothing-like-it"])] == []


def test_duplicate_pack_ids_among_the_files_checked(tmp_path: Path) -> None:
    first = tmp_path / "one"
    second = tmp_path / "two"
    first.mkdir()
    second.mkdir()
    _pack(first, "twin")
    _pack(second, "twin")
    diagnostics = load_workspace([tmp_path]).report()
    assert [(d.code, Path(d.path).parent.parent.name) for d in diagnostics] == [
        ("duplicate-id", "two")
    ]
    assert "one/twin/pack.yaml:1" in diagnostics[0].message


def test_a_designers_pack_may_shadow_a_bundled_one(tmp_path: Path) -> None:
    root = _pack(tmp_path, "snails-base", version="1.1.0")
    ws = load_workspace([root])
    assert [d.code for d in ws.report()] == []
    assert ws.packs["snails-base"].version == "1.1.0"


def test_layouts_without_packs_use_the_replacement_of_a_bundled_pack(tmp_path: Path) -> None:
    # a designer's copy of the whole bundled content, checked as a folder of its own
    import shutil

    root = Path(__file__).resolve().parent.parent.parent
    shutil.copytree(root / "content", tmp_path / "content")
    shutil.copytree(root / "layouts", tmp_path / "layouts")
    layout = tmp_path / "layouts" / "robot.layout.yaml"
    layout.write_text(
        layout.read_text().replace("packs: [snails-base, snails-fire-in-the-shell]\n", "")
    )
    ws = load_workspace([tmp_path])
    assert ws.report() == []
    assert ws.default_packs("snails") == ["snails-base", "snails-fire-in-the-shell"]
    assert ws.packs["snails-base"].manifest.path.startswith(str(tmp_path))
