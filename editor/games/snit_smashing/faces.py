"""Clans, Snits and the ruleset worded for the editor's Preview dock."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from editor.core.registry import Face, FaceLine


def _clan(data: Mapping[str, Any]) -> Face:
    return Face(
        name=str(data.get("name", data.get("id", ""))),
        kind="Clan",
        id=str(data.get("id", "")),
        details=(FaceLine("Colour", str(data.get("colour", ""))),),
        text=str(data.get("description", "")),
    )


def _snit(data: Mapping[str, Any]) -> Face:
    details = [
        FaceLine("Clan", str(data.get("clan", ""))),
        FaceLine("Speed", f"{data.get('speed', '?')} hexes a bound"),
    ]
    if data.get("badge"):
        details.append(FaceLine("Badge", f"{data['badge']} (not used in Snit Smashing)"))
    return Face(
        name=str(data.get("name", data.get("id", ""))),
        kind="Snit",
        id=str(data.get("id", "")),
        details=tuple(details),
    )


_FACES: dict[str, Callable[[Mapping[str, Any]], Face]] = {"clans": _clan, "snits": _snit}


def preview(kind: str, data: Mapping[str, Any]) -> Face | None:
    """The registry's preview hook: the face of an entry of a ``kind`` file, else None."""
    face = _FACES.get(kind)
    return face(data) if face is not None else None
