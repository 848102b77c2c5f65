"""The layers hold: no Qt below the ui layer, and the code is kept clean.

These run the project's own lint, type and import contracts, so that a change that breaks
them fails the suite, not just a separate job.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def test_import_contracts_hold() -> None:
    result = _run(str(BIN / "lint-imports"), "--config", "pyproject.toml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 4 kept, 0 broken" in result.stdout


def _contract(name: str) -> dict[str, object]:
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts: list[dict[str, object]] = config["tool"]["importlinter"]["contracts"]
    return next(c for c in contracts if c["name"] == name)


def test_a_game_that_imports_another_breaks_the_independence_contract() -> None:
    import grimp
    from importlinter.contracts.independence import IndependenceContract

    options = _contract("Games are independent of each other")
    graph = grimp.ImportGraph()
    for module in (
        "editor",
        "editor.games",
        "editor.games.a",
        "editor.games.b",
        "editor.games.b.x",
    ):
        graph.add_module(module)
    contract = IndependenceContract(
        name="games",
        session_options={"root_packages": ["editor"]},
        contract_options={"modules": options["modules"]},
    )
    assert contract.check(graph, verbose=False).kept
    graph.add_import(
        importer="editor.games.a", imported="editor.games.b.x", line_number=1, line_contents="x"
    )
    assert not contract.check(graph, verbose=False).kept


@pytest.mark.parametrize("module", ["editor.core.workspace", "editor.games", "editor.cli"])
def test_the_core_and_the_cli_load_without_qt(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "from editor.cli import main\n"
        "main(['validate'])\n"
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]\n"
    )
    result = _run(sys.executable, "-c", code)
    assert result.returncode == 0, result.stderr


def test_ruff_is_clean() -> None:
    result = _run(str(BIN / "ruff"), "check", ".")
    assert result.returncode == 0, result.stdout
    result = _run(str(BIN / "ruff"), "format", "--check", ".")
    assert result.returncode == 0, result.stdout


def test_mypy_is_clean_on_the_core() -> None:
    result = _run(str(BIN / "mypy"))
    assert result.returncode == 0, result.stdout


def _imports_of(path: Path, module: str) -> set[str]:
    """The modules a source file imports (``from x import y`` gives ``x`` and ``x.y``), even
    under ``if TYPE_CHECKING:``; relative imports resolved against ``module``."""
    import ast

    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parents = parts[: len(parts) - node.level + 1]
                base = ".".join([*parents, base] if base else parents)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def test_only_the_app_imports_the_main_window() -> None:
    window = "editor.ui.shell.main_window"
    importers = []
    for path in sorted((ROOT / "editor").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if module != window and window in _imports_of(path, module):
            importers.append(module)
    assert importers == ["editor.ui.shell.app"]


def test_no_module_of_the_editor_is_both_imported_by_and_imports_the_main_window() -> None:
    import grimp

    graph = grimp.build_graph("editor")
    window = "editor.ui.shell.main_window"
    circles = [
        module
        for module in sorted(graph.modules)
        if module.startswith("editor.ui")
        and module != window
        and graph.find_shortest_chain(importer=module, imported=window) is not None
        and graph.find_shortest_chain(importer=window, imported=module) is not None
    ]
    assert circles == []


def test_the_main_window_only_builds_and_places_in_a_short_init() -> None:
    import ast
    import inspect
    import textwrap

    from editor.ui.shell.main_window import MainWindow

    source = textwrap.dedent(inspect.getsource(MainWindow.__init__))
    (init,) = ast.parse(source).body
    assert isinstance(init, ast.FunctionDef)
    assert init.end_lineno is not None
    assert init.end_lineno - init.lineno + 1 < 60
