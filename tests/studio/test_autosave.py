"""Autosave files offered back after a crash, as the operating system leaves them."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from editor.studio.autosave import Autosaver


def test_work_of_an_editor_killed_a_moment_ago_is_offered(tmp_path: Path) -> None:
    # a killed process its parent has not reaped yet still answers kill(pid, 0); the
    # autosave must be offered all the same (a restart right after a crash met this)
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        child.send_signal(signal.SIGKILL)
        # wait until it has died, but leave it unreaped (a zombie)
        os.waitid(os.P_PID, child.pid, os.WEXITED | os.WNOWAIT)
        state = Path(f"/proc/{child.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        assert state == "Z"
        left = tmp_path / f"autosave-{child.pid}-abcd1234.json"
        record = {"path": None, "name": "Crab", "text": "id: crab\n", "saved_at": 1}
        left.write_text(json.dumps(record), encoding="utf-8")
        assert [r.file for r in Autosaver(tmp_path).pending()] == [left]
    finally:
        child.wait()


def test_removing_an_autosave_whose_folder_is_a_file_does_not_fail(tmp_path: Path) -> None:
    blocker = tmp_path / "autosave"
    blocker.write_text("not a folder")
    saver = Autosaver(blocker)
    saver.remove()  # closing the window must not fail on it
    assert blocker.read_text() == "not a folder"
