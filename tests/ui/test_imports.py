"""The editor imports each name from the module that defines it, not through another module."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

import editor.studio
import editor.ui


def _editor_modules() -> list[pkgutil.ModuleInfo]:
    """Every module of the editor's Qt layer and of its Qt-free studio, packages included."""
    return [
        *pkgutil.walk_packages(editor.ui.__path__, "editor.ui."),
        *pkgutil.walk_packages(editor.studio.__path__, "editor.studio."),
    ]


def _tree(module_name: str) -> tuple[ast.Module, bool]:
    spec = importlib.util.find_spec(module_name)
    assert spec is not None and spec.origin is not None
    is_package = spec.submodule_search_locations is not None
    return ast.parse(Path(spec.origin).read_text(encoding="utf-8")), is_package


def _imported_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names.update(alias.asname or alias.name.split(".")[0] for alias in node.names)
    return names


def _exported(tree: ast.Module) -> set[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            return {ast.literal_eval(e) for e in node.value.elts}  # type: ignore[attr-defined]
    return set()


def passed_through(module_name: str) -> list[str]:
    """Names ``module_name`` imports from an editor module that only imported them itself."""
    tree, _ = _tree(module_name)
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("editor"):
            continue
        assert node.module is not None
        source, is_package = _tree(node.module)
        if is_package:
            continue  # a package's __init__ gathers its public names on purpose
        borrowed = _imported_names(source) - _exported(source)
        found.extend(f"{a.name} from {node.module}" for a in node.names if a.name in borrowed)
    return found


@pytest.mark.parametrize("name", sorted(m.name for m in _editor_modules()))
def test_names_come_from_where_they_are_defined(name: str) -> None:
    assert passed_through(name) == []


def test_the_status_line_has_one_name(open_window, crab_file: Path) -> None:
    window = open_window(crab_file)
    assert window.summary_label.text() == "26 land spaces · 48 tiles · no problems"
    assert not hasattr(window, "status_label")  # an alias kept only for tests, gone
