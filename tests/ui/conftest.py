"""Qt tests run headless: pick the offscreen platform before anything imports Qt."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
