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
