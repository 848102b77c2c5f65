"""A dock's panel laid out as one line of text over one view (the Problems and Statistics docks)."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

#: Room around the heading's text: left, top, right, bottom.
HEADING_MARGINS = (6, 3, 6, 3)


def lay_out_headed(panel: QWidget, title: str, heading: str, body: QWidget) -> QLabel:
    """Put a heading line over ``body`` in ``panel``, edge to edge; returns the heading.

    The panel's window title (shown by its dock) becomes ``title``.
    """
    label = QLabel(heading, panel)
    label.setContentsMargins(*HEADING_MARGINS)
    layout = QVBoxLayout(panel)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    layout.addWidget(label)
    layout.addWidget(body)
    panel.setWindowTitle(title)
    return label
