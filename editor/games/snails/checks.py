"""Semantic checks of Snails content: what a schema alone cannot see."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from editor.core.diagnostics import Diagnostic, suggest
from editor.core.documents import Document
from editor.core.hexgrid import format_label
from editor.core.layouts import Layout, label_sort_key
from editor.core.packs import Pack, closure
from editor.core.rulesets import merge_rulesets
from editor.core.workspace import Workspace
from editor.games.snails.content import (
    RULESET_COMPLETE,
    Defined,
    TileSet,
    tile_set,
)
from editor.games.snails.land import islands, labels_to_hexes, landmasses
from editor.games.snails.layout_fields import pinned as pinned_of
from editor.games.snails.layout_fields import pinned_backs, start_tokens, starts

GAME_ID = "snails"
_SECTIONS = (("tile_types", "tile type", "type"), ("tile_backs", "tile back", "back"))
WATER = "water"


def _at(document: Document, path: tuple[str | int, ...], code: str, message: str) -> Diagnostic:
    return document.error_at(path, code, message)


def _at_key(document: Document, path: tuple[str | int, ...], code: str, message: str) -> Diagnostic:
    return document.error_at(path, code, message, at_key=True)


def snails_packs(ws: Workspace) -> list[Pack]:
    """The loaded Snails packs."""
    return [p for p in ws.packs.values() if p.game == GAME_ID]


def tiles_of(ws: Workspace, packs: Sequence[Pack]) -> TileSet:
    """The tile types, backs and stock of some packs."""
    return tile_set(packs, {p.id: ws.documents_of([p], "tiles") for p in packs})


def ruleset_of(ws: Workspace, packs: Sequence[Pack]) -> dict[str, Any]:
    """The ruleset of some packs, merged in dependency order."""
    return merge_rulesets(ws.documents_of(packs, "ruleset"))


def check_packs(ws: Workspace) -> Iterator[Diagnostic]:
    """Duplicate ids, stock naming unknown tiles or backs, rulesets naming unknown tiles."""
    for pack in snails_packs(ws):
        deps = [p for p in closure(ws.packs, [pack.id]) if p.id != pack.id]
        known = tiles_of(ws, deps)
        for document in ws.documents_of([pack], "tiles"):
            data = document.data
            for section, what, key in _SECTIONS:
                for index, entry in enumerate(data.get(section, [])):
                    item_id = entry["id"]
                    first = known.defined.get((key, item_id))
                    if first is not None:
                        line = first.document.value_span((*first.path, "id")).line
                        yield _at(
                            document,
                            (section, index, "id"),
                            "duplicate-id",
                            f"{what} id {item_id!r} is already defined in"
                            f" {first.document.path}:{line}",
                        )
                    else:
                        known.defined[(key, item_id)] = Defined(document, (section, index))
                        (known.types if key == "type" else known.backs)[item_id] = entry
        for document in ws.documents_of([pack], "tiles"):
            for index, entry in enumerate(document.data.get("stock", [])):
                for field, what, ids in (
                    ("tile", "tile type", known.types),
                    ("back", "tile back", known.backs),
                ):
                    if entry[field] not in ids:
                        message = f"no {what} {entry[field]!r}" + suggest(entry[field], ids)
                        yield _at(document, ("stock", index, field), "unknown-id", message)
        names = {*known.types, WATER}
        for document in ws.documents_of([pack], "ruleset"):
            data = document.data
            for tile in data.get("levels", {}):
                if tile not in names:
                    yield _at_key(
                        document,
                        ("levels", tile),
                        "unknown-id",
                        f"no tile type {tile!r}" + suggest(tile, names),
                    )
            for tile, below in data.get("stacking", {}).items():
                if tile not in known.types:
                    yield _at_key(
                        document,
                        ("stacking", tile),
                        "unknown-id",
                        f"no tile type {tile!r}" + suggest(tile, known.types),
                    )
                for index, under in enumerate(below):
                    if under not in names:
                        yield _at(
                            document,
                            ("stacking", tile, index),
                            "unknown-id",
                            f"no tile type {under!r}" + suggest(under, names),
                        )


def check_layouts(ws: Workspace) -> Iterator[Diagnostic]:
    """Unknown tiles, illegal stacks, stock exceeded and an incomplete ruleset per layout."""
    for layout in ws.checked_layouts():
        if layout.game != GAME_ID or layout.document is None:
            continue
        yield from check_layout(ws, layout)


def check_layout(ws: Workspace, layout: Layout) -> Iterator[Diagnostic]:
    """The Snails checks of one layout against the packs it uses."""
    document = layout.document
    assert document is not None
    packs = ws.packs_in_use(layout)
    tiles = tiles_of(ws, packs)
    ruleset = ruleset_of(ws, packs)
    anchor: tuple[str | int, ...] = ("packs",) if layout.packs is not None else ("game",)
    missing = missing_ruleset_keys(ws, ruleset)
    # a ruleset file with errors is left out of the merge: its own errors say what is wrong,
    # and everything it gives would only be listed again here as missing
    broken = any(d.path not in ws.valid for p in packs for d in p.files_of_kind("ruleset"))
    if missing and not broken:
        names = ", ".join(p.id for p in packs) or "none"
        yield _at_key(
            document,
            anchor,
            "incomplete-ruleset",
            f"the packs in use ({names}) give no ruleset for: {', '.join(missing)}",
        )
    stacking: dict[str, list[str]] = ruleset.get("stacking", {})
    used: dict[str, int] = {}
    over: set[str] = set()
    for label in sorted(layout.spaces, key=label_sort_key):
        stack = layout.spaces[label]
        below = WATER
        for index, tile in enumerate(stack):
            where = ("spaces", label, index)
            if tile not in tiles.types:
                yield _at(
                    document,
                    where,
                    "unknown-id",
                    f"no tile type {tile!r} in the packs in use" + suggest(tile, tiles.types),
                )
                below = tile
                continue
            allowed = stacking.get(tile)
            if allowed is not None and below not in allowed:
                on = "the sea floor" if below == WATER else f"a {below}"
                fits = " or ".join("the sea floor" if a == WATER else f"a {a}" for a in allowed)
                yield _at(
                    document,
                    where,
                    "illegal-stack",
                    f"a {tile} cannot lie on {on} at {label}; it goes on {fits}",
                )
            below = tile
            used[tile] = used.get(tile, 0) + 1
            stock = tiles.stock_of(tile)
            if used[tile] > stock and tile not in over:
                over.add(tile)
                parts = ", ".join(f"{p}: {n}" for p, n in tiles.stock_by_pack(tile).items())
                total = sum(1 for s in layout.spaces.values() for t in s if t == tile)
                yield _at(
                    document,
                    where,
                    "stock-exceeded",
                    f"the layout uses {total} {tile} tiles but the packs in use hold {stock}"
                    + (f" ({parts})" if parts else ""),
                )
    yield from check_backs(layout, tiles)
    yield from check_tokens_and_starts(ws, layout, tokens_of(ws, packs))
    yield from check_land(ws, layout)
    if not missing:  # the room a layout needs is judged by a complete ruleset only
        yield from check_room(ws, layout, ruleset)


def missing_ruleset_keys(ws: Workspace, ruleset: Mapping[str, Any]) -> list[str]:
    """What a merged ruleset lacks of the complete ruleset (``RULESET_COMPLETE``): its parts,
    then each part's keys as ``part.key``, and the section of a module it lists that has one."""
    base, _, pointer = RULESET_COMPLETE.partition("#")
    complete: Any = ws.schemas.schemas[base]
    for step in filter(None, pointer.split("/")):
        complete = complete[step]
    parts: dict[str, Any] = complete.get("properties", {})
    modules = ruleset.get("modules")
    listed = [m for m in modules if m in parts] if isinstance(modules, dict) else []
    missing = [key for key in [*complete.get("required", []), *listed] if key not in ruleset]
    for part, spec in parts.items():
        given = ruleset.get(part)
        if isinstance(given, dict):
            missing += [f"{part}.{key}" for key in spec.get("required", []) if key not in given]
    return missing


