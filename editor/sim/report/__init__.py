"""What a playtest report says of a batch, as plain data (:mod:`editor.sim.report.record`).

The report itself (an HTML file with its charts as inline SVG) is drawn in the studio layer,
:mod:`editor.studio.report`, from the same figures the editor's Playtest tab shows; the
simulator hands it a :class:`~editor.sim.report.record.BatchRecord` through a
:data:`~editor.sim.report.record.ReportWriter`, so that ``seastack simulate --report`` and
File > Export Playtest Report write the same document.
"""
