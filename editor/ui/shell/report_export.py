"""File > Export Playtest Report: the simulator's latest batch (beside the baseline pinned
in the Playtest tab, if any) as one self-contained HTML file to send to a co-designer.

The report is :mod:`editor.studio.report`'s, the same one ``seastack simulate --report``
writes; this module only asks where to put it and says what happened. It reports the batch
as it was played (the design the simulator set up), even if the layout was edited since.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from editor.sim.live import Snapshot
from editor.sim.report.record import BatchRecord
from editor.studio.playtest_data import PlaytestBatch
from editor.studio.report import write_report
from editor.ui.common.save_errors import save_failure
from editor.ui.shell.services import FileServices

#: What the report says played its batch.
PLAYED_BY = "the editor's live simulator"
#: Told when there is nothing to report yet.
NO_BATCH = (
    "The simulator has not played this design yet. Open the Simulator dock or the Playtest"
    " tab, let it play some games, then export the report."
)


def report_name(snapshot: Snapshot) -> str:
    """The report's file name: ``<layout id>-playtest.html``."""
    layout = snapshot.ready.layout.id if snapshot.ready is not None else "layout"
    return f"{layout}-playtest.html"


def record_of(snapshot: Snapshot) -> BatchRecord | None:
    """What the report says of a snapshot's batch (None: it has no games to report)."""
    ready, plan, summary = snapshot.ready, snapshot.plan, snapshot.summary
    if ready is None or plan is None or summary is None or not snapshot.results:
        return None
    elapsed = snapshot.done / snapshot.games_per_second if snapshot.games_per_second else None
    return BatchRecord(
        ready.loaded.workspace,
        ready.layout,
        plan,
        summary,
        tuple(snapshot.warnings),
        played_by=PLAYED_BY,
        elapsed=elapsed,
    )


def export_report(
    snapshot: Snapshot | None,
    services: FileServices,
    folder: Path,
    baseline: PlaytestBatch | None = None,
    write: Callable[[Path, BatchRecord, PlaytestBatch | None], Path] = write_report,
) -> Path | None:
    """Ask for a folder (starting in ``folder``) and write the report there; the path
    written, or None when there was nothing to report, the user cancelled or it failed."""
    prompts = services.prompts
    record = record_of(snapshot) if snapshot is not None else None
    if snapshot is None or record is None:
        prompts.error("No batch to report", NO_BATCH)
        return None
    chosen = prompts.folder_path("Export the Playtest Report To", folder)
    if chosen is None:
        return None
    out = Path(chosen) / report_name(snapshot)
    if out.exists() and not prompts.confirm(
        "Replace the file?", f"{out.name} already exists in {out.parent}. Replace it?"
    ):
        return None
    try:
        write(out, record, baseline)
    except (OSError, ValueError) as exc:  # ValueError: text that cannot be encoded
        prompts.error(
            "Could not export the report",
            f"{out.name} could not be written in {out.parent}: {save_failure(exc)}.",
        )
        return None
    if snapshot.state in ("loading", "running"):
        told = f"Exported {out} ({snapshot.done} of {snapshot.planned} games played so far)"
    else:
        told = f"Exported {out}"
    services.status(told, 6000)
    return out
