"""Cross-references in the editor's docstrings (:meth:, :func:, :class:) name real things."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from types import ModuleType

import pytest

import editor.studio
import editor.ui

ROLE = re.compile(r":(meth|func|class|mod):`~?([\w.]+)`")


def _editor_modules() -> list[pkgutil.ModuleInfo]:
    """Every module of the editor's Qt layer and of its Qt-free studio, packages included."""
    return [
        *pkgutil.walk_packages(editor.ui.__path__, "editor.ui."),
        *pkgutil.walk_packages(editor.studio.__path__, "editor.studio."),
    ]


def _modules() -> list[str]:
    return sorted(m.name for m in _editor_modules())


def _resolve(module: ModuleType, owner: type | None, role: str, target: str) -> bool:
    if target.startswith("editor."):
        parts = target.split(".")
        for cut in range(len(parts), 1, -1):
            try:
                found: object = importlib.import_module(".".join(parts[:cut]))
            except ImportError:
                continue
            for name in parts[cut:]:
                if not hasattr(found, name):
                    return False
                found = getattr(found, name)
            return True
        return False
    first, *rest = target.split(".")
    if role == "meth" and not rest:
        # a bare method name belongs to the class whose docstrings mention it
        return owner is not None and hasattr(owner, first)
    found = getattr(module, first, None)
    for name in rest:
        found = getattr(found, name, None)
    return found is not None


def _references(module: ModuleType) -> list[tuple[type | None, str, str, int]]:
    source = importlib.util.find_spec(module.__name__).origin  # type: ignore[union-attr]
    assert source is not None
    with open(source, encoding="utf-8") as handle:
        tree = ast.parse(handle.read())
    found: list[tuple[type | None, str, str, int]] = []

    def visit(node: ast.AST, owner: type | None) -> None:
        if isinstance(node, ast.ClassDef):
            owner = getattr(module, node.name, None)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node) or ""
            line = getattr(node, "lineno", 1)
            found.extend((owner, role, target, line) for role, target in ROLE.findall(text))
        for child in ast.iter_child_nodes(node):
            visit(child, owner)

    visit(tree, None)
    return found


@pytest.mark.parametrize("name", _modules())
def test_docstring_references_name_real_things(name: str) -> None:
    module = importlib.import_module(name)
    broken = [
        f"{name}:{line} :{role}:`{target}`"
        for owner, role, target, line in _references(module)
        if not _resolve(module, owner, role, target)
    ]
    assert broken == []


def test_a_wrong_reference_is_caught() -> None:
    from editor.studio import tools

    assert _resolve(tools, tools.Stroke, "meth", "changes")
    assert not _resolve(tools, tools.Stroke, "meth", "no_such_method")
    assert not _resolve(tools, None, "func", "no_such_function")
    assert _resolve(tools, None, "class", "editor.studio.tools.Stroke")