def tokens_of(ws: Workspace, packs: Sequence[Pack]) -> dict[str, dict[str, Any]]:
    """The kinds of token some packs define, by id (the first definition wins)."""
    out: dict[str, dict[str, Any]] = {}
    for document in ws.documents_of(packs, "tokens"):
        data = document.data if isinstance(document.data, dict) else {}
        for entry in data.get("tokens", []):
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                out.setdefault(entry["id"], entry)
    return out


def check_backs(layout: Layout, tiles: TileSet) -> Iterator[Diagnostic]:
    """Pinned backs: one per tile of the stack, from the stock of that tile's type, within it.

    The engine deals the unpinned tiles from what the pinned ones leave of the stock, so each
    (tile type, back) may be pinned at most as often as the packs hold it.
    """
    document = layout.document
    assert document is not None
    stock: dict[tuple[str, str], int] = {}
    for _pack, of_tile, of_back, count, _where in tiles.stock:
        stock[(of_tile, of_back)] = stock.get((of_tile, of_back), 0) + count
    pinned: dict[tuple[str, str], int] = {}
    totals = pinned_backs(layout)
    over: set[tuple[str, str]] = set()
    for label in sorted(pinned_of(layout), key=label_sort_key):
        backs = pinned_of(layout)[label]
        stack = layout.spaces.get(label, ())
        if len(backs) != len(stack):
            tiles_text = f"{len(stack)} tile{'s' * (len(stack) != 1)}" if stack else "no tiles"
            yield _at(
                document,
                ("backs", label),
                "backs-mismatch",
                f"{label} has {tiles_text} but {len(backs)} back{'s' * (len(backs) != 1)};"
                " give one back per tile, bottom to top (null for a random one)",
            )
        for index, (tile_id, back) in enumerate(zip(stack, backs, strict=False)):
            if back is None or tile_id not in tiles.types:
                continue  # random, or a tile type the stack check has reported
            where = ("backs", label, index)
            if back not in tiles.backs:
                message = f"no tile back {back!r} in the packs in use" + suggest(back, tiles.backs)
                yield _at(document, where, "unknown-id", message)
                continue
            if (tile_id, back) not in stock:
                own = sorted(b for t, b in stock if t == tile_id)
                yield _at(
                    document,
                    where,
                    "bad-back",
                    f"no {tile_id} tile has the back {back!r} in the packs in use; a {tile_id}"
                    f" back is one of: {', '.join(own) if own else 'none (no stock)'}",
                )
                continue
            key = (tile_id, back)
            pinned[key] = pinned.get(key, 0) + 1
            if pinned[key] > stock[key] and key not in over:
                over.add(key)
                yield _at(
                    document,
                    where,
                    "stock-exceeded",
                    f"the layout pins the back {back!r} on {totals[key]} {tile_id} tiles but"
                    f" the packs in use hold {stock[key]}",
                )


