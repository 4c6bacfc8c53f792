"""The running program's own frame figures, on request: with TRICADE_FRAME_REPORT naming a
file, the loop counts the frames it wanted at once (something moving: a frame every 1/60
s) and those that began more than one frame period after they were due, the worst
lateness, and how long each computer move took to show (from the start of its thinking
to the end of the frame that drew it, the pace's hold included); one JSON line a report,
every REPORT_SECONDS and at the end (the figures since the start). Without the variable
nothing is counted. tools/cabinetvm reads it from a cabinet's machine (docs/cabinet.md).
"""

from __future__ import annotations

import json
import os
import time

REPORT_SECONDS = 10.0


class FrameReport:
    def __init__(self, path: str, fps: int):
        self.path = path
        self.period = 1.0 / fps
        self.due: float | None = None        # when the next frame is due (something moves)
        self.moving = 0
        self.late = 0
        self.worst = 0.0
        self.moves: list = []                 # seconds from a computer's turn to its frame
        self.started = time.perf_counter()
        self.next_report = self.started + REPORT_SECONDS

    @classmethod
    def from_env(cls, fps: int) -> "FrameReport | None":
        path = os.environ.get("TRICADE_FRAME_REPORT")
        return cls(path, fps) if path else None

    def waiting(self, frame_at: float, at_once: bool) -> None:
        """The loop waits for its next frame: due one period after the last began when
        something moves (``at_once``), else whenever input or a change comes."""
        self.due = frame_at + self.period if at_once else None

    def frame(self, began: float) -> None:
        if self.due is not None:
            self.moving += 1
            lateness = began - self.due
            if lateness > self.period:
                self.late += 1
            self.worst = max(self.worst, lateness)
            self.due = None
        if began >= self.next_report:
            self.next_report = began + REPORT_SECONDS
            self.write()

    def computer_move_shown(self, seconds: float) -> None:
        self.moves.append(round(seconds, 3))

    def figures(self) -> dict:
        return {"seconds": round(time.perf_counter() - self.started, 1),
                "moving_frames": self.moving, "late_frames": self.late,
                "late_share": round(self.late / self.moving, 4) if self.moving else 0.0,
                "worst_late_ms": round(self.worst * 1000, 1),
                "computer_moves": len(self.moves), "computer_moves_s": self.moves[-50:]}

    def write(self) -> None:
        try:
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(json.dumps(self.figures()) + "\n")
        except OSError:
            pass                               # a figure is never worth a frame
