"""One match of a batch as it ended (:class:`GameResult`), and its record as JSON.

Results travel from workers as these JSON records (``to_json`` with the engine's choice
encoder, ``from_json`` with its decoder): no pickle of an engine's objects crosses a
process or a machine.
"""

from __future__ import annotations

import hashlib
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from editor.core.engine import ChoiceDecoder, ChoiceEncoder, plain_choice_from_json


@dataclass(frozen=True, slots=True)
class GameResult:
    """One match of a batch: how it was set up and how it ended, or the error it raised."""

    index: int
    seed: int
    factions: tuple[str, ...]
    winners: tuple[int, ...] = ()
    reason: str = ""
    rounds: int = 0
    #: Decisions taken in the match.
    steps: int = 0
    #: The game's measurements of the match (see ``Measure``).
    metrics: Mapping[str, Any] = field(default_factory=dict)
    #: ``ExceptionType: message (file:line)`` when the match failed; None when it ended.
    error: str | None = None
    #: When the match failed: the choices handed to ``apply`` in order (the one whose
    #: ``apply`` raised last), so that the failure replays. Empty for a match that ended.
    #: The engine's own objects; :meth:`to_json` with the engine's encoder writes them.
    choices: tuple[Hashable, ...] = ()
    #: :func:`event_digest` of the final event log, when the plan asked for it (``digest``).
    digest: str = ""

    @property
    def ok(self) -> bool:
        """Whether the match ran to its end."""
        return self.error is None

    def to_json(self, encode: ChoiceEncoder | None = None) -> dict[str, Any]:
        """Plain data: what a game's metrics summarize and what ``--json`` prints.

        A finished match's record has the same keys as it always had, plus ``digest`` when
        there is one. A failed match's record also carries its ``choices`` when ``encode``
        (the engine's ``choice_to_json``: a result does not know its engine) is given.
        """
        data: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "factions": list(self.factions),
            "winners": list(self.winners),
            "reason": self.reason,
            "rounds": self.rounds,
            "steps": self.steps,
            "metrics": dict(self.metrics),
            "error": self.error,
        }
        if self.digest:
            data["digest"] = self.digest
        if encode is not None and not self.ok:
            data["choices"] = [encode(choice) for choice in self.choices]
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any], decode: ChoiceDecoder | None = None) -> GameResult:
        """The result a :meth:`to_json` record (or its ``json.loads``) describes.

        ``decode`` (the engine's ``choice_from_json``) reads the ``choices`` back; without
        it they are read as plain choices (lists become tuples). Raises ``ValueError`` for a
        record that is not one: a missing key, a value of the wrong type, choices that do
        not decode.
        """
        # (the checks try JSON's own types first: a batch's process reads thousands of
        # records a second while its workers play)
        if type(data) is not dict and not isinstance(data, Mapping):
            raise ValueError(f"a match record is an object, not {type(data).__name__}")
        read = decode if decode is not None else plain_choice_from_json
        error = data.get("error")
        if error is not None and not isinstance(error, str):
            raise ValueError(f"a match record's 'error' is a string or null, not {error!r}")
        metrics = data.get("metrics", {})
        if type(metrics) is not dict and not isinstance(metrics, Mapping):
            raise ValueError(f"a match record's 'metrics' is an object, not {metrics!r}")
        digest = data.get("digest", "")
        if not isinstance(digest, str):
            raise ValueError(f"a match record's 'digest' is a string, not {digest!r}")
        choices = data.get("choices", [])
        if not isinstance(choices, list):
            raise ValueError(f"a match record's 'choices' is a list, not {choices!r}")
        decoded: tuple[Hashable, ...] = ()
        if choices:
            try:
                decoded = tuple(read(choice) for choice in choices)
            except ValueError as exc:
                raise ValueError(f"a match record's choices do not decode: {exc}") from None
        return cls(
            index=_json_int(data, "index"),
            seed=_json_int(data, "seed"),
            factions=_json_tuple(data, "factions", str),
            winners=_json_tuple(data, "winners", int),
            reason=_json_str(data, "reason"),
            rounds=_json_int(data, "rounds"),
            steps=_json_int(data, "steps"),
            metrics=dict(metrics),
            error=error,
            choices=decoded,
            digest=digest,
        )


def _json_int(data: Mapping[str, Any], key: str) -> int:
    value = data.get(key)
    if type(value) is int:
        return value
    if key not in data:
        raise ValueError(f"a match record needs its {key!r}")
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"a match record's {key!r} is an int, not {value!r}")
    return value


def _json_str(data: Mapping[str, Any], key: str) -> str:
    value = data.get(key, "")
    if type(value) is not str and not isinstance(value, str):
        raise ValueError(f"a match record's {key!r} is a string, not {value!r}")
    return value


def _json_tuple(data: Mapping[str, Any], key: str, kind: type) -> tuple[Any, ...]:
    value = data.get(key, ())
    if type(value) is list:
        items = tuple(value)
        if all(type(x) is kind for x in items):
            return items
    if not isinstance(value, list | tuple) or not all(
        isinstance(x, kind) and not isinstance(x, bool) for x in value
    ):
        raise ValueError(f"a match record's {key!r} is a list of {kind.__name__}, not {value!r}")
    return tuple(value)


def event_digest(events: Sequence[tuple[Any, ...]]) -> str:
    """A short hash of an event log: equal logs, equal digests, in any process."""
    hasher = hashlib.blake2b(digest_size=16)
    for event in events:
        hasher.update(repr(event).encode())
        hasher.update(b"\n")
    return hasher.hexdigest()
