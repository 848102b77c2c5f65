"""The engine's modules keep to their jobs: no module reaches into the state's private parts,
and the steps other modules need are the state's methods."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from editor.core.engine import IllegalChoice, MatchSpec
from editor.games.snails import engine
from editor.games.snails.engine import ENGINE, Prepared
from tests.games.snails.engine.conftest import Scenario

ENGINE_DIR = Path(engine.__file__).parent


def test_no_module_reaches_into_private_state() -> None:
    private = re.compile(r"\bst\._[a-z]\w*")
    found = {
        path.name: sorted(set(private.findall(path.read_text(encoding="utf-8"))))
        for path in sorted(ENGINE_DIR.glob("*.py"))
    }
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_set_up_placement_logs_where_each_snail_starts(crustacean: Prepared) -> None:
    st = ENGINE.new_match(crustacean, MatchSpec(2, (), frozenset(), 4))
    d = st.decision()
    assert d is not None and d.kind == "place"
    where = d.options[0]
    st.apply(where)
    s = next(x for x, at in enumerate(st.sat) if at >= 0)
    assert st.events[-1] == ("place", s, st.tables.labels[where])
    assert st.occ[where] == (s,)


def test_a_snapshot_puts_back_what_a_step_changed(scenario: Scenario) -> None:
    st = scenario({"C4": ["beach"]}, {"r": ("red", "C4"), "b": ("blue", "C5")})
    snap = st.snapshot()
    st.force_dice(["circle"])
    st.kill(st.snail("b"), "water")
    assert st.outcome() is not None or st.out[1]
    st.restore(snap)
    assert st.snail_info("b")["alive"] and not st.out[1] and st.forced_dice() == ()


def test_the_state_sets_each_attribute_once_when_built() -> None:
    source = (ENGINE_DIR / "state.py").read_text(encoding="utf-8")
    init = next(
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef) and node.name == "__init__"
    )
    names = [
        target.attr
        for node in ast.walk(init)
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == "self"
    ]
    assert sorted({n for n in names if names.count(n) > 1}) == []


def test_every_public_function_of_the_engine_says_what_it_does() -> None:
    undocumented = []
    for path in sorted(ENGINE_DIR.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        nodes = [*tree.body]
        nodes += [m for c in tree.body if isinstance(c, ast.ClassDef) for m in c.body]
        undocumented += [
            f"{path.name}:{node.name}"
            for node in nodes
            if isinstance(node, (ast.FunctionDef, ast.ClassDef))
            and not node.name.startswith("_")
            and not ast.get_docstring(node)
        ]
    assert undocumented == []


def test_a_refused_step_puts_back_which_snails_moved(scenario: Scenario) -> None:
    st = scenario({"D4": ["beach"], "D5": ["beach"]}, {"A": ("red", "D5"), "B": ("blue", "C4")})
    assert st.moved == set()
    # the crawl is made, then refused for the key it did not use
    with pytest.raises(IllegalChoice, match="push names B"):
        st.perform("A", "crawl", path=["D4"], push={"B": "C5"})
    assert st.snail_info("A")["at"] == "D5"
    assert st.moved == set()
