"""Build a match from an explicit situation and play single bounds and phases through it.

For rules examples (and tests): :func:`beach` compiles the map (the bundled beach, or a board
with its sea and start hexes redrawn), :meth:`Scenario.build` puts the Snits where a situation
says, and :meth:`Scenario.play_bound` / :meth:`Scenario.end_run` take steps through the same
decisions a match takes, refusing illegal ones with the rules' reason and leaving the
situation exactly as it was. Read-outs name clans, Snits and hexes by id, name and label.

Two kinds of error: :class:`SetupError` (a ``ValueError``) for a situation or a step that
cannot be run at all (an unknown clan, Snit or hex, two Snits given one sand hex, a forced
draw the rules never make), and :class:`Refused` (an ``IllegalChoice``) for a step the rules
forbid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from editor.core.engine import IllegalChoice
from editor.core.hexgrid import parse_label
from editor.core.packs import closure
from editor.core.workspace import Workspace
from editor.games.snit_smashing.content import GAME_ID, content_of
from editor.games.snit_smashing.engine import runs
from editor.games.snit_smashing.engine.movement import Refused, check_path
from editor.games.snit_smashing.engine.orders import (
    GARBLED,
    MOVE,
    SMASH,
    move_from_label,
    smash_from_labels,
)
from editor.games.snit_smashing.engine.rules import Prepared, prepare_beach
from editor.games.snit_smashing.engine.state import (
    ACTIVE,
    DEAD,
    HELD,
    MERCY,
    MOVES,
    ON_TOP,
    ORDERS,
    OVER,
    SAFE,
    STATUS_WORDS,
    UNDER,
    State,
    run_to_snandergrab,
)
from editor.games.snit_smashing.engine.tables import TOP_SPEED
from editor.games.snit_smashing.layout_fields import clan_starts, snandergrab_start
from editor.games.snit_smashing.shapes import sea_of

__all__ = ["Refused", "Scenario", "SetupError", "SnitSpec", "beach"]

#: The bundled beach layout, the map of a situation that names no board.
DEFAULT_LAYOUT = "snit-beach"
#: A Snit's state as a situation words it.
STATES = {"active": ACTIVE, "on-top": ON_TOP, "safe": SAFE, "under": UNDER, "dead": DEAD}
#: The phases, as :attr:`Scenario.phase` words them.
PHASES = {ORDERS: "orders", MOVES: "moves", HELD: "run-over", OVER: "over"}

#: An order as a situation writes it: ``{"smash": [labels]}``, ``{"move": label}`` or
#: ``"garbled"`` (also ``{"garbled": ...}``).
OrderSpec = Mapping[str, Any] | str


class SetupError(ValueError):
    """A situation or a step that cannot be run at all; the message says what is wrong."""


@dataclass(frozen=True)
class SnitSpec:
    """One Snit of a situation: its name, owner (clan id), speed, state and hex.

    ``state`` is ``active`` (on the map, with ``at``), ``on-top`` (on the map on the
    Snandergrab's hexes, with ``at``), ``safe``, ``under`` or ``dead``. ``under`` in a run to
    the Snandergrab is a Snit placed there by mercy (it reproduces at the run's end, then
    dies); in a run to the sea it is a Snit that has not left the Snandergrab yet.
    """

    name: str
    player: str
    speed: int
    state: str = "active"
    at: str | None = None


def beach(
    ws: Workspace,
    *,
    packs: Sequence[str] | None = None,
    board: str | None = None,
    sea: Sequence[str] | None = None,
    starts: Mapping[str, str] | None = None,
    snandergrab_start_at: str | None = None,
) -> Prepared:
    """The map of a situation, compiled: the bundled beach layout, or ``board`` with the sea,
    starts and Snandergrab start of the first layout on it; ``sea`` (every other hex is sand),
    ``starts`` (clan id to hex) and the Snandergrab's start replace the layout's. ``packs``
    default to the layout's (else the game's bundled packs). ``SetupError`` says what is wrong.
    """
    layout = ws.layouts.get(DEFAULT_LAYOUT) if board is None else None
    if board is not None:
        on_board = sorted((lay for lay in ws.layouts.values() if lay.board == board), key=_id)
        layout = on_board[0] if on_board else None
    board_id = board if board is not None else layout.board if layout is not None else ""
    found = ws.boards.get(board_id)
    if found is None or found.game != GAME_ID:
        known = ", ".join(sorted(b.id for b in ws.boards.values() if b.game == GAME_ID))
        raise SetupError(f"no Snit Smashing board {board_id!r}; known: {known}")
    if packs is None:
        chosen = ws.packs_in_use(layout) if layout is not None else None
        ids = [p.id for p in chosen] if chosen is not None else ws.default_packs(GAME_ID)
    else:
        ids = list(packs)
    unknown = [p for p in ids if p not in ws.packs or ws.packs[p].game != GAME_ID]
    if unknown:
        raise SetupError(f"no Snit Smashing pack {', '.join(map(repr, unknown))}")
    content = content_of(ws, closure(ws.packs, ids))
    sea_labels = set(sea) if sea is not None else sea_of(layout.spaces) if layout else set()
    start_map = (
        dict(starts)
        if starts is not None
        else {clan: label for label, clan in clan_starts(layout).items()}
        if layout is not None
        else {}
    )
    if layout is not None and starts is not None:  # clans the situation leaves out keep theirs
        for label, clan in clan_starts(layout).items():
            start_map.setdefault(clan, label)
    spot = snandergrab_start_at or (snandergrab_start(layout) if layout is not None else None)
    if spot is None:
        raise SetupError(f"board {board_id!r} has no layout to take the Snandergrab's start from")
    for label in [*sea_labels, *start_map.values(), spot]:
        _check_label(label)
    try:
        return prepare_beach(content, found, sea_labels, start_map, spot, strict=False)
    except ValueError as exc:
        raise SetupError(str(exc)) from None


def _id(layout: Any) -> str:
    return str(layout.id)


def _check_label(label: str) -> None:
    try:
        parse_label(label)
    except ValueError as exc:
        raise SetupError(str(exc)) from None


class Scenario:
    """A match built from a situation, with its Snits' names, stepped bound by bound."""

    def __init__(self, state: State, names: Mapping[str, int]) -> None:
        self.state = state
        #: The situation's Snits by name.
        self.names: dict[str, int] = dict(names)

    # --- building ------------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        prepared: Prepared,
        *,
        players: Sequence[str],
        snits: Sequence[SnitSpec],
        run: int = 1,
        bound: int = 1,
        primus: str | None = None,
        snandergrab: str | None = None,
        pools: Mapping[str, int | Sequence[int]] | None = None,
        trophies: Mapping[str, int] | None = None,
        own_smashed: Mapping[str, int] | None = None,
        seed: int = 0,
    ) -> Scenario:
        """A situation at the start of a bound (orders not yet written); see the module."""
        rules = prepared.rules
        clans = [c.id for c in prepared.clans]
        if not players:
            raise SetupError("a situation needs at least one player")
        for clan in players:
            if clan not in clans:
                raise SetupError(f"no clan {clan!r}; the packs in use have {', '.join(clans)}")
        if len(set(players)) != len(players):
            raise SetupError("a clan is listed twice among the players")
        if not 1 <= run <= rules.runs:
            raise SetupError(f"run {run} is not one of the game's runs (1 to {rules.runs})")
        if not 1 <= bound <= rules.bounds_per_run:
            raise SetupError(f"bound {bound} is not one of a run's (1 to {rules.bounds_per_run})")
        state = State(prepared, len(players), seed)
        state.seat_clans = tuple(clans.index(clan) for clan in players)
        seat_of = {clan: seat for seat, clan in enumerate(players)}
        state.run, state.bound = run, bound
        state.primus = seat_of[_known(primus, seat_of, "primus")] if primus else 0
        tables = prepared.tables
        if snandergrab is not None:
            _check_label(snandergrab)
            if snandergrab not in tables.index:
                raise SetupError(f"the Snandergrab's centre {snandergrab} is not on the map")
            state.grab = tables.index[snandergrab]
        names: dict[str, int] = {}
        for spec in snits:
            names[spec.name] = _add(state, spec, seat_of, names)
        _fill_pools(state, players, pools or {}, snits)
        for clan, count in (trophies or {}).items():
            state.trophies[seat_of[_known(clan, seat_of, "trophies")]] = _count(count, clan)
        for clan, count in (own_smashed or {}).items():
            state.own_smashed[seat_of[_known(clan, seat_of, "own_smashed")]] = _count(count, clan)
        state.hold = True
        state.events.append(("situation", run, bound, state.primus))
        return cls(state, names)

    # --- steps ---------------------------------------------------------------------------

    def play_bound(
        self, orders: Mapping[str, OrderSpec], moves: Sequence[tuple[str, Sequence[str]]]
    ) -> None:
        """One whole bound: every player's order, the Snits' moves in the order made (a Snit
        and the hexes it enters; a player on turn whose Snits are not listed further on lets
        them stay), the reveal. A run to the Snandergrab that this ends stops before its
        reproduction (:meth:`end_run` runs it; the next bound runs it at random)."""
        for name, _path in moves:
            self._snit(name)
        for clan in orders:
            self._seat(clan)
        trial = self.state.clone()
        try:
            self._play(trial, orders, moves)
        except (Refused, SetupError):
            raise
        except ValueError as exc:  # a run that starts from the sea where a clan has no start
            raise SetupError(str(exc)) from None
        self.state = trial

    def _play(
        self,
        trial: State,
        orders: Mapping[str, OrderSpec],
        moves: Sequence[tuple[str, Sequence[str]]],
    ) -> None:
        if trial.phase == HELD:
            _end(trial, {})
        if trial.phase == OVER:
            raise Refused("the game is over")
        while trial.phase == ORDERS:
            seat = trial.order_seat()
            clan = trial.clan_id(seat)
            if clan not in orders:
                raise SetupError(f"no order for {clan}: every player writes one each bound")
            _apply(trial, self._order(trial, orders[clan]))
        pending = list(moves)
        while trial.phase == MOVES:
            seat = trial.mover
            if pending:
                name, path = pending[0]
                snit = self.names[name]
                self._check_movable(trial, snit)
                if trial.owner[snit] == seat:
                    pending.pop(0)
                    _apply(trial, ("go", snit, check_path(trial, snit, [str(x) for x in path])))
                    continue
                if any(trial.owner[self.names[n]] == seat for n, _ in pending):
                    raise Refused(
                        f"it is {trial.clan_id(seat)}'s turn to move a Snit, not"
                        f" {trial.clan_id(trial.owner[snit])}'s ({name})"
                    )
            _stay(trial, trial.unmoved[seat][0])
        if pending:
            self._check_movable(trial, self.names[pending[0][0]])
            raise Refused(f"{pending[0][0]} cannot move: every Snit has moved this bound")

    def end_run(self, draw: Mapping[str, Sequence[int]] | None = None) -> None:
        """End the run now, as at the end of its last bound: reproduction (``draw``: the
        speeds of each clan's offspring in the order drawn) or drying up, then the next run."""
        state = self.state
        if state.phase == OVER:
            raise Refused("the game is over")
        if state.phase == MOVES:
            raise Refused("a run ends between bounds, not while Snits move")
        given = (draw or {}).items()
        forced = {self._seat(clan): [int(s) for s in speeds] for clan, speeds in given}
        if forced and not run_to_snandergrab(state.run):
            raise SetupError(f"run {state.run} goes to the sea: no offspring are drawn at its end")
        trial = state.clone()
        _end(trial, forced)
        self.state = trial

    def reproduce(self, draw: Mapping[str, Sequence[int]] | None = None) -> None:
        """The end of a run to the Snandergrab: :meth:`end_run`, refused in a run to the sea."""
        if not run_to_snandergrab(self.state.run):
            raise Refused(
                f"reproduction follows a run to the Snandergrab; run {self.state.run} goes to"
                " the sea"
            )
        self.end_run(draw)

    # --- read-outs -----------------------------------------------------------------------

    def snit(self, name: str) -> dict[str, Any]:
        """One Snit: ``player`` (clan), ``speed``, ``state`` (active, on-top, safe, under,
        dead, or pool), ``at`` (a label, or None off the map) and ``mercy``."""
        return snit_facts(self.state, self._snit(name))

    def snits(self) -> dict[str, dict[str, Any]]:
        """Every Snit drawn from a pool, by name (the situation's names; offspring by their
        counter's name, numbered when names repeat)."""
        out: dict[str, dict[str, Any]] = {}
        by_index = {index: name for name, index in self.names.items()}
        state = self.state
        for snit in range(len(state.status)):
            if state.status[snit] == 0 and snit not in by_index:
                continue
            name = by_index.get(snit, state.names[snit])
            key, number = name, 2
            while key in out:
                key, number = f"{name} {number}", number + 1
            out[key] = snit_facts(state, snit)
        return out

    @property
    def run(self) -> int:
        """The run being played (1 and 3 to the Snandergrab, 2 and 4 to the sea)."""
        return self.state.run

    @property
    def bound(self) -> int:
        """The bound being played (or the last one, once a run is over)."""
        return self.state.bound

    @property
    def primus(self) -> str:
        """The Bolotomus Primus's clan."""
        return self.state.clan_id(self.state.primus)

    @property
    def snandergrab(self) -> str:
        """The label of the Snandergrab's centre."""
        return self.state.label(self.state.grab)

    @property
    def phase(self) -> str:
        """``orders`` (a bound to play), ``run-over`` (reproduction next) or ``over``."""
        return PHASES[self.state.phase]

    def trophies(self) -> dict[str, int]:
        """Rival Snits each Bolotomus has smashed, by clan."""
        return self._by_clan(self.state.trophies)

    def own_smashed(self) -> dict[str, int]:
        """Own Snits each Bolotomus has smashed (to the box, no score), by clan."""
        return self._by_clan(self.state.own_smashed)

    def pools(self) -> dict[str, int]:
        """Face-down Snits left in each clan's pool."""
        return self._by_clan([len(pool) for pool in self.state.pools])

    def living(self) -> dict[str, int]:
        """Living Snits of each clan: on the map, safe, or under the Snandergrab."""
        return self._by_clan([self.state.living(s) for s in range(self.state.players)])

    def standings(self) -> dict[str, list[str]]:
        """Who holds each victory now: ``snit``, ``bolotomus`` and ``grand_slam`` (clans)."""
        snit, bolotomus, slam = runs.victories(self.state)
        clan = self.state.clan_id
        return {
            "snit": [clan(s) for s in snit],
            "bolotomus": [clan(s) for s in bolotomus],
            "grand_slam": [clan(s) for s in slam],
        }

    def winners(self) -> dict[str, list[str]] | None:
        """The standings once the game is over, else None."""
        return self.standings() if self.state.phase == OVER else None

    def revealed(self) -> dict[str, Any]:
        """The orders of the last bound played, by clan, as a situation writes them."""
        state = self.state
        return {
            state.clan_id(seat): order_words(state, order)
            for seat, order in enumerate(state.revealed)
            if order is not None
        }

    @property
    def events(self) -> Sequence[tuple[Any, ...]]:
        """The match's event log (see :mod:`.state`)."""
        return self.state.events

    # --- helpers -------------------------------------------------------------------------

    def _snit(self, name: str) -> int:
        if name not in self.names:
            known = ", ".join(self.names) or "none"
            raise SetupError(f"no Snit {name!r} in the situation; it has {known}")
        return self.names[name]

    def _seat(self, clan: str) -> int:
        state = self.state
        for seat in range(state.players):
            if state.clan_id(seat) == clan:
                return seat
        players = ", ".join(state.clan_id(s) for s in range(state.players))
        raise SetupError(f"{clan!r} is not a player; the players are {players}")

    def _by_clan(self, values: Sequence[int]) -> dict[str, int]:
        return {self.state.clan_id(seat): value for seat, value in enumerate(values)}

    def _order(self, state: State, spec: OrderSpec) -> tuple[Any, ...]:
        tables = state.tables
        rules = state.rules
        if spec == "garbled" or (isinstance(spec, Mapping) and set(spec) == {"garbled"}):
            return GARBLED
        if isinstance(spec, Mapping) and set(spec) == {SMASH}:
            labels = [str(x) for x in spec[SMASH]]
            for label in labels:
                _check_label(label)
            order, why = smash_from_labels(tables, labels, rules.smash_hexes)
        elif isinstance(spec, Mapping) and set(spec) == {MOVE}:
            _check_label(str(spec[MOVE]))
            moves = run_to_snandergrab(state.run)
            order, why = move_from_label(tables, str(spec[MOVE]), rules.snandergrab_hexes, moves)
        else:
            raise SetupError(f"{spec!r} is not an order: smash, move or garbled")
        if order is None:
            raise Refused(why)
        return order

    def _check_movable(self, state: State, snit: int) -> None:
        name = state.names[snit]  # the situation's name for it
        if not state.movable(snit):
            word = STATUS_WORDS[state.status[snit]]
            raise Refused(f"{name} is {word}; it does not move")
        if snit not in state.unmoved[state.owner[snit]]:
            raise Refused(f"{name} has already moved this bound")


