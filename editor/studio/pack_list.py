"""The layout's pack list, without Qt: which packs it may use, and each edit of the list.

A layout names its packs (``packs:``; without it, its game's bundled packs); they and what
they depend on are the packs in use, later ones overriding earlier ones. The editor attaches
a pack (its dependencies that the list lacks come with it, before it), detaches one (refused
when the layout would lose what it stands on: the places that would break are named) and
moves one up or down. Each edit is a :class:`PackEdit`, which the editor turns into one undo
command; :func:`workspace_for` loads the content the edited list brings.

The packs on offer are those the design can use (:mod:`editor.core.pack_files.discovery`):
the bundled ones, the installed ones and those in the designer's folders.
"""

from __future__ import annotations

import dataclasses
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from editor.core.diagnostics import Diagnostic
from editor.core.documents import parse_document
from editor.core.layouts import Layout, dump_layout
from editor.core.locate import space_of_diagnostic
from editor.core.pack_files.discovery import installed_packs, read_pack_folder
from editor.core.pack_files.versions import matches, version_key
from editor.core.packs import closure
from editor.core.workspace import PathError, Workspace, load_workspace
from editor.studio.layout_files import check_text
from editor.studio.layout_model import LayoutModel

#: How each origin is worded beside a pack's name.
ORIGIN_WORDS = {"bundled": "bundled", "installed": "installed", "folder": "your folder"}
#: How many broken places a refusal names before "and N more".
PLACES_SHOWN = 6


@dataclass(frozen=True)
class PackChoice:
    """A pack a layout may use: who it is, which version, where it comes from."""

    id: str
    name: str
    version: str
    origin: str
    folder: Path | None
    dependencies: tuple[tuple[str, str], ...] = ()

    @property
    def label(self) -> str:
        """``Zaps 0.3.0 (zaps) · installed``."""
        return (
            f"{self.name} {self.version} ({self.id}) · {ORIGIN_WORDS.get(self.origin, self.origin)}"
        )


@dataclass(frozen=True)
class PackEdit:
    """A new pack list and what it means; ``refused`` says why it cannot be made."""

    packs: tuple[str, ...]
    #: The undo command's words: ``Attach pack zaps``.
    text: str
    #: Dependencies that came with an attached pack (listed before it).
    added: tuple[str, ...] = ()
    #: What nothing on offer provides: a dependency, in words.
    missing: tuple[str, ...] = ()
    #: Why the edit is refused (the places that would break), in words; empty when it is not.
    refused: tuple[str, ...] = ()
    #: A detached pack still in use: the listed packs that depend on it.
    kept_by: tuple[str, ...] = ()


def listed(model: LayoutModel) -> tuple[str, ...]:
    """The layout's packs as listed; its game's bundled packs when it lists none."""
    layout = model.layout
    if layout.packs is not None:
        return tuple(layout.packs)
    return tuple(model.workspace.default_packs(layout.game))


def in_use(model: LayoutModel) -> list[str]:
    """The ids of the packs in use: those listed and their dependencies, dependencies first."""
    return [p.id for p in model.workspace.packs_in_use(model.layout)]


def choices(model: LayoutModel) -> list[PackChoice]:
    """Every pack of the layout's game the design may use, one version of each id.

    The workspace's packs (bundled, the designer's folders, the installed ones loaded); the
    designer's pack folders opened since; then each installed id not loaded yet, at its
    highest version. Sorted bundled first, then the designer's, then installed, by id.
    """
    game = model.layout.game
    found: dict[str, PackChoice] = {}
    for pack in model.workspace.packs.values():
        if pack.game == game:
            deps = tuple(sorted(pack.dependencies.items()))
            found[pack.id] = PackChoice(
                pack.id, pack.name, pack.version, pack.origin, pack.folder, deps
            )
    for folder in model.pack_folders:  # the designer's, opened since the layout was loaded
        read = read_pack_folder(folder) if (folder / "pack.yaml").is_file() else None
        if read is not None and read.game == game and read.id not in found:
            found[read.id] = PackChoice(
                read.id, read.name, read.version, "folder", folder, read.dependencies
            )
    for each in sorted(installed_packs(), key=lambda p: version_key(p.version), reverse=True):
        if each.game == game and each.id not in found:
            found[each.id] = PackChoice(
                each.id, each.name, each.version, "installed", each.folder, each.dependencies
            )
    order = {"bundled": 0, "folder": 1, "installed": 2}
    return sorted(found.values(), key=lambda c: (order.get(c.origin, 3), c.id))


