"""Valid content never breaks a game (issue 16, item 1).

Every number of the Snails schemas is bounded; what a schema cannot bound is a semantic check
(``editor/games/snails/ruleset_checks.py``). The property: the bundled packs mutated anywhere
within their schemas either give an error at validation, or play 50 random games to their end,
each within a decision budget, in bounded memory.
"""

from __future__ import annotations

import json
import random
import resource
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from editor.core.engine import MatchSpec, RandomBot
from editor.core.workspace import load_workspace
from editor.games.snails.engine import ENGINE
from editor.sim.runner import play_match

ROOT = Path(__file__).resolve().parents[3]
SCHEMAS = ROOT / "schemas"
PACKS = ("snails-base", "snails-fire-in-the-shell")
LAYOUT = ROOT / "layouts" / "crustacean.layout.yaml"
#: The files the property mutates, by pack, and their schemas.
MUTATED = {
    "ruleset.yaml": "snails/ruleset.schema.json",
    "cards.yaml": "snails/cards.schema.json",
    "tiles.yaml": "snails/tiles.schema.json",
    "soldiers.yaml": "snails/soldiers.schema.json",
}
GAMES = 50
#: Decisions one game may take: the bundled content takes under 100, the largest valid
#: rulesets a few hundred.
DECISION_BUDGET = 20_000
#: The process's peak resident memory may not pass this (the bundled games need ~100 MB).
MEMORY_CEILING_MB = 1_500

Path_ = tuple[str | int, ...]


# ------------------------------------------------------------------ schemas and their numbers


def _schema(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCHEMAS / name).read_text())
    return data


def _resolve(node: dict[str, Any], base: str) -> tuple[dict[str, Any], str]:
    """Follow ``$ref`` (within a file or to a sibling schema) until a node without one."""
    while "$ref" in node:
        ref, _, pointer = str(node["$ref"]).partition("#")
        if ref:
            base = str((Path(base).parent / ref).as_posix())
            base = str(Path(base)).replace("snails/../", "")
        target: Any = _schema(base)
        for step in filter(None, pointer.split("/")):
            target = target[step]
        node = target
    return node, base


def _child(node: dict[str, Any], base: str, key: str | int) -> tuple[dict[str, Any], str] | None:
    node, base = _resolve(node, base)
    if isinstance(key, int):
        items = node.get("items")
        return (items, base) if isinstance(items, dict) else None
    for holder in (node, node.get("else") or {}):
        if key in holder.get("properties", {}):
            return holder["properties"][key], base
        extra = holder.get("additionalProperties")
        if isinstance(extra, dict):
            return extra, base
    return None


def _bounds(schema_name: str, path: Path_) -> tuple[int, int] | None:
    """The schema's minimum and maximum of the integer at ``path``, or None."""
    found: tuple[dict[str, Any], str] | None = (_schema(schema_name), schema_name)
    for key in path:
        assert found is not None
        found = _child(*found, key)
        if found is None:
            return None
    assert found is not None
    node, _ = _resolve(*found)
    if "minimum" not in node or "maximum" not in node:
        return None
    return int(node["minimum"]), int(node["maximum"])