def snit_facts(state: State, snit: int) -> dict[str, Any]:
    """What a rules example reads of one Snit."""
    at = state.at[snit]
    return {
        "player": state.clan_id(state.owner[snit]),
        "speed": state.speed[snit],
        "state": STATUS_WORDS[state.status[snit]],
        "at": state.label(at) if at >= 0 else None,
        "mercy": state.status[snit] == MERCY,
    }


def order_words(state: State, order: tuple[Any, ...]) -> Any:
    """An order as a situation writes it."""
    if order[0] == SMASH:
        return {SMASH: [state.label(h) for h in order[1:]]}
    if order[0] == MOVE:
        return {MOVE: state.label(order[1])}
    return "garbled"


def _apply(state: State, choice: tuple[Any, ...]) -> None:
    try:
        state.apply(choice)
    except IllegalChoice as exc:
        raise Refused(str(exc)) from None


def _stay(state: State, snit: int) -> None:
    """A Snit the steps give no move stays where it is (refused if it must leave the sea)."""
    try:
        end = check_path(state, snit, [])
    except Refused as exc:
        raise Refused(f"{exc}; the example gives it no move") from None
    _apply(state, ("go", snit, end))


def _end(state: State, forced: dict[int, list[int]]) -> None:
    if state.phase == ORDERS:  # ended early, between bounds
        state.events.append(("run-over", state.run, state.bound))
    state.forced = forced
    try:
        runs.end_run(state)
    except ValueError as exc:  # a forced draw that cannot be made, a clan with no start
        raise SetupError(str(exc)) from None
    finally:
        state.forced = {}


