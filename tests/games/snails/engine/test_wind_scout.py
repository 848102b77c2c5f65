"""The wind never carries a single-snail attack onto a Scout, not even onto the attacker's
own space (range 0), where an aimed attack could pick it (rulebook, Scout: Important)."""

from __future__ import annotations

from editor.games.snails.engine.tables import DIRECTIONS
from tests.games.snails.engine.conftest import Scenario


def test_a_missed_shot_blown_back_onto_the_attackers_space_spares_the_scout(
    scenario: Scenario,
) -> None:
    terrain = {"E5": ["beach"], "F5": ["beach"]}
    probe = scenario(terrain, {"A": ("red", "E5")})
    e5, f5 = probe.space("E5"), probe.space("F5")
    back = next(d for d in range(6) if probe.tables.step[f5][d] == e5)  # from F5 onto E5
    st = scenario(
        terrain,
        {
            "A": ("red", "E5"),
            "S": ("blue", "E5", 20, False, "scout"),
            "B": ("blue", "F5"),
        },
        hands={"red": ["revolver"]},
        modules=["specialists", "wind"],
        wind=DIRECTIONS[back],
        round=2,
    )
    st.force_dice(["square"])  # the Revolver misses on a square
    st.perform("A", "revolver", target="B")
    assert st.snail_info("S")["health"] == 20  # a Scout: never the wind's single target
    assert st.snail_info("B")["health"] == 20
    assert st.snail_info("A")["health"] == 15  # so the shooter's own snail is hit, lowest: 5