def check_tokens_and_starts(
    ws: Workspace, layout: Layout, tokens: dict[str, dict[str, Any]]
) -> Iterator[Diagnostic]:
    """Tokens are known kinds on land (unless the kind may float); starts are land spaces."""
    document = layout.document
    assert document is not None
    board = ws.boards.get(layout.board)
    hex_board = board if board is not None and board.grid == "hex" else None

    def off_board(label: str) -> bool:
        return hex_board is not None and not hex_board.has_space(label)

    for label in sorted(start_tokens(layout), key=label_sort_key):
        if off_board(label):
            assert hex_board is not None
            yield _at_key(
                document,
                ("tokens", label),
                "off-board",
                f"{label} is not a space of board {hex_board.id!r}; its tokens have nowhere to lie",
            )
            continue
        for token in start_tokens(layout)[label]:
            where = ("tokens", label, token)
            kind = tokens.get(token)
            if kind is None:
                message = f"no token {token!r} in the packs in use" + suggest(token, tokens)
                yield _at_key(document, where, "unknown-id", message)
            elif not layout.spaces.get(label) and not kind.get("on_water", False):
                yield _at_key(
                    document,
                    where,
                    "on-water",
                    f"{label} is water and a {kind.get('name', token)} token cannot lie on"
                    " water; put it on a land space",
                )
    raw = document.data.get("starts") if isinstance(document.data, dict) else None
    for label in starts(layout):
        index = raw.index(label) if isinstance(raw, list) and label in raw else 0
        at: tuple[str | int, ...] = ("starts", index)
        if off_board(label):
            assert hex_board is not None
            yield _at(
                document,
                at,
                "off-board",
                f"start space {label} is not a space of board {hex_board.id!r}",
            )
        elif not layout.spaces.get(label):
            yield _at(
                document,
                at,
                "on-water",
                f"start space {label} is water; snails are placed on land at set-up",
            )


