"""The playtest view's charts (Qt Charts): win rates with their intervals, game length,
lines over the rounds, how games ended, and the game's tables. Each chart is told a Qt-free
description (:mod:`editor.studio.playtest_data`, :mod:`editor.studio.playtest_tables`) and
updates its series in place, so a batch streaming in does not flicker."""
