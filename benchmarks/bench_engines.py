"""Games per second on one core for every registered engine and each of its bots: run on
demand, never in the test suite.

    .venv/bin/python benchmarks/bench_engines.py [--games 200] [--repeat 2] [--game ID]

The engines come from the registry (every game with an engine part), so a game added later
is measured without touching this script. Each one plays its first bundled layout (by id)
with the most seats its type allows, every module its content offers and factions drawn per
match when its seats play factions, all seats played by one bot, through the simulator's
own path (``editor.sim.runner.run_batch`` with one job: this process only, the game's own
measures taken). Speed is CPU time (``time.process_time``), the best of the repeats, since
the machine may be shared; preparing the content is done once and not counted.
"""

from __future__ import annotations

import argparse
import platform
import time
from dataclasses import dataclass
from typing import Any

from machine import cpu_name, engines  # benchmarks/machine.py, beside this script

import editor.games  # noqa: F401  (registers the games)
from editor.core import registry
from editor.core.layouts import Layout
from editor.core.resources import layouts_dir
from editor.core.workspace import Workspace, load_workspace
from editor.sim.runner import BatchPlan, run_batch


@dataclass(frozen=True)
class Row:
    """One engine and bot measured."""

    game: str
    layout: str
    players: int
    modules: tuple[str, ...]
    bot: str
    games: int
    seconds: float
    decisions: float
    failed: int

    @property
    def rate(self) -> float:
        """Games per CPU second."""
        return self.games / self.seconds if self.seconds > 0 else float("inf")


def _layout_of(game_id: str) -> tuple[Workspace, Layout] | None:
    """The game's first bundled layout (by file name) that loads without errors."""
    for path in sorted(layouts_dir().glob("*.layout.yaml")):
        ws = load_workspace([path])
        if any(d.is_error for d in ws.report()):
            continue
        layout = ws.layout_at(sorted(ws.targets)[0])
        if layout is not None and layout.game == game_id:
            return ws, layout
    return None


@dataclass(frozen=True)
class Setup:
    """One game's engine ready to play its first bundled layout, as this script plays it."""

    layout: Layout
    engine: Any
    prepared: Any
    players: int
    modules: tuple[str, ...]
    factions: tuple[str, ...]
    measure: Any

    def plan(self, bot: str, games: int, seed: int = 1) -> BatchPlan:
        """Every seat played by ``bot``; factions drawn per match; every module on."""
        return BatchPlan(
            games=games,
            players=self.players,
            bots=(bot,) * self.players,
            seed=seed,
            modules=frozenset(self.modules),
            faction_mode="random",
            factions=self.factions,
        )

    def play(self, bot: str, games: int, seed: int = 1) -> None:
        """Play :meth:`plan` as the simulator does, in this process (one job)."""
        run_batch(
            self.engine, self.prepared, self.plan(bot, games, seed), jobs=1, measure=self.measure
        )


def warmed(game_id: str, bot: str, warmup: int) -> Setup:
    """:func:`set_up` of a registered game after a warm-up batch of ``warmup`` games of
    another seed (the per-process tables built); exits with a message when there is none."""
    game = registry.get(game_id)
    setup = set_up(game) if game is not None else None
    if setup is None:
        raise SystemExit(f"no engine and bundled layout for {game_id!r}")
    if warmup:
        setup.play(bot, warmup, seed=99)
    return setup


def set_up(game: registry.Game) -> Setup | None:
    """A game's engine on its first bundled layout (None: no engine, or no layout)."""
    play = game.play
    if play is None:
        return None
    found = _layout_of(game.id)
    if found is None:
        print(f"{game.id}: no bundled layout to play")
        return None
    ws, layout = found
    engine = play.engine
    prepared = engine.prepare(ws, layout)
    factions = tuple(engine.factions(prepared)) if play.type.has_factions else ()
    players = play.type.max_players
    if factions:
        players = min(players, len(factions))
    return Setup(
        layout=layout,
        engine=engine,
        prepared=prepared,
        players=players,
        modules=tuple(engine.modules(prepared)),
        factions=factions,
        measure=play.metrics.measure if play.metrics is not None else None,
    )


def measure_game(game: registry.Game, games: int, repeat: int) -> list[Row]:
    """Every bot of one game's engine, on its first bundled layout."""
    setup = set_up(game)
    if setup is None:
        return []
    engine = setup.engine
    rows = []
    for bot in engine.bots():
        plan = setup.plan(bot, games)
        best = float("inf")
        results = []
        for _ in range(repeat):
            start = time.process_time()
            results = run_batch(engine, setup.prepared, plan, jobs=1, measure=setup.measure)
            best = min(best, time.process_time() - start)
        steps = sum(r.steps for r in results)
        rows.append(
            Row(
                game=game.id,
                layout=setup.layout.id,
                players=setup.players,
                modules=setup.modules,
                bot=bot,
                games=games,
                seconds=best,
                decisions=steps / max(games, 1),
                failed=sum(1 for r in results if not r.ok),
            )
        )
    return rows


def main() -> None:
    """Measure every registered engine and print one line per engine and bot."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per engine and bot")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--game", action="append", help="only this game id (repeatable)")
    args = parser.parse_args()

    print(
        f"{cpu_name()}, Python {platform.python_version()} ({platform.python_implementation()}),"
        f" {engines()}"
    )
    heading = f"{'game':<16} {'layout':<18} {'seats':>5} {'bot':<10} {'games/s':>8}"
    print(f"{heading} {'decisions':>9}  modules")
    for game in registry.games():
        if args.game and game.id not in args.game:
            continue
        for row in measure_game(game, args.games, args.repeat):
            failed = f"  ({row.failed} failed)" if row.failed else ""
            print(
                f"{row.game:<16} {row.layout:<18} {row.players:>5} {row.bot:<10}"
                f" {row.rate:>8.0f} {row.decisions:>9.0f}  {','.join(row.modules) or '-'}{failed}"
            )


if __name__ == "__main__":
    main()
