"""One space of a layout as the editor edits it, and how pinned backs follow a changed stack.

Qt-free and game-free: a stack is a tuple of tile ids, bottom to top.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

Stack = tuple[str, ...]
#: Pinned backs of a stack's tiles, bottom to top (None: dealt at random).
Backs = tuple[str | None, ...]


@dataclass(frozen=True)
class SpaceState:
    """Everything a layout says about one space: stack, pinned backs, tokens, start mark.

    ``backs`` is as the layout holds it (usually one item per tile, or empty when no back is
    pinned); ``tokens`` is ``(token id, count)`` pairs in id order.
    """

    stack: Stack = ()
    backs: Backs = ()
    tokens: tuple[tuple[str, int], ...] = ()
    start: bool = False

    def back(self, index: int) -> str | None:
        """The pinned back of the tile at ``index`` (0 = bottom), or None."""
        return self.backs[index] if 0 <= index < len(self.backs) else None

    def token_count(self, token: str) -> int:
        """How many tokens of one kind lie on the space."""
        return dict(self.tokens).get(token, 0)


def follow_stack(old: SpaceState, stack: Stack) -> SpaceState:
    """A space after its stack changed: pinned backs stay with their tiles.

    The tiles the old and new stacks share at the bottom and at the top keep their backs; two
    tiles that swapped places take theirs along; a tile new or changed in between starts with
    a random back. A space that becomes water keeps nothing: no backs, tokens or start mark.

    >>> old = SpaceState(("beach", "meadow", "mountain"), (None, "eggshells", "salt"))
    >>> follow_stack(old, ("beach", "mountain")).backs  # the meadow was taken out
    (None, 'salt')
    >>> follow_stack(old, ("beach", "mountain", "meadow")).backs  # the top two swapped
    (None, 'salt', 'eggshells')
    >>> follow_stack(old, (*old.stack, "mountain")).backs
    (None, 'eggshells', 'salt', None)
    >>> follow_stack(SpaceState(("beach",), (), (("fire", 1),), True), ())
    SpaceState(stack=(), backs=(), tokens=(), start=False)
    """
    if not stack:
        return SpaceState()
    before = old.stack
    backs: list[str | None] = [old.back(i) for i in range(len(before))]
    if len(before) == len(stack):
        diff = [i for i in range(len(stack)) if before[i] != stack[i]]
        if len(diff) == 2 and (before[diff[0]], before[diff[1]]) == (
            stack[diff[1]],
            stack[diff[0]],
        ):
            backs[diff[0]], backs[diff[1]] = backs[diff[1]], backs[diff[0]]
            return replace(old, stack=stack, backs=_trim(backs))
    head = 0
    while head < min(len(before), len(stack)) and before[head] == stack[head]:
        head += 1
    tail = 0
    while (
        tail < min(len(before), len(stack)) - head
        and before[len(before) - 1 - tail] == stack[len(stack) - 1 - tail]
    ):
        tail += 1
    middle = [None] * (len(stack) - head - tail)
    new = backs[:head] + middle + (backs[len(before) - tail :] if tail else [])
    return replace(old, stack=stack, backs=_trim(new))


def _trim(backs: list[str | None]) -> Backs:
    """No pinned back at all is written as no list."""
    return tuple(backs) if any(b is not None for b in backs) else ()
