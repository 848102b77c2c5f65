"""Shared test set-up: Qt offscreen, the games registered, paths to test data."""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# installed packs are read from the user's data folder: never the real one in tests
os.environ["SEASTACK_DATA_DIR"] = _DATA_DIR = tempfile.mkdtemp(prefix="seastack-test-data-")

import pytest

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.engine import MatchSpec
from editor.core.resources import content_dir
from editor.games.snails.engine import SnailsEngine

atexit.register(shutil.rmtree, _DATA_DIR, ignore_errors=True)

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def repo_root() -> Path:
    """The repository's top folder."""
    return ROOT


@pytest.fixture
def bad_dir() -> Path:
    """The deliberately broken files."""
    return DATA / "bad"


@pytest.fixture
def scratch_pack(tmp_path: Path) -> Path:
    """A scratch copy of the base pack (same id: it replaces the bundled one)."""
    folder = tmp_path / "packs" / "snails-base"
    shutil.copytree(content_dir() / "snails-base", folder)
    return folder


#: The choice on which a flaky match fails, and which matches are flaky (seed % FLAKY_EVERY).
FAIL_AT = 20
FLAKY_EVERY = 2


class FlakyState:
    """A Snails match that raises on its FAIL_AT-th choice (or kills its worker process)."""

    def __init__(self, state: Any, flaky: bool, crash: bool) -> None:
        self.state = state
        self.flaky = flaky
        self.crash = crash
        self.applied = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    def apply(self, choice: Hashable) -> None:
        self.applied += 1
        if self.flaky and self.applied == FAIL_AT:
            if self.crash:
                os._exit(3)  # the worker process dies, as in a crash of the engine
            raise RuntimeError("flaky engine")
        self.state.apply(choice)


class FlakyEngine(SnailsEngine):
    """The Snails engine whose matches fail (or kill their worker) when their seed says so."""

    def __init__(self, crash: bool = False) -> None:
        self.crash = crash

    def new_match(self, prepared: Any, spec: MatchSpec) -> Any:
        state = super().new_match(prepared, spec)
        return FlakyState(state, spec.seed % FLAKY_EVERY == 0, self.crash)


@dataclass(frozen=True)
class Flaky:
    """What a flaky engine does: on which choice a match fails, and which seeds fail."""

    fail_at: int = FAIL_AT

    def fails(self, seed: int) -> bool:
        """Whether the match with this seed fails."""
        return seed % FLAKY_EVERY == 0


@pytest.fixture
def flaky_snails(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Flaky]:
    """Swap the Snails engine for a flaky one (workers must be forked to know it)."""

    def install(crash: bool = False) -> Flaky:
        game = registry.get("snails")
        assert game is not None
        flaky = game.with_play(engine=FlakyEngine(crash))
        monkeypatch.setitem(registry._GAMES, "snails", flaky)
        return Flaky()

    return install


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.fixture
def alive() -> Callable[[int], bool]:
    """Whether a process exists and is not a zombie (read from /proc)."""
    return _alive


#: The square test game's data: a bounded yard and an open table, boards and layouts.
SQUARE_DATA = DATA / "square_game"


@pytest.fixture
def square_game(monkeypatch: pytest.MonkeyPatch) -> registry.Game:
    """Register the square test game (``tests/square_game``) for one test.

    It ships no layout schema file: the loader composes one from its ``home`` field.
    """
    from tests.square_game import GAME

    monkeypatch.setitem(registry._GAMES, GAME.id, GAME)
    return GAME


def load_square(*paths: Path | str) -> Any:
    """The workspace of the square test game's data (or of ``paths``), bundled content too;
    the game must be registered (the ``square_game`` fixture)."""
    from editor.core.workspace import load_workspace

    return load_workspace(list(paths) or [SQUARE_DATA])


@pytest.fixture
def leave_nothing(tmp_path: Path) -> Iterator[None]:
    """Remove a test's files afterwards: the editor's tests look for packs near their own
    temporary folders, and must not find hostile ones another test made."""
    yield
    shutil.rmtree(tmp_path, ignore_errors=True)