def check_land(ws: Workspace, layout: Layout) -> Iterator[Diagnostic]:
    """Warn about land that only a swim across two or more water spaces reaches.

    Islands a channel one space wide apart count as one landmass (the rulebook's Robot
    layout is cut by such channels on purpose); every landmass but the largest is reported,
    at the first of its spaces, because snails there can hardly join the game.
    """
    document = layout.document
    board = ws.boards.get(layout.board)
    if document is None or board is None or board.grid != "hex" or board.game != layout.game:
        return
    land = labels_to_hexes(board.hexes, (label for label, s in layout.spaces.items() if s))
    masses = landmasses(board.hexes, islands(board.hexes, land))
    if len(masses) < 2:
        return
    main = len(masses[0])
    for mass in masses[1:]:
        labels = [format_label(h) for h in mass]
        shown = ", ".join(labels[:10])
        if len(labels) > 10:
            shown += f" and {len(labels) - 10} more"
        one = len(labels) == 1
        yield document.warning_at(
            ("spaces", labels[0]),
            "land-cut-off",
            f"land cut off from the rest: {shown} {'is' if one else 'are'} two or more water"
            f" spaces away from the main landmass ({main} spaces); snails there must swim"
            " to join in",
            at_key=True,
        )


def check_room(ws: Workspace, layout: Layout, ruleset: dict[str, Any]) -> Iterator[Diagnostic]:
    """Warn when the land (or the start spaces) cannot seat every snail of the most players
    the ruleset allows: the engine refuses such a match, so simulate would too."""
    document = layout.document
    board = ws.boards.get(layout.board)
    if document is None or board is None or board.grid != "hex":
        return
    # the ruleset is complete here (check_layout): every number is the packs', none is ours.
    # A module's soldier types take soldier places (specialists.team), so the team's size is
    # team.leader + team.soldiers whatever modules are on.
    try:
        fewest, most = int(ruleset["players"]["min"]), int(ruleset["players"]["max"])
        per = int(ruleset["team"]["leader"]) + int(ruleset["team"]["soldiers"])
        capacity = int(ruleset["capacity"])
    except (KeyError, TypeError, ValueError):
        return  # a malformed ruleset is its own file's error
    land = [lb for lb, s in layout.spaces.items() if s and board.has_space(lb)]
    if not land:
        return  # a layout with no land yet (a new one) is not judged: nothing is drawn
    chosen = [lb for lb in starts(layout) if lb in land]
    spaces, key, what = (
        (chosen, "starts", "start space") if starts(layout) else (land, "spaces", "land space")
    )
    room, needed = len(spaces) * capacity, most * per
    if room >= needed:
        return
    fits = room // per if per else 0
    outcome = (
        f"matches of at most {fits} players can be set up"
        if fits >= fewest
        else "no match can be set up"
    )
    yield document.warning_at(
        (key,),
        "too-small",
        f"the layout seats {room} snails ({len(spaces)} {what}{'s' * (len(spaces) != 1)}"
        f" × {capacity} a space) but {most} players bring {needed}; {outcome}",
        at_key=True,
    )


def layout_colours(ws: Workspace, layout: Layout) -> dict[str, str]:
    """The colour of each tile type in the packs a layout uses."""
    return tiles_of(ws, ws.packs_in_use(layout)).colours()