def attach(model: LayoutModel, pack_id: str) -> PackEdit:
    """Add a pack to the end of the list, its dependencies the list lacks before it."""
    now = listed(model)
    offered = {c.id: c for c in choices(model)}
    if pack_id in now:
        return PackEdit(now, f"Attach pack {pack_id}", refused=(f"{pack_id} is attached already",))
    added: list[str] = []
    missing: list[str] = []

    def bring(wanted: str, stack: tuple[str, ...]) -> None:
        choice = offered.get(wanted)
        if choice is None:
            return
        for dep, wanted_range in choice.dependencies:
            present = offered.get(dep)
            if present is None:
                missing.append(
                    f"{wanted} needs {dep} {wanted_range or '*'}, which no pack on offer is"
                )
            elif not matches(wanted_range, present.version):
                on_offer = present.version
                missing.append(f"{wanted} needs {dep} {wanted_range}, but {on_offer} is on offer")
            if present is not None and dep not in now and dep not in added and dep not in stack:
                bring(dep, (*stack, wanted))
                added.append(dep)

    if pack_id not in offered:
        missing.append(f"no pack {pack_id!r} is bundled, installed or in your folders")
    bring(pack_id, ())
    return PackEdit(
        (*now, *added, pack_id),
        f"Attach pack {pack_id}",
        tuple(added),
        tuple(dict.fromkeys(missing)),
    )


def move(model: LayoutModel, pack_id: str, by: int) -> PackEdit | None:
    """Move a pack up (``by=-1``) or down the list (later packs override earlier ones);
    None when it cannot move that way."""
    now = list(listed(model))
    if pack_id not in now:
        return None
    index = now.index(pack_id)
    target = index + by
    if not 0 <= target < len(now):
        return None
    now.insert(target, now.pop(index))
    way = "up" if by < 0 else "down"
    return PackEdit(tuple(now), f"Move pack {pack_id} {way}")


def detach(model: LayoutModel, pack_id: str, texts: Mapping[Path, str] | None = None) -> PackEdit:
    """Take a pack off the list, unless the layout needs it: the checks are run without it,
    and every new error (a tile type no pack defines any more...) refuses it, with its place.

    A pack another listed pack depends on stays in use: ``kept_by`` names those packs.
    """
    now = listed(model)
    text = f"Detach pack {pack_id}"
    if pack_id not in now:
        return PackEdit(now, text, refused=(f"{pack_id} is not in the layout's list",))
    after = tuple(p for p in now if p != pack_id)
    ws = model.workspace
    kept_by = tuple(
        p.id for p in closure(ws.packs, after) if pack_id in p.dependencies and p.id in after
    )
    if kept_by:
        return PackEdit(after, text, kept_by=kept_by)
    breaks = _new_errors(model, dataclasses.replace(model.layout, packs=after), texts)
    return PackEdit(after, text, refused=tuple(breaks))


def _new_errors(model: LayoutModel, layout: Layout, texts: Mapping[Path, str] | None) -> list[str]:
    """The errors the layout would have that it has not now, each with its space."""
    before_text = model.checked_text()
    after_text = dump_layout(layout)
    name = model.display_name
    folders = model.pack_folders
    before = check_text(model.path, before_text, name, packs=folders, texts=texts)
    after = check_text(model.path, after_text, name, packs=folders, texts=texts)
    known = {(d.code, d.message) for d in before if d.is_error}
    fresh = [d for d in after if d.is_error and (d.code, d.message) not in known]
    worded = [_place(d, after_text) for d in fresh]
    if len(worded) > PLACES_SHOWN:
        worded = [*worded[:PLACES_SHOWN], f"and {len(worded) - PLACES_SHOWN} more"]
    return worded


def _place(diagnostic: Diagnostic, text: str) -> str:
    """``D4: no tile type 'lava' ...``: the message with the space it is about, if any."""
    document, _problems = parse_document(text, diagnostic.path)
    label = space_of_diagnostic(document, diagnostic) if document is not None else None
    if label is None or diagnostic.message.startswith(f"{label}:"):
        return diagnostic.message
    return f"{label}: {diagnostic.message}"


def unattached(model: LayoutModel) -> list[PackChoice]:
    """The designer's packs of this game, open in the editor, that the layout does not use:
    the simulator plays without them, which the editor says."""
    using = set(in_use(model))
    return [c for c in choices(model) if c.origin == "folder" and c.id not in using]


def workspace_for(
    model: LayoutModel, packs: Sequence[str], texts: Mapping[Path, str] | None = None
) -> Workspace | None:
    """The content the layout sees with another pack list (an installed pack attached is
    loaded only once the layout names it); None when it cannot be loaded."""
    layout = dataclasses.replace(model.layout, packs=tuple(packs))
    text = dump_layout(layout)
    others = dict(texts or {})
    folders = [p for p in model.pack_folders if p.is_dir()]
    try:
        if model.path is not None and model.path.exists():
            return load_workspace([model.path, *folders], texts={**others, model.path: text})
        with tempfile.TemporaryDirectory(prefix="seastack-packs-") as folder:
            temp = Path(folder) / "untitled.layout.yaml"
            temp.write_text(text, encoding="utf-8")
            return load_workspace([temp, *folders], texts=others)
    except (PathError, OSError):
        return None
