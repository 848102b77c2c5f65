"""A problem the checks place on one of several spaces, moved to the space just edited.

A check over the whole layout (a tile type used more often than the packs hold) names one
space: the first, in the board's order, past the limit. A designer who has just painted
another space with that tile looks for the problem there, so the studio moves it there when
it knows that is where it came from. Game-free, and careful: a problem moves only when

- it is new since the last check (its code and message were not found then), and only the
  layout was edited since (no content file or pack changed: a rule may have moved);
- it points at a tile of a space that was not edited, and an edited space holds a tile of
  the same type: it then points at that tile instead (the topmost of that type there).

A problem moved once stays on its space while it reads the same and the space still holds
the tile. Nothing else of a diagnostic changes: its code, message and severity are the
checks' own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document, parse_document
from editor.core.layouts import label_sort_key

Key = tuple[str, str]


def _key(diagnostic: Diagnostic) -> Key:
    return (diagnostic.code, diagnostic.message)


def _spaces(document: Document) -> dict[str, list[object]]:
    data = document.data if isinstance(document.data, dict) else {}
    spaces = data.get("spaces")
    if not isinstance(spaces, dict):
        return {}
    return {str(label): list(stack) for label, stack in spaces.items() if isinstance(stack, list)}


def tile_at(document: Document, diagnostic: Diagnostic) -> tuple[str, int] | None:
    """The space and tile (its index in the stack) a diagnostic points at, if it points at
    a tile of a stack."""
    for label, stack in _spaces(document).items():
        for index in range(len(stack)):
            span = document.value_span(("spaces", label, index))
            if (span.line, span.column) == (diagnostic.line, diagnostic.column):
                return label, index
    return None


def _moved(document: Document, diagnostic: Diagnostic, label: str, tile: object) -> Diagnostic:
    stack = _spaces(document)[label]
    index = len(stack) - 1 - stack[::-1].index(tile)  # the topmost tile of that type
    span = document.value_span(("spaces", label, index))
    return dataclasses.replace(diagnostic, line=span.line, column=span.column)


@dataclass
class ProblemFocus:
    """What the studio knows between two checks: the spaces edited, whether anything else
    changed, the problems found last and those it moved (see the module docstring)."""

    edited: set[str] = field(default_factory=set)
    #: Something else than the stacks of known spaces changed (a content file, the packs,
    #: the whole layout turned): no problem is moved at the next check.
    unsure: bool = True
    previous: set[Key] = field(default_factory=set)
    placed: dict[Key, str] = field(default_factory=dict)

    def layout_edited(self, labels: Iterable[str] | None) -> None:
        """Spaces were edited (None: the whole layout was, a turn or a mirror)."""
        if labels is None:
            self.unsure = True
        else:
            self.edited.update(labels)

    def other_change(self) -> None:
        """A content file's text or the packs changed: the next check's problems stay."""
        self.unsure = True

    def start(self) -> None:
        """Another layout: nothing known of it yet."""
        self.edited.clear()
        self.previous.clear()
        self.placed.clear()
        self.unsure = True

    def focus(self, diagnostics: Sequence[Diagnostic], text: str | None) -> list[Diagnostic]:
        """The problems of a check of the layout's ``text``, those the edits brought
        pointing at the space edited."""
        document = parse_document(text, "layout")[0] if text is not None else None
        out = []
        placed: dict[Key, str] = {}
        for diagnostic in diagnostics:
            moved = self._focus_one(document, diagnostic) if document is not None else None
            if moved is not None:
                placed[_key(diagnostic)] = moved[0]
                diagnostic = moved[1]
            out.append(diagnostic)
        self.previous = {_key(d) for d in diagnostics}
        self.placed = placed
        self.edited.clear()
        self.unsure = False
        return out

    def _focus_one(
        self, document: Document, diagnostic: Diagnostic
    ) -> tuple[str, Diagnostic] | None:
        at = tile_at(document, diagnostic)
        if at is None:
            return None
        label, index = at
        spaces = _spaces(document)
        tile = spaces[label][index]
        key = _key(diagnostic)
        kept = self.placed.get(key)
        if key in self.previous and kept is not None and tile in spaces.get(kept, []):
            return kept, _moved(document, diagnostic, kept, tile)
        if key in self.previous or self.unsure or label in self.edited:
            return None
        holding = [e for e in self.edited if tile in spaces.get(e, [])]
        if not holding:
            return None
        chosen = max(holding, key=label_sort_key)
        return chosen, _moved(document, diagnostic, chosen, tile)
