"""Combinations: every one, in order, each with its own seed and its own texts."""

from __future__ import annotations

import pytest

from editor.core.documents import parse_document
from editor.sim.sweep.paths import SourceFile, locate
from editor.sim.sweep.plan import Combination, PlanError, Vary, combinations
from editor.sim.sweep.values import parse_values


def vary(files: list[SourceFile], path: str, values: str) -> Vary:
    return Vary(locate(path, files), parse_values(values))


def test_every_combination_the_first_vary_slowest(crab_files: list[SourceFile]) -> None:
    rounds = vary(crab_files, "ruleset.rounds", "4,6")
    copies = vary(crab_files, "cards.revolver.copies", "1..3")
    every = combinations([rounds, copies])
    assert [c.label for c in every][:4] == [
        "ruleset.rounds=4, cards.revolver.copies=1",
        "ruleset.rounds=4, cards.revolver.copies=2",
        "ruleset.rounds=4, cards.revolver.copies=3",
        "ruleset.rounds=6, cards.revolver.copies=1",
    ]
    assert len(every) == 6
    assert len({c.seed(0) for c in every}) == 6


def test_a_seed_depends_on_the_combination_not_on_its_neighbours(
    crab_files: list[SourceFile],
) -> None:
    few = combinations([vary(crab_files, "ruleset.rounds", "4,6")])
    more = combinations([vary(crab_files, "ruleset.rounds", "2,4,5,6")])
    seeds = {c.label: c.seed(7) for c in more}
    assert [c.seed(7) for c in few] == [seeds["ruleset.rounds=4"], seeds["ruleset.rounds=6"]]
    assert few[0].seed(7) != few[0].seed(8)
    # another spelling of the same number plays the same games
    other = combinations([vary(crab_files, "snails-base.ruleset.rounds", "4")])
    assert other[0].seed(7) == seeds["ruleset.rounds=4"]


def test_two_numbers_of_one_file_are_both_written(crab_files: list[SourceFile]) -> None:
    rounds = vary(crab_files, "ruleset.rounds", "5")
    per_round = vary(crab_files, "ruleset.contamination.per_round", "2")
    (combination,) = combinations([per_round, rounds])
    real = rounds.location.file.real
    texts = combination.texts({real: rounds.location.file.document.text})
    document, problems = parse_document(texts[real], "ruleset.yaml")
    assert document is not None and not problems
    assert document.get(("rounds",)) == 5
    assert document.get(("contamination", "per_round")) == 2
    assert document.get(("draw", "per_round")) == 1  # its neighbour of the same name stays


def test_one_number_varied_twice_is_refused(crab_files: list[SourceFile]) -> None:
    with pytest.raises(PlanError, match="name the same number"):
        combinations(
            [
                vary(crab_files, "ruleset.rounds", "4"),
                vary(crab_files, "snails-base.ruleset.rounds", "5"),
            ]
        )
    assert Combination(()).label == ""
