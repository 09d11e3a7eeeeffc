"""Algae's frame types, on the shared machine in engine/frames.py.

Each seat has its own stack (``s["stacks"][seat]``): several seats may be asked at once.
The rules modules register their frames with ``decision`` / ``applies`` / ``auto`` and ask
with ``push``; the callbacks take ``(g, seat, frame)``.
"""

from __future__ import annotations

from engine.frames import Frames

FRAMES = Frames(per_seat=True)

decision = FRAMES.decision
applies = FRAMES.applies
auto = FRAMES.runs
push = FRAMES.push
