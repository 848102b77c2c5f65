"""A Snakes of Wrath tile seen from above (:class:`~editor.core.registry.TileArt`), for the
Preview dock and the replay's table.

The body's path runs from the middle to each side it leaves by; a head is an end mark: in
the middle of a head tile (its neck running to its side), near its own side on a body with
a head. A path is drawn in its snake's owner's colour, or :data:`NOBODYS_PATH`; an unhealed
injury is a cross, a healed one a ``+`` in the corner, and a Todd a ``T``.
"""

from __future__ import annotations

from collections.abc import Sequence

from editor.core.registry import TileArt

#: The path of a snake nobody owns (a stray, a head alone, the unclaimed starter, a tile
#: in the sack).
NOBODYS_PATH = "#f4f1e8"
#: The cross over an unhealed injury.
INJURY_CROSS = "#b71c1c"


def tile_art(
    fill: str,
    body: Sequence[str],
    head: str | None,
    *,
    ink: str = NOBODYS_PATH,
    head_ink: str = "",
    todd: bool = False,
    injured: bool = False,
    healed: bool = False,
) -> TileArt:
    """A tile of colour ``fill`` whose body leaves by ``body`` and head by ``head``; the
    path in ``ink``, and the head of a body with a head (a snake of its own) in
    ``head_ink`` ("": ``ink``)."""
    if todd:
        return TileArt(fill=fill, path_colour=ink, text="T")
    if body:
        paths, ends = tuple(body), (head,) if head else ()
    elif head:
        paths, ends, head_ink = (head,), ("",), ""
    else:
        paths, ends = (), ()
    return TileArt(
        fill=fill,
        paths=paths,
        path_colour=ink,
        ends=ends,
        end_colour=head_ink,
        cross=INJURY_CROSS if injured else "",
        corner="+" if healed else "",
    )
