"""The sweep's plot: a line per faction by the name its pack gives it, a band per line, and
a tick at each whole value played."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from editor.sim.executors.local import LocalPool
from editor.sim.plan import BatchPlan
from editor.sim.sweep import plot
from editor.sim.sweep.plan import combinations
from editor.sim.sweep.run import Played, Sweep, open_sweep
from editor.sim.sweep.values import parse_values
from tests.sim.sweep.conftest import CRAB, design


@pytest.fixture(scope="module")
def crab_sweep() -> Iterator[tuple[Sweep, list[Played]]]:
    ready, varies = open_sweep(design(CRAB), [("ruleset.rounds", parse_values("2,4,5"))])
    plan = BatchPlan(
        4, 2, ("random", "random"), factions=("pirates", "druids"), faction_mode="fixed"
    )
    sweep = Sweep(design(CRAB), ready, varies, plan)
    pool = LocalPool(1)
    try:
        yield sweep, list(sweep.play(combinations(sweep.varies), pool))
    finally:
        pool.close()


def test_factions_are_named_as_their_packs_name_them(
    crab_sweep: tuple[Sweep, list[Played]],
) -> None:
    sweep, played = crab_sweep
    assert sweep.names["pirates"] == "Pirates" and sweep.names["druids"] == "Druids"
    drawn = plot.lines(played, sweep.varies, sweep.names)
    assert set(drawn) == {"Pirates", "Druids"}
    assert [x for x, *_ in drawn["Pirates"]] == [2.0, 4.0, 5.0]
    for _x, rate, low, high in drawn["Pirates"]:
        assert 0 <= low <= rate <= high <= 1
    # without names, the ids
    assert set(plot.lines(played, sweep.varies)) == {"pirates", "druids"}


def test_whole_values_get_a_tick_each_and_the_legend_the_names(
    crab_sweep: tuple[Sweep, list[Played]],
) -> None:
    sweep, played = crab_sweep
    figure = plot.figure(played, sweep.varies, names=sweep.names)
    (axes,) = figure.axes
    assert list(axes.get_xticks()) == [2.0, 4.0, 5.0]
    legend = axes.get_legend()
    assert legend is not None
    assert [t.get_text() for t in legend.get_texts()] == ["Druids", "Pirates", "fair share"]
