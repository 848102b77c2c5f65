"""The plain message shown instead of Qt's abort when no window can open."""

from __future__ import annotations

from editor.ui.common.display_check import XCB_LIBRARIES, display_problem


def test_a_missing_library_is_named_with_its_package() -> None:
    def find(name: str) -> str | None:
        return None if name in ("xcb-cursor", "xcb-icccm") else f"lib{name}.so"

    message = display_problem({"DISPLAY": ":0"}, "linux", find)
    assert message is not None
    assert message.endswith("sudo apt install libxcb-cursor0 libxcb-icccm4")


def test_nothing_to_say_when_all_is_there() -> None:
    assert display_problem({"DISPLAY": ":0"}, "linux", lambda name: f"lib{name}.so") is None
    assert len(XCB_LIBRARIES) >= 9


def test_other_platforms_and_wayland_are_left_to_qt() -> None:
    assert display_problem({}, "darwin", lambda name: None) is None
    assert display_problem({"WAYLAND_DISPLAY": "wayland-0"}, "linux", lambda name: None) is None
    assert display_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux", lambda name: None) is None


def test_no_display_at_all() -> None:
    message = display_problem({"QT_QPA_PLATFORM": "xcb"}, "linux", lambda name: "x")
    assert message is not None
    assert "DISPLAY is not set" in message
