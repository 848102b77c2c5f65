"""Why the simulator will not play a design the live checks find no error in, as problems
for the Problems dock, so that the dock and the simulator say the same.

The simulator refuses a design when its engine cannot set it up (content the engine cannot
compile) or when a pack the layout uses has errors in a file that is not open; the checks of
the layout alone see neither. The refusal comes from the simulator's own
:func:`~editor.sim.design.prepare_design` on the same design, so both give one reason, and
its diagnostics keep their file, line and column.
"""

from __future__ import annotations

from collections.abc import Sequence

from editor.core.diagnostics import Diagnostic, error
from editor.sim.design import Design, Invalid, prepare_design
from editor.sim.live import Snapshot

#: The code of the problem that says the simulator refuses the design.
CODE = "simulator-refuses"


def may_be_refused(snapshot: Snapshot | None, problems: Sequence[Diagnostic]) -> bool:
    """Whether a snapshot may be the simulator refusing a design the checks passed: paused
    with no design set up, while the layout's problems hold no error (with errors there,
    the simulator refuses for them, and the dock lists them already)."""
    if snapshot is None or any(d.is_error for d in problems):
        return False
    return snapshot.state == "paused" and snapshot.ready is None and snapshot.summary is None


def refusal(design: Design) -> Invalid | None:
    """Why the simulator cannot play this design, or None when it can."""
    prepared = prepare_design(design)
    return prepared if isinstance(prepared, Invalid) else None


def refusal_problems(refused: Invalid, layout_file: str) -> list[Diagnostic]:
    """A refusal as problems: one at the top of the layout that gives the simulator's
    reason, then the diagnostics it gives (in their own files)."""
    lead = error(
        layout_file, 1, 1, CODE, f"the simulator cannot play this design: {refused.reason}"
    )
    return [lead, *refused.diagnostics]
