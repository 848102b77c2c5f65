"""Say plainly why no window can open, before Qt aborts the process with its own message.

Qt's X11 plugin needs a display and a handful of system libraries; when one is missing, Qt
ends the process from C++ with a message that names neither the library nor the fix.
"""

from __future__ import annotations

import ctypes.util
import os
import sys
from collections.abc import Callable, Mapping

#: Libraries the Qt 6 X11 (xcb) plugin loads, and the Debian/Ubuntu package of each.
XCB_LIBRARIES = {
    "xcb-cursor": "libxcb-cursor0",
    "xcb-icccm": "libxcb-icccm4",
    "xcb-image": "libxcb-image0",
    "xcb-keysyms": "libxcb-keysyms1",
    "xcb-randr": "libxcb-randr0",
    "xcb-render-util": "libxcb-render-util0",
    "xcb-shape": "libxcb-shape0",
    "xcb-xkb": "libxcb-xkb1",
    "xkbcommon-x11": "libxkbcommon-x11-0",
}


def display_problem(
    environ: Mapping[str, str] | None = None,
    platform: str = sys.platform,
    find_library: Callable[[str], str | None] = ctypes.util.find_library,
) -> str | None:
    """Why Qt cannot open a window here, or None when nothing is known to be wrong.

    >>> display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    True
    >>> print(display_problem({}, "linux", lambda name: "found"))
    No display to open a window on: DISPLAY is not set. Run Seastack in a desktop session.
    """
    env = os.environ if environ is None else environ
    if not platform.startswith("linux"):
        return None
    chosen = env.get("QT_QPA_PLATFORM", "")
    if chosen and not chosen.startswith("xcb"):
        return None
    if not chosen and env.get("WAYLAND_DISPLAY"):
        return None
    if not env.get("DISPLAY"):
        return (
            "No display to open a window on: DISPLAY is not set. Run Seastack in a desktop session."
        )
    missing = [package for name, package in XCB_LIBRARIES.items() if not find_library(name)]
    if missing:
        return (
            "Qt needs system libraries that are not installed: "
            + ", ".join(missing)
            + ". On Debian or Ubuntu: sudo apt install "
            + " ".join(missing)
        )
    return None
