"""What every game's runner of rules examples judges alike: a step's refusal against the
``expect_error`` it was written with (``../shared/spec/examples.md``)."""

from __future__ import annotations

from collections.abc import Callable


def refusal_verdict(
    where: str, wanted: str | None, refusal: str | None, changed: Callable[[], list[str]]
) -> tuple[list[str], bool]:
    """The differences a step makes against its ``expect_error`` (``wanted``; None: no
    refusal expected, "": any) given its ``refusal`` (None: it was allowed), and whether the
    example stops there. ``changed`` says what a refused step changed (nothing may change);
    it is asked only when a refusal was expected and came.

    >>> refusal_verdict("step 1", "", None, list)
    (['step 1: expected a refusal, but it was allowed'], True)
    >>> refusal_verdict("step 2", "water", "no: water", list)
    ([], False)
    """
    if wanted is None:
        if refusal is not None:
            return [f"{where}: refused: {refusal}"], True
        return [], False
    if refusal is None:
        mentioning = f" mentioning {wanted!r}" if wanted else ""
        return [f"{where}: expected a refusal{mentioning}, but it was allowed"], True
    found = []
    if wanted.casefold() not in refusal.casefold():
        found.append(f"{where}: refused with {refusal!r}, expected a message mentioning {wanted!r}")
    moved = changed()
    if moved:
        found.append(f"{where}: refused but the state changed: {'; '.join(moved)}")
        return found, True
    return found, False
