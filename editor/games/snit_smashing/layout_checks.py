"""Checks of beach layouts: sea and sand, the clans' start hexes and the Snandergrab's start.

A hex's terrain is the top tile of its stack (sea or sand; no tile is sand). Every clan of
the packs in use needs a start hex in the sea; the Snandergrab's start centre must be on the
map with none of its hexes in the sea (it may hang off the map there, and only there); and
the sand must leave room for at least one Smash and one legal place to move the Snandergrab
to, or a match would have nothing to order but garbled orders.
"""

from __future__ import annotations

from collections.abc import Iterator

from editor.core.boards import Board
from editor.core.diagnostics import Diagnostic, suggest
from editor.core.hexgrid import format_label, parse_label
from editor.core.layouts import Layout, label_sort_key
from editor.core.workspace import Workspace
from editor.games.snit_smashing.content import GAME_ID, SnitContent, content_of
from editor.games.snit_smashing.layout_fields import SNANDERGRAB, STARTS, clan_starts
from editor.games.snit_smashing.shapes import (
    GRAB_SIZES,
    SEA,
    TERRAINS,
    smashes_within,
    snandergrab_hexes,
    terrain_of,
)

Path_ = tuple[str | int, ...]


def check_layouts(ws: Workspace) -> Iterator[Diagnostic]:
    """The beach checks of every Snit Smashing layout against the packs it uses."""
    for layout in ws.checked_layouts():
        if layout.game != GAME_ID or layout.document is None:
            continue
        board = ws.boards.get(layout.board)
        if board is None or board.grid != "hex":
            continue  # the core has said what is wrong with the board
        yield from check_layout(layout, board, content_of(ws, ws.packs_in_use(layout)))


def check_layout(layout: Layout, board: Board, content: SnitContent) -> Iterator[Diagnostic]:
    """The checks of one layout on its board, with the content of its packs."""
    document = layout.document
    assert document is not None
    anchor: Path_ = ("packs",) if layout.packs is not None else ("game",)
    yield from _check_tiles(layout)
    on_map = set(board.labels)
    sea = {label for label in on_map if terrain_of(layout.spaces.get(label, ())) == SEA}
    if content.broken:  # the packs' own diagnostics come first; judge the rest once fixed
        yield from _check_snandergrab(layout, board, sea, 7)
        return
    yield from _check_starts(layout, board, content, sea, anchor)
    size = content.ruleset.get("snandergrab_hexes")
    yield from _check_snandergrab(layout, board, sea, size if size in GRAB_SIZES else 7)
    missing = content.missing_ruleset_keys()
    if missing:
        names = ", ".join(content.packs) or "none"
        yield document.error_at(
            anchor,
            "incomplete-ruleset",
            f"the packs in use ({names}) give no ruleset value for: {', '.join(missing)}",
            at_key=True,
        )
        return  # the room the sand needs is judged by a complete ruleset only
    sand = [parse_label(label) for label in on_map - sea]
    smash = int(content.ruleset["smash_hexes"])
    if not smashes_within(sand, smash):
        yield document.error_at(
            ("spaces",),
            "no-room",
            f"no Smash of {smash} hexes fits on the sand of this layout; a Bolotomus could"
            " only give garbled orders",
            at_key=True,
        )
    if not legal_centres(board, sea, int(content.ruleset["snandergrab_hexes"])):
        yield document.error_at(
            ("spaces",),
            "no-room",
            "the Snandergrab has nowhere to be moved to: no centre puts all its hexes on the"
            " sand of the map",
            at_key=True,
        )


def legal_centres(board: Board, sea: set[str], size: int) -> list[str]:
    """The centres the Snandergrab may be moved to: all its hexes on the map, none in the sea."""
    hexes = board.hexes
    return [
        format_label(centre)
        for centre in hexes
        if all(h in hexes and format_label(h) not in sea for h in snandergrab_hexes(centre, size))
    ]


def _check_tiles(layout: Layout) -> Iterator[Diagnostic]:
    document = layout.document
    assert document is not None
    for label in sorted(layout.spaces, key=label_sort_key):
        stack = layout.spaces[label]
        for index, tile in enumerate(stack):
            if tile not in TERRAINS:
                yield document.error_at(
                    ("spaces", label, index),
                    "unknown-id",
                    f"no terrain {tile!r}: a beach hex is sea or sand" + suggest(tile, TERRAINS),
                )
        if len(stack) > 1:
            yield document.warning_at(
                ("spaces", label),
                "stacked-terrain",
                f"{label} holds {len(stack)} tiles; only the top one ({stack[-1]}) counts on"
                " the beach",
            )


def _check_starts(
    layout: Layout, board: Board, content: SnitContent, sea: set[str], anchor: Path_
) -> Iterator[Diagnostic]:
    document = layout.document
    assert document is not None
    first: dict[str, str] = {}
    for label in sorted(clan_starts(layout), key=label_sort_key):
        clan = clan_starts(layout)[label]
        if not board.has_space(label):
            yield document.error_at(
                (STARTS.key, label),
                "off-board",
                f"{label} is not a hex of board {board.id!r}; clan {clan!r} cannot start there",
                at_key=True,
            )
            continue
        if label not in sea:
            yield document.error_at(
                (STARTS.key, label),
                "start-on-sand",
                f"{label} is sand; clan {clan!r} starts in a sea hex",
                at_key=True,
            )
        if clan not in content.clans:
            yield document.error_at(
                (STARTS.key, label),
                "unknown-id",
                f"no clan {clan!r} in the packs in use" + suggest(clan, content.clans),
            )
        elif clan in first:
            yield document.error_at(
                (STARTS.key, label),
                "duplicate-start",
                f"clan {clan!r} already starts at {first[clan]}; a clan has one start hex",
            )
        else:
            first[clan] = label
    if not content.clans:
        names = ", ".join(content.packs) or "none"
        yield document.error_at(
            anchor, "no-clans", f"the packs in use ({names}) define no clans", at_key=True
        )
    without = [clan for clan in content.clans if clan not in first]
    if without:
        where: Path_ = (STARTS.key,) if document.has((STARTS.key,)) else ("spaces",)
        yield document.error_at(
            where,
            "no-start",
            f"no start hex for clan{'s' * (len(without) > 1)} {', '.join(without)}: every clan"
            " needs a sea hex to start from",
            at_key=True,
        )


def _check_snandergrab(
    layout: Layout, board: Board, sea: set[str], size: int
) -> Iterator[Diagnostic]:
    document = layout.document
    assert document is not None
    centre = layout.value(SNANDERGRAB.key)
    if centre is None:
        yield document.error_at(
            ("spaces",),
            "no-snandergrab",
            "the layout gives no Snandergrab start; add one, such as snandergrab: D10",
            at_key=True,
        )
        return
    if not board.has_space(centre):
        yield document.error_at(
            (SNANDERGRAB.key,),
            "off-board",
            f"the Snandergrab's start centre {centre} is not a hex of board {board.id!r}",
        )
        return
    wet = [
        format_label(h)
        for h in snandergrab_hexes(parse_label(centre), size)
        if h in board.hexes and format_label(h) in sea
    ]
    if wet:
        yield document.error_at(
            (SNANDERGRAB.key,),
            "snandergrab-in-sea",
            f"the Snandergrab's start on {centre} covers sea ({', '.join(wet)}); no part of"
            " it may lie in the sea",
        )
