"""The cyclic garbage collector paced for the process a batch's records stream into.

A fast batch sends this process a thousand records a second or more, each decoded into a
few dozen small dicts and lists that are kept. At CPython's default pace (a collection of
the youngest objects every 700 new ones) the collector ran every few records, and, as the
kept results piled up, passed over the whole heap (the design, the content) again and
again: about half of this process's work in a batch on two local workers, which on a
two-core machine is taken from the workers. While a batch streams, the youngest
generation's threshold is raised (:data:`BATCH_THRESHOLD`); it is put back when the last
batch streaming in the process ends (a batch abandoned unfinished ends when its iterator
is closed or collected).
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: New objects between two collections of the youngest generation while a batch streams.
BATCH_THRESHOLD = 20_000

# re-entrant: a collection started inside the lock may end an abandoned batch's generator,
# whose exit takes the lock again on the same thread
_lock = threading.RLock()
_streaming = 0
_saved: tuple[int, int, int] | None = None


@contextmanager
def paced_for_records() -> Iterator[None]:
    """Collect less often while the block runs (nested and concurrent blocks share one
    change, undone when the last ends; a collector turned off or paced slower is left)."""
    global _streaming, _saved
    with _lock:
        if _streaming == 0:
            threshold = gc.get_threshold()
            if 0 < threshold[0] < BATCH_THRESHOLD:
                _saved = threshold
                gc.set_threshold(BATCH_THRESHOLD, threshold[1], threshold[2])
        _streaming += 1
    try:
        yield
    finally:
        with _lock:
            _streaming -= 1
            if _streaming == 0 and _saved is not None:
                if gc.get_threshold()[0] == BATCH_THRESHOLD:  # nobody changed it since
                    gc.set_threshold(*_saved)
                _saved = None