def _known(clan: str | None, seat_of: Mapping[str, int], what: str) -> str:
    if clan is None or clan not in seat_of:
        raise SetupError(f"{what}: {clan!r} is not a player; the players are {', '.join(seat_of)}")
    return clan


def _count(value: int, clan: str) -> int:
    if type(value) is not int or value < 0:
        raise SetupError(f"{clan}: {value!r} is not a count")
    return value


def _add(state: State, spec: SnitSpec, seat_of: Mapping[str, int], names: Mapping[str, int]) -> int:
    """Put one Snit of a situation in place."""
    name = spec.name
    if name in names:
        raise SetupError(f"two Snits are named {name!r}")
    seat = seat_of[_known(spec.player, seat_of, name)]
    if type(spec.speed) is not int or not 1 <= spec.speed <= TOP_SPEED:
        raise SetupError(f"{name}'s speed {spec.speed!r} is not 1 to {TOP_SPEED}")
    status = STATES.get(spec.state)
    if status is None:
        raise SetupError(f"{name}'s state {spec.state!r} is not one of {', '.join(STATES)}")
    snit = state.add_snit(seat, name, spec.speed)
    state.pools[seat].remove(snit)
    to_grab = run_to_snandergrab(state.run)
    tables = state.tables
    if status in (ACTIVE, ON_TOP):
        if spec.at is None:
            raise SetupError(f"{name} is {spec.state}: give the hex it is on (at)")
        _check_label(spec.at)
        hex_ = tables.index.get(spec.at)
        if hex_ is None:
            raise SetupError(f"{name} is at {spec.at}, which is not on the map")
        wet = bool((tables.sea >> hex_) & 1)
        if not wet and state.occ[hex_] >= 0:
            other = state.names[state.occ[hex_]]
            raise SetupError(f"{name} and {other} are both on {spec.at}: one Snit a sand hex")
        if wet and not to_grab:
            raise SetupError(f"{name} is in the sea at {spec.at} in a run to the sea: it is safe")
        if status == ON_TOP and (wet or not (tables.cover[state.grab] >> hex_) & 1):
            raise SetupError(
                f"{name} is on top of the Snandergrab: {spec.at} is not one of its hexes"
            )
        state.place(snit, hex_, status)
        return snit
    if spec.at is not None:
        raise SetupError(f"{name} is {spec.state}, off the map: give it no hex (at)")
    if status == UNDER and to_grab:
        status = MERCY  # under the Snandergrab in a run to it: placed there by mercy
    state.set_off_map(snit, status)
    return snit


