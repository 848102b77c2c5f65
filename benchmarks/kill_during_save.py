"""Saves killed midway never tear a file and leave nothing behind: run on demand only.

    .venv/bin/python benchmarks/kill_during_save.py [--kills 100] [--seconds 60] [--size 200000]

Starts a child process that saves one file atomically (``write_text_atomic``) in a tight
loop, alternating two texts, kills it (``SIGKILL``) at a random moment, and checks that the
file holds one of the two texts whole. Then the next save of the file, from this process,
must leave no ``.NAME.XXXXXXXX.tmp`` behind. Repeats until ``--kills`` kills or
``--seconds`` have passed, and prints how many kills caught a save midway (a temporary file
was left), how many files were torn (must be 0) and how many leftovers survived the next
save (must be 0). Exit code 0 when both are 0. POSIX only (it kills with ``SIGKILL``).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from editor.core.atomic import remove_leftovers, write_text_atomic  # noqa: E402

NAME = "cards.yaml"

CHILD = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from editor.core.atomic import write_text_atomic
path = Path({path!r})
texts = [Path({old!r}).read_text(encoding="utf-8"), Path({new!r}).read_text(encoding="utf-8")]
print("ready", flush=True)
i = 0
while True:
    write_text_atomic(path, texts[i % 2])
    i += 1
"""


def texts(size: int) -> tuple[str, str]:
    """Two texts of about ``size`` characters that differ all through."""
    line_a = "  - id: old-card\n    name: Old card, written before\n"
    line_b = "  - id: new-card\n    name: New card, written after the kill\n"
    old = "cards:\n" + line_a * max(1, size // len(line_a))
    new = "cards:\n" + line_b * max(1, size // len(line_b))
    return old, new


def leftovers(folder: Path) -> list[Path]:
    """The temporary files of saves in ``folder``."""
    return sorted(p for p in folder.iterdir() if p.name.startswith(f".{NAME}."))


def run(kills: int, seconds: float, size: int, seed: int) -> int:
    rng = random.Random(seed)
    old, new = texts(size)
    with tempfile.TemporaryDirectory(prefix="seastack-kill-") as temp:
        work = Path(temp)
        folder = work / "pack"
        folder.mkdir()
        path = folder / NAME
        (work / "old.txt").write_text(old, encoding="utf-8")
        (work / "new.txt").write_text(new, encoding="utf-8")
        write_text_atomic(path, old)
        script = CHILD.format(
            root=str(ROOT), path=str(path), old=str(work / "old.txt"), new=str(work / "new.txt")
        )
        done = caught = torn = survived = 0
        started = time.monotonic()
        while done < kills and time.monotonic() - started < seconds:
            child = subprocess.Popen(
                [sys.executable, "-c", script], stdout=subprocess.PIPE, text=True
            )
            assert child.stdout is not None
            child.stdout.readline()  # "ready": saving starts now
            time.sleep(rng.uniform(0.0, 0.05))
            child.send_signal(signal.SIGKILL)
            child.wait()
            child.stdout.close()
            done += 1
            if leftovers(folder):
                caught += 1
            if path.read_text(encoding="utf-8") not in (old, new):
                torn += 1
            write_text_atomic(path, old)  # the next save of the file
            if leftovers(folder):
                survived += 1
                remove_leftovers(folder)
        elapsed = time.monotonic() - started
    print(
        f"{done} kills in {elapsed:.1f} s ({size} characters a save): "
        f"{caught} caught a save midway (a temporary file left), {torn} torn files, "
        f"{survived} temporary files left after the next save"
    )
    return 0 if torn == 0 and survived == 0 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=100, help="how many kills (default 100)")
    parser.add_argument(
        "--seconds", type=float, default=60.0, help="stop after this long (default 60)"
    )
    parser.add_argument(
        "--size", type=int, default=200_000, help="characters a save writes (default 200000)"
    )
    parser.add_argument("--seed", type=int, default=16, help="random seed of the kill moments")
    args = parser.parse_args()
    if os.name != "posix":
        print("kill_during_save: POSIX only", file=sys.stderr)
        return 2
    return run(args.kills, args.seconds, args.size, args.seed)


if __name__ == "__main__":
    raise SystemExit(main())
