"""A game's table section (cards played, losses...) as a sortable table: names first (the id
in the tooltip), figures right-aligned on one line each, sorted by their numbers.

Rows are kept by key: a streaming batch updates the cells in place (the sort order and the
scroll position stay), a row appears or goes only when the batch gains or loses one.
"""

from __future__ import annotations

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from editor.studio.playtest_tables import Cell, TableData

#: What a cell sorts by.
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
#: The row's key (its section label), on the first cell.
KEY_ROLE = Qt.ItemDataRole.UserRole + 2
#: Most rows shown before the table scrolls on its own.
MOST_ROWS = 16
RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
LEFT = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter


class SectionTable(QWidget):
    """A title, the table and the section's note."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data: TableData | None = None
        self.title = QLabel(self)
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.model = QStandardItemModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT_ROLE)
        self.proxy.setDynamicSortFilter(True)
        self.view = QTableView(self)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.setWordWrap(False)  # one line per figure; the columns fit their texts
        self.view.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.verticalHeader().setVisible(False)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        header.setDefaultAlignment(RIGHT)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 6, 0, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.view)
        layout.addWidget(self.note)
        self._headers: tuple[str, ...] = ()

    def show_data(self, data: TableData) -> None:
        """Show this table, updating the rows it already has."""
        self.data = data
        self.title.setText(data.title)
        self.note.setText(data.note)
        self.note.setVisible(bool(data.note))
        if data.headers != self._headers:
            self.model.clear()
            self.model.setColumnCount(len(data.headers))
            for column, (text, tip) in enumerate(zip(data.headers, data.header_tips, strict=True)):
                item = QStandardItem(text)
                item.setToolTip(tip)
                item.setTextAlignment(LEFT if column == 0 else RIGHT)
                self.model.setHorizontalHeaderItem(column, item)
            self._headers = data.headers
            self.view.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the section's own order
        rows = {self.model.item(r, 0).data(KEY_ROLE): r for r in range(self.model.rowCount())}
        for key, cells in zip(data.keys, data.rows, strict=True):
            row = rows.pop(key, None)
            if row is None:
                items = [_item(cell) for cell in cells]
                items[0].setData(key, KEY_ROLE)
                self.model.appendRow(items)
                continue
            for column, cell in enumerate(cells):
                _update(self.model.item(row, column), cell)
        for row in sorted(rows.values(), reverse=True):  # rows the batch no longer has
            self.model.removeRow(row)
        self._fit_height()

    def _fit_height(self) -> None:
        rows = min(self.model.rowCount(), MOST_ROWS)
        height = self.view.horizontalHeader().sizeHint().height() + 2 * self.view.frameWidth()
        height += rows * self.view.verticalHeader().defaultSectionSize()
        if self.view.horizontalScrollBar().isVisible():
            height += self.view.horizontalScrollBar().sizeHint().height()
        self.view.setFixedHeight(height + 2)

    # --- what the table holds (read back from its model, in the order shown) ------------

    def texts(self) -> list[list[str]]:
        """The cells' texts as shown, row by row in the current sort order."""
        proxy = self.proxy
        return [
            [str(proxy.index(r, c).data()) for c in range(proxy.columnCount())]
            for r in range(proxy.rowCount())
        ]

    def headers(self) -> list[str]:
        """The column headers."""
        return [
            str(self.model.horizontalHeaderItem(c).text()) for c in range(self.model.columnCount())
        ]

    def cell(self, key: str, column: str) -> QStandardItem:
        """The item of a row (by key) and a column (by header)."""
        col = self.headers().index(column)
        row = next(
            r for r in range(self.model.rowCount()) if self.model.item(r, 0).data(KEY_ROLE) == key
        )
        return self.model.item(row, col)


def _item(cell: Cell) -> QStandardItem:
    item = QStandardItem()
    item.setEditable(False)
    _update(item, cell)
    return item


def _update(item: QStandardItem, cell: Cell) -> None:
    if item.text() != cell.text:
        item.setText(cell.text)
    item.setData(cell.sort, SORT_ROLE)
    item.setToolTip(cell.tooltip)
    item.setTextAlignment(RIGHT if cell.numeric else LEFT)
    if item.font().bold() != cell.strong:
        font = item.font()
        font.setBold(cell.strong)
        item.setFont(font)