def _fill_pools(
    state: State,
    players: Sequence[str],
    pools: Mapping[str, int | Sequence[int]],
    snits: Sequence[SnitSpec],
) -> None:
    """Each clan's face-down pool: a count (the clan's counters, in order) or the speeds."""
    most = state.rules.snits_per_player
    loose = set()
    for clan in pools:
        if clan not in players:
            raise SetupError(f"pools: {clan!r} is not a player")
    for seat, clan in enumerate(players):
        listed = sum(1 for spec in snits if spec.player == clan)
        given = pools.get(clan)
        counters = state.prepared.clans[state.seat_clans[seat]].counters
        if given is None or isinstance(given, int):
            count = max(0, most - listed) if given is None else _count(given, clan)
            if count and not counters:
                raise SetupError(f"clan {clan!r} has no counters to fill its pool with")
            drawn = [counters[i % len(counters)] for i in range(count)]
            loose.add(seat)
        else:
            drawn = [(f"{clan} pool {i + 1}", int(speed)) for i, speed in enumerate(given)]
            for speed in given:
                if not 1 <= speed <= TOP_SPEED:
                    raise SetupError(f"pools: {clan} speed {speed} is not 1 to {TOP_SPEED}")
        if listed + len(drawn) > most:
            raise SetupError(
                f"{clan} has {listed} Snits given and {len(drawn)} in its pool: more than the"
                f" {most} a player has (snits_per_player)"
            )
        for name, speed in drawn:
            state.add_snit(seat, name, speed)
    state.loose_pools = frozenset(loose)
