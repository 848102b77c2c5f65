"""Content packs: the manifest model and the checks of pack dependencies."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import networkx as nx
from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from editor.core.diagnostics import Diagnostic
from editor.core.documents import Document


@dataclass
class Pack:
    """A content pack: its manifest and the documents in its folder."""

    id: str
    name: str
    version: str
    game: str
    folder: Path
    manifest: Document
    dependencies: dict[str, str] = field(default_factory=dict)
    documents: list[tuple[str, Document]] = field(default_factory=list)
    bundled: bool = False
    #: Where the pack comes from: ``bundled`` with Seastack, ``installed`` from a pack file
    #: into the user's data folder, or a ``folder`` the designer named.
    origin: str = "folder"

    @classmethod
    def from_document(
        cls, document: Document, folder: Path, bundled: bool = False, origin: str | None = None
    ) -> Pack:
        """A pack from a manifest that passed its schema."""
        data = document.data
        return cls(
            id=data["id"],
            name=data["name"],
            version=data["version"],
            game=data["game"],
            folder=folder,
            manifest=document,
            dependencies={k: str(v) for k, v in data.get("dependencies", {}).items()},
            bundled=bundled,
            origin=origin if origin is not None else ("bundled" if bundled else "folder"),
        )

    def files_of_kind(self, kind: str) -> Iterator[Document]:
        """The pack's documents of one kind (``tiles``, ``ruleset``...)."""
        return (doc for k, doc in self.documents if k == kind)


def parse_version(text: str) -> Version | None:
    """A pack version as a comparable version, or None if it cannot be compared.

    >>> parse_version("1.2.0-beta.1") < parse_version("1.2.0")
    True
    """
    try:
        return Version(text)
    except InvalidVersion:
        return None


def parse_range(text: str) -> SpecifierSet | None:
    """A dependency's version range; ``''`` and ``'*'`` mean any version.

    >>> "1.4.0" in parse_range(">=1.0,<2")
    True
    >>> parse_range("about one") is None
    True
    """
    text = text.strip()
    if text in ("", "*"):
        return SpecifierSet()
    try:
        return SpecifierSet(text)
    except InvalidSpecifier:
        return None


def check_dependencies(packs: Mapping[str, Pack]) -> list[Diagnostic]:
    """Missing dependencies, bad or unmet version ranges, other games, and cycles."""
    out: list[Diagnostic] = []
    graph: nx.DiGraph = nx.DiGraph()
    for pack in packs.values():
        graph.add_node(pack.id)
        doc = pack.manifest
        for dep_id, text in pack.dependencies.items():
            where = ("dependencies", dep_id)
            spec = parse_range(text)
            if spec is None:
                message = f"{text!r} is not a version range; write one like '>=1.0,<2'"
                out.append(doc.error_at(where, "bad-version-range", message))
            dep = packs.get(dep_id)
            wanted = text.strip() if text.strip() not in ("", "*") else "any version"
            if dep is None:
                message = (
                    f"pack {pack.id!r} needs {dep_id} {wanted}, which is not bundled, installed"
                    f" or in a folder given; install a version of {dep_id} that matches"
                    f" {wanted}, or add the folder that holds it"
                )
                out.append(doc.error_at(where, "missing-dependency", message, at_key=True))
                continue
            graph.add_edge(pack.id, dep_id)
            if dep.game != pack.game:
                message = f"pack {dep_id!r} is for {dep.game!r}, not {pack.game!r}"
                out.append(doc.error_at(where, "dependency-game", message, at_key=True))
            version = parse_version(dep.version)
            if (
                spec is not None
                and version is not None
                and not spec.contains(version, prereleases=True)
            ):
                message = (
                    f"pack {pack.id!r} needs {dep_id} {text}, but the {dep_id} in use is"
                    f" version {dep.version} ({dep.origin}); install a version that matches"
                    f" {text}"
                )
                out.append(doc.error_at(where, "dependency-version", message))
    out.extend(_cycle_groups(graph, packs))
    return out


#: A cycle group's message names at most this many of its packs.
_GROUP_NAMES = 10


def _cycle_groups(graph: nx.DiGraph, packs: Mapping[str, Pack]) -> list[Diagnostic]:
    """One ``dependency-cycle`` diagnostic per group of packs that depend on each other.

    A group is a strongly connected component (or one pack depending on itself): every
    pack of it reaches every other. Listing every cycle instead would not end in a lifetime
    for a dozen packs that all depend on each other; a group is found in linear time. The
    diagnostic is at the ``dependencies`` key of the group's first pack (by id) and shows
    one shortest circle through that pack, then names the group when it is larger.
    """
    out: list[Diagnostic] = []
    groups = [
        sorted(group)
        for group in nx.strongly_connected_components(graph)
        if len(group) > 1 or any(graph.has_edge(node, node) for node in group)
    ]
    for group in sorted(groups):
        first = group[0]
        ring = _shortest_circle(graph.subgraph(group), first)
        message = "packs depend on each other in a circle: " + " -> ".join(ring)
        if len(group) > len(ring) - 1:
            shown = ", ".join(group[:_GROUP_NAMES])
            rest = len(group) - _GROUP_NAMES
            shown += f" and {rest} more" if rest > 0 else ""
            message += f", in a group of {len(group)} packs that all depend on each other: {shown}"
        manifest = packs[first].manifest
        out.append(manifest.error_at(("dependencies",), "dependency-cycle", message, at_key=True))
    return out


def _shortest_circle(group: nx.DiGraph, start: str) -> list[str]:
    """The shortest circle from ``start`` back to it (its ends both ``start``)."""
    if group.has_edge(start, start):
        return [start, start]
    reached: dict[str, list[str]] = nx.single_source_shortest_path(group, start)
    back = [[*reached[before], start] for before in group.predecessors(start)]
    return min(back, key=lambda ring: (len(ring), ring))


def closure(packs: Mapping[str, Pack], roots: Iterable[str]) -> list[Pack]:
    """The packs named and all they depend on, dependencies first; unknown ids are left out.

    The order is deterministic: a depth-first walk that lists a pack after its dependencies,
    so that later packs override earlier ones when data is merged.
    """
    order: list[Pack] = []
    seen: set[str] = set()

    def visit(pack_id: str, stack: tuple[str, ...]) -> None:
        if pack_id in seen or pack_id in stack or pack_id not in packs:
            return
        pack = packs[pack_id]
        for dep in sorted(pack.dependencies):
            visit(dep, (*stack, pack_id))
        seen.add(pack_id)
        order.append(pack)

    for root in roots:
        visit(root, ())
    return order
