"""Attack dice: rolled from the state's seeded generator, or forced by a rules example."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from editor.games.snails.engine.chance import choice

if TYPE_CHECKING:
    from editor.games.snails.engine.state import State


def force_dice(st: State, faces: Sequence[str]) -> None:
    """The next dice rolled take these results, in order."""
    st.forced_faces.extend(st.rules.face(f) for f in faces)


def forced_dice(st: State) -> tuple[str, ...]:
    """The forced results not rolled yet, in order."""
    names = st.rules.face_names
    return tuple(names[f] for f in st.forced_faces)


def clear_forced_dice(st: State) -> int:
    """Forget the forced results not rolled yet; how many there were."""
    left = len(st.forced_faces)
    st.forced_faces.clear()
    return left


def roll(st: State, n: int) -> list[int]:
    """Roll ``n`` attack dice (forced results first)."""
    out = []
    faces = st.rules.faces
    forced = st.forced_faces
    rng = st.rng
    # a face drawn as randrange(len(faces)) draws it
    for _ in range(n):
        out.append(forced.pop(0) if forced else choice(rng, faces))
    return out