def _integers(data: Any, path: Path_ = ()) -> Iterator[Path_]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _integers(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _integers(value, (*path, index))
    elif isinstance(data, int) and not isinstance(data, bool):
        yield path


def _lists(data: Any, path: Path_ = ()) -> Iterator[Path_]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _lists(value, (*path, key))
    elif isinstance(data, list):
        if data:
            yield path
        for index, value in enumerate(data):
            yield from _lists(value, (*path, index))


def _bundled() -> dict[tuple[str, str], Any]:
    out = {}
    for pack in PACKS:
        for name in MUTATED:
            file = ROOT / "content" / pack / name
            if file.is_file():
                out[(pack, name)] = yaml.safe_load(file.read_text())
    return out


BUNDLED = _bundled()
#: Every number of the mutated files: (pack, file, path) with its schema's bounds.
NUMBERS = [
    ((pack, name, path), bounds)
    for (pack, name), data in BUNDLED.items()
    for path in _integers(data)
    if (bounds := _bounds(MUTATED[name], path)) is not None
]
LISTS = [(pack, name, path) for (pack, name), data in BUNDLED.items() for path in _lists(data)]


def test_every_number_of_every_snails_schema_is_bounded() -> None:
    unbounded = []
    for file in sorted((SCHEMAS / "snails").glob("*.schema.json")):
        if file.name in ("example.schema.json", "layout.schema.json"):
            continue  # the rules examples' and the layouts' own schemas
        stack: list[tuple[Any, str]] = [(json.loads(file.read_text()), file.name)]
        while stack:
            node, where = stack.pop()
            if isinstance(node, dict):
                kinds = node.get("type")
                kinds = kinds if isinstance(kinds, list) else [kinds]
                if "integer" in kinds and not ("minimum" in node and "maximum" in node):
                    unbounded.append(where)
                stack += [(v, f"{where}/{k}") for k, v in node.items()]
            elif isinstance(node, list):
                stack += [(v, f"{where}/{i}") for i, v in enumerate(node)]
    assert unbounded == []


def test_the_mutations_reach_every_number_of_the_bundled_files() -> None:
    every = {(p, n, path) for (p, n), data in BUNDLED.items() for path in _integers(data)}
    assert {where for where, _ in NUMBERS} == every
    assert len(NUMBERS) > 100


# ------------------------------------------------------------------------ packs on disk


def _write_packs(folder: Path, files: dict[tuple[str, str], Any]) -> list[Path]:
    """The bundled packs copied to ``folder``, the given files replaced (as JSON, which is
    YAML); returns what to load: the packs and the layout."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for pack in PACKS:
        shutil.copytree(ROOT / "content" / pack, folder / pack)
    for (pack, name), data in files.items():
        (folder / pack / name).write_text(json.dumps(data, indent=1) + "\n")
    return [folder / pack for pack in PACKS] + [LAYOUT]


def _set(data: Any, path: Path_, value: Any) -> None:
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def _get(data: Any, path: Path_) -> Any:
    node = data
    for key in path:
        node = node[key]
    return node


def _play(paths: list[Path], seed: int) -> None:
    """50 random games of the crustacean layout, players and modules drawn per game."""
    ws = load_workspace(paths)
    prepared = ENGINE.prepare(ws, ws.layouts["crustacean"])
    rules = prepared.rules
    factions = list(ENGINE.factions(prepared))
    modules = list(ENGINE.modules(prepared))
    fewest, most = int(rules.param("players.min")), int(rules.param("players.max"))
    team = int(rules.param("team.leader")) + int(rules.param("team.soldiers"))
    land = sum(1 for stack in prepared.stacks if stack) * int(rules.param("capacity"))
    seats = [n for n in range(fewest, min(most, 4, len(factions)) + 1) if n * team <= land]
    rng = random.Random(seed)
    for game in range(GAMES if seats else 0):
        players = rng.choice(seats)
        spec = MatchSpec(
            players=players,
            factions=tuple(rng.sample(factions, players)),
            modules=frozenset(m for m in modules if rng.random() < 0.5),
            seed=rng.randrange(2**32),
        )
        try:
            state = ENGINE.new_match(prepared, spec)
        except ValueError as exc:
            if "compass rose" in str(exc):
                continue  # the Wind module on a layout with no water on its edge: refused
            raise
        bots = [RandomBot(seat, random.Random(spec.seed + seat)) for seat in range(players)]
        play_match(state, bots, max_steps=DECISION_BUDGET)
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        assert peak_mb < MEMORY_CEILING_MB, f"game {game}: {peak_mb:.0f} MB"


# ------------------------------------------------------------------------------ the property


@st.composite
def _number_mutation(draw: st.DrawFn) -> tuple[str, str, Path_, int]:
    (pack, name, path), (low, high) = draw(st.sampled_from(NUMBERS))
    value = draw(st.one_of(st.sampled_from([low, high]), st.integers(low, high)))
    return pack, name, path, value


@st.composite
def _mutated(draw: st.DrawFn) -> dict[tuple[str, str], Any]:
    """The bundled files with 1 to 3 numbers set within their bounds and perhaps one list
    item dropped (a card, a stock entry, a position of the contamination track...)."""
    files: dict[tuple[str, str], Any] = {}

    def data_of(pack: str, name: str) -> Any:
        if (pack, name) not in files:
            files[(pack, name)] = json.loads(json.dumps(BUNDLED[(pack, name)]))
        return files[(pack, name)]

    for pack, name, path, value in draw(st.lists(_number_mutation(), min_size=1, max_size=3)):
        _set(data_of(pack, name), path, value)
    if draw(st.booleans()):
        pack, name, path = draw(st.sampled_from(LISTS))
        items = _get(data_of(pack, name), path)
        if items:
            del items[draw(st.integers(0, len(items) - 1))]
    return files


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(files=_mutated())
def test_valid_mutated_packs_play_every_game_to_its_end(
    tmp_path: Path, files: dict[tuple[str, str], Any]
) -> None:
    paths = _write_packs(tmp_path / "packs", files)
    errors = [d for d in load_workspace(paths).report() if d.is_error]
    event("refused" if errors else "played")
    if errors:
        return  # refused at validation: each error has its place (the tests below)
    _play(paths, seed=len(str(files)))


@pytest.mark.parametrize(
    ("pack", "name", "path", "value"),
    [
        # the largest of every bounded number the engine plays most with, at once below
        ("snails-base", "ruleset.yaml", ("crawl", "moves"), 4),
        ("snails-base", "ruleset.yaml", ("plan", "slots"), 8),
        ("snails-base", "ruleset.yaml", ("contamination", "start"), 9),
        ("snails-base", "ruleset.yaml", ("rounds",), 20),
    ],
)
def test_the_largest_valid_numbers_play(
    tmp_path: Path, pack: str, name: str, path: Path_, value: int
) -> None:
    data = json.loads(json.dumps(BUNDLED[(pack, name)]))
    _set(data, path, value)
    if path == ("plan", "slots"):
        data["team"] = {"leader": 1, "soldiers": 2}  # 3 snails over 8 slots: 6,561 ways
    paths = _write_packs(tmp_path / "packs", {(pack, name): data})
    assert [d for d in load_workspace(paths).report() if d.is_error] == []
    _play(paths, seed=1)


def test_a_ruleset_at_every_limit_at_once_plays(tmp_path: Path) -> None:
    data = json.loads(json.dumps(BUNDLED[("snails-base", "ruleset.yaml")]))
    data.update(
        team={"leader": 1, "soldiers": 5},
        plan={"snails": 8, "slots": 6},
        crawl={"moves": 4, "climb": 10},
        capacity=6,
        hand={"limit": 7},
        setup={"hand": 7, "placement": "alternate"},
        draw={"per_round": 3},
        swap={"max": 4},
        rounds=20,
        health={"leader": 1000, "soldier": 1000},
    )
    paths = _write_packs(tmp_path / "packs", {("snails-base", "ruleset.yaml"): data})
    assert [d for d in load_workspace(paths).report() if d.is_error] == []
    _play(paths, seed=2)


# -------------------------------------------------- the failures found, now diagnostics


@pytest.mark.parametrize(
    ("file", "old", "new", "words"),
    [
        # validated clean, then 92 of 100 games failed with an IndexError in movement.py
        ("ruleset.yaml", "start: 0", "start: 10", "off its track of 10 positions"),
        # validated clean, then exhausted memory or took seconds a game
        ("ruleset.yaml", "moves: 2", "moves: 1000", "maximum of 4"),
        ("ruleset.yaml", "slots: 5", "slots: 20", "maximum of 8"),
        ("ruleset.yaml", "hand: {limit: 5}", "hand: {limit: 9}", "maximum of 7"),
        ("ruleset.yaml", "setup: {hand: 2", "setup: {hand: 8", "maximum of 7"),
        ("ruleset.yaml", "soldiers: 3}", "soldiers: 8}", "a team of 9 snails"),
        ("ruleset.yaml", "team: {leader: 1", "team: {leader: 9", "maximum of 4"),
        ("tiles.yaml", "count: 20}", "count: 1000000000}", "maximum of 1000"),
    ],
)
def test_each_failure_found_is_a_diagnostic_at_its_value(
    tmp_path: Path, file: str, old: str, new: str, words: str
) -> None:
    paths = _write_packs(tmp_path / "packs", {})
    target = tmp_path / "packs" / "snails-base" / file
    text = target.read_text()
    assert text.count(old) == 1
    target.write_text(text.replace(old, new))
    before = text[: text.index(old)]
    line = before.count("\n") + 1
    # the value is the number the edit wrote: its column, 1-based
    column = len(before) - (before.rfind("\n") + 1) + new.rindex(" ") + 2
    errors = [d for d in load_workspace(paths).report() if d.is_error]
    at = [d for d in errors if Path(d.path) == target]
    assert [(d.line, d.column, d.code) for d in at] == [(line, column, "out-of-range")]
    assert words in at[0].message
