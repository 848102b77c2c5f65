"""The engine's modules keep to their jobs: no module reaches into the state's private parts,
and the steps other modules need are the state's methods."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from editor.core.engine import IllegalChoice, MatchSpec
from editor.games.snails import engine
from editor.games.snails.engine import ENGINE, Prepared, State
from tests.games.snails.engine.conftest import Scenario

ENGINE_DIR = Path(engine.__file__).parent


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


def _state_names() -> set[str]:
    """What a State offers: its class's names and the attributes its __init__ sets."""
    names = set(dir(State))
    tree = ast.parse((ENGINE_DIR / "state.py").read_text(encoding="utf-8"))
    init = next(
        n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "__init__"
    )
    names |= {
        node.attr
        for node in ast.walk(init)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    }
    return names


def _unknown_state_uses(name: str, source: str, offered: set[str]) -> list[str]:
    """``st.x`` / ``state.x`` in a module where the state has no ``x``."""
    return [
        f"{name}:{node.lineno}: {ast.unparse(node)}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in ("st", "state")
        and node.attr not in offered
    ]


def _private_reaches(name: str, source: str) -> list[str]:
    """``x._y`` in a module, except a class's own ``self._y`` / ``cls._y``."""
    tree = ast.parse(source)
    in_classes = {
        id(node)
        for cls in ast.walk(tree)
        if isinstance(cls, ast.ClassDef)
        for node in ast.walk(cls)
    }
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Attribute) and node.attr.startswith("_")):
            continue
        if node.attr.startswith("__") and node.attr.endswith("__"):
            continue  # dunder protocol names (__dict__, __name__) are public
        owner = node.value.id if isinstance(node.value, ast.Name) else None
        if owner in ("self", "cls") and id(node) in in_classes:
            continue
        found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_scans_find_what_they_look_for() -> None:
    source = (
        "def f(st, state, other):\n"
        "    st.roll(1); st.no_such_step(2); state.sat; state.nothing\n"
        "    other._gen; st._pending; self._x; other.__dict__\n"
        "class C:\n"
        "    def g(self):\n"
        "        return self._y\n"
    )
    offered = _state_names()
    assert sorted(_unknown_state_uses("m.py", source, offered)) == [
        "m.py:2: st.no_such_step",
        "m.py:2: state.nothing",
    ]
    assert sorted(_private_reaches("m.py", source)) == [
        "m.py:3: other._gen",
        "m.py:3: self._x",
        "m.py:3: st._pending",
    ]


def test_every_use_of_the_state_names_something_it_has() -> None:
    offered = _state_names()
    unknown = [
        hit
        for path in sorted(ENGINE_DIR.glob("*.py"))
        for hit in _unknown_state_uses(path.name, path.read_text(encoding="utf-8"), offered)
    ]
    assert unknown == []


def test_no_module_reaches_into_another_objects_private_parts() -> None:
    found = [
        hit
        for path in sorted(ENGINE_DIR.glob("*.py"))
        for hit in _private_reaches(path.name, path.read_text(encoding="utf-8"))
    ]
    assert found == []
