"""The playtest report: one self-contained HTML file of a batch, to send to a co-designer
(:mod:`editor.studio.report.document`, with charts drawn as SVG by
:mod:`editor.studio.report.charts`).

:func:`write_report` is the :data:`~editor.sim.report.record.ReportWriter` that
``seastack simulate --report`` and File > Export Playtest Report use.
"""

from __future__ import annotations

from pathlib import Path

from editor.core.atomic import write_text_atomic
from editor.sim.report.record import BatchRecord
from editor.studio.playtest_data import BASELINE, PlaytestBatch
from editor.studio.report.document import batch_of, report_document

__all__ = ["report_document", "write_report"]


def write_report(out: Path, record: BatchRecord, baseline: PlaytestBatch | None = None) -> Path:
    """Write the report of a batch (beside a pinned baseline, or the record's own) to
    ``out``, atomically."""
    out = Path(out)
    if baseline is None and record.baseline is not None:
        names = batch_of(record).names
        baseline = PlaytestBatch(record.baseline, names, BASELINE)
    write_text_atomic(out, report_document(record, baseline))
    return out
