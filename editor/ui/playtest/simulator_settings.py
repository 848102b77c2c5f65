"""The Simulator dock's settings: players, faction pool, modules, bot and games per batch,
remembered in QSettings."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSettings, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QWidget,
)

from editor.sim.live import DEFAULT_GAMES, LiveSettings

#: The QSettings group the dock's settings live in.
GROUP = "simulator"
#: The bot the combo box offers first: the game's best (heuristic) unless the game has none.
DEFAULT_BOT = ""
AUTO_BOT_TEXT = "best available"
MAX_GAMES = 10_000


class SimulatorSettings(QWidget):
    """The settings form; ``changed`` is emitted when the designer changes any of them."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.players = QSpinBox(self)
        self.players.setRange(1, 8)
        self.players.setValue(4)
        self.games = QSpinBox(self)
        self.games.setRange(1, MAX_GAMES)
        self.games.setSingleStep(50)
        self.games.setValue(DEFAULT_GAMES)
        self.bot = QComboBox(self)
        self.bot.addItem(AUTO_BOT_TEXT, DEFAULT_BOT)
        self.factions = self._checklist("Factions each match draws from; none ticked: all")
        self.modules = self._checklist("Modules switched on")
        form = QFormLayout(self)
        self._form = form
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Players", self.players)
        form.addRow("Bots", self.bot)
        form.addRow("Games per batch", self.games)
        form.addRow("Factions", self.factions)
        form.addRow("Modules", self.modules)
        # remembered choices not yet offered (the design's factions come with its first run)
        self._wanted_factions: set[str] = set()
        self._wanted_modules: set[str] = set()
        self._wanted_bot = DEFAULT_BOT
        #: Whether the design's game has factions and modules to choose (until the first
        #: offer, as if it had: the summary says "any factions", "no modules").
        self._has_factions = True
        self._has_modules = True
        #: The number of players the designer chose; a game with fewer seats plays fewer, and
        #: the next game that has room for them plays them again.
        self._wanted_players = self.players.value()
        self.players.valueChanged.connect(self._players_changed)
        self.games.valueChanged.connect(self.changed)
        self.bot.currentIndexChanged.connect(self._bot_changed)
        self.factions.itemChanged.connect(self._ticked)
        self.modules.itemChanged.connect(self._ticked)
        self._offering = False

    def _checklist(self, tip: str) -> QListWidget:
        box = QListWidget(self)
        box.setToolTip(tip)
        box.setMaximumHeight(90)
        return box

    def _players_changed(self, value: int) -> None:
        if not self._offering:
            self._wanted_players = value
        self.changed.emit()

    def _bot_changed(self, _index: int) -> None:
        if not self._offering:
            self._wanted_bot = str(self.bot.currentData())
            self.changed.emit()

    def _ticked(self, _item: QListWidgetItem) -> None:
        if not self._offering:
            self._wanted_factions = set(_ticked(self.factions))
            self._wanted_modules = set(_ticked(self.modules))
            self.changed.emit()

    def settings(self, seed: int = 0) -> LiveSettings:
        """The settings as the live simulator takes them."""
        return LiveSettings(
            players=self.players.value(),
            factions=tuple(sorted(self._wanted_factions)),
            modules=frozenset(self._wanted_modules),
            bot=self._wanted_bot,
            games=self.games.value(),
            seed=seed,
        )

    def summary(self) -> str:
        """The settings in one line, shown while the form is folded away."""
        players = self.players.value()
        parts = [
            f"{players} player{'s' * (players != 1)}",
            f"{self.bot.currentText()} bots",
            f"{self.games.value()} games",
        ]
        if self._has_factions:  # a game whose seats play colours has none to draw
            parts.append(", ".join(sorted(self._wanted_factions)) or "any factions")
        if self._has_modules:
            parts.append(", ".join(sorted(self._wanted_modules)) or "no modules")
        return " · ".join(parts)

    def offer(
        self,
        factions: Sequence[str],
        modules: Sequence[str],
        bots: Sequence[str],
        seats: tuple[int, int] = (1, 8),
    ) -> None:
        """Offer what the design has; remembered choices stay ticked, and the players stay
        within the seats the game declares (a change of number starts a new batch)."""
        self._offering = True
        try:
            # a number of players clamped into range is a change: it starts a new batch
            self.players.setRange(*seats)
            self.players.setValue(min(max(self._wanted_players, seats[0]), seats[1]))
            self._has_factions, self._has_modules = bool(factions), bool(modules)
            self._form.setRowVisible(self.factions, self._has_factions)
            self._form.setRowVisible(self.modules, self._has_modules)
            _fill(self.factions, factions, self._wanted_factions)
            _fill(self.modules, modules, self._wanted_modules)
            if [self.bot.itemData(i) for i in range(1, self.bot.count())] != list(bots):
                self.bot.clear()
                self.bot.addItem(AUTO_BOT_TEXT, DEFAULT_BOT)
                for bot in bots:
                    self.bot.addItem(bot, bot)
                index = self.bot.findData(self._wanted_bot)
                self.bot.setCurrentIndex(max(index, 0))
        finally:
            self._offering = False

    def restore(self, settings: QSettings) -> None:
        """Take the choices remembered in ``settings``."""
        settings.beginGroup(GROUP)
        try:
            self.players.setValue(_int(settings.value("players"), self.players.value()))
            self._wanted_players = self.players.value()
            self.games.setValue(_int(settings.value("games"), self.games.value()))
            self._wanted_bot = str(settings.value("bot", DEFAULT_BOT) or "")
            self._wanted_factions = set(_strings(settings.value("factions")))
            self._wanted_modules = set(_strings(settings.value("modules")))
        finally:
            settings.endGroup()

    def save(self, settings: QSettings) -> None:
        """Remember the choices in ``settings``."""
        settings.beginGroup(GROUP)
        settings.setValue("players", self._wanted_players)
        settings.setValue("games", self.games.value())
        settings.setValue("bot", self._wanted_bot)
        settings.setValue("factions", ",".join(sorted(self._wanted_factions)))
        settings.setValue("modules", ",".join(sorted(self._wanted_modules)))
        settings.endGroup()


def _fill(box: QListWidget, names: Sequence[str], ticked: set[str]) -> None:
    if [box.item(i).text() for i in range(box.count())] == list(names):
        return
    box.clear()
    for name in names:
        item = QListWidgetItem(name, box)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        checked = Qt.CheckState.Checked if name in ticked else Qt.CheckState.Unchecked
        item.setCheckState(checked)


def _ticked(box: QListWidget) -> list[str]:
    return [
        box.item(i).text()
        for i in range(box.count())
        if box.item(i).checkState() == Qt.CheckState.Checked
    ]


def _int(value: object, default: int) -> int:
    try:
        return int(str(value))
    except (TypeError, ValueError):
        return default


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [part for part in value.split(",") if part]
    if isinstance(value, list):
        return [str(part) for part in value if part]
    return []
