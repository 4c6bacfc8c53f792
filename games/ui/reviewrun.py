"""The review of a record run in a worker process of its own, its rows read as they come
(``games.core.replays``'s streaming job): the replay's (games.ui.replay), and learn from
your mistakes' own where no replay is shown (games.ui.learn, a cabinet's customer)."""

from __future__ import annotations


# what the replay says when its review is whole (a notice), taken down when learn opens
JUDGED = "The moves are judged: {figures} shows each seat's figures."


def kinds_at(table, data: dict) -> list:
    """[{seat: "human" | "computer"}] for each ply: who held each seat as it was played
    (a seat's last move up to the ply, else its next; the save's seats for one that never
    moved)."""
    def kind(letter):
        return "computer" if letter == "c" else "human"
    kept = data.get("seats") or {}
    now = {s: kind("c" if kept.get(s) == "computer" else "h") for s in table.seats}
    moved = [(st.current, b) for st, b in zip(table.states, table.by) if b != "-"]
    for seat, b in reversed(moved):          # before its first move: as it first played
        now[seat] = kind(b)
    out = [dict(now)]
    for st, b in zip(table.states, table.by):
        if b != "-":
            now[st.current] = kind(b)
        out.append(dict(now))
    return out


class ReviewRun:
    """The review of a record run in a worker of its own, its rows read as they come: the
    replay's, and learn-from-your-mistakes' own where no replay is shown (a cabinet's
    customer). Reads ``app``, ``entry``, ``data``, ``total``; ``may_judge()`` says whether
    it may run."""

    rows: list
    result = None              # the whole review (its "seats" figures), once it is done
    job = None
    worker = None

    def may_judge(self) -> bool:
        return self.total > 0

    def judge(self) -> None:
        """Start (or start again) the review in a worker of its own."""
        if self.job is not None or not self.may_judge():
            return
        from games.core.worker import Worker
        self.rows, self.stopped, self.failed = [], False, ""
        self.result = None
        self.progress = (0, self.total)
        if self.worker is None:
            self.worker = Worker(getattr(self.app.options, "worker_mode", "process"))
        data = {k: self.data.get(k) for k in ("game", "seed", "options", "start", "moves")}
        self.job = self.worker.submit("games.core.replays:review_stream", self.entry, data,
                                      stream=True)

    def stop_judging(self) -> bool:
        """Esc while the review runs: stop it (what is judged is kept). True if it ran."""
        if self.job is None:
            return False
        job, self.job = self.job, None
        job.poll()
        self._take_partials(job)          # the rows judged so far are kept
        job.cancel()
        self.stopped = True
        return True

    def poll(self) -> bool:
        job = self.job
        if job is None:
            return False
        job.poll()
        changed = self._take_partials(job)
        if job.done:
            self.job = None
            if job.error or not isinstance(job.result, dict):
                why = job.error or "the judge gave no judgement"
                self.failed = f"The moves could not be judged ({why})."
            else:
                self.rows = list(job.result.get("moves") or [])
                self.result = job.result
                self.progress = (self.total, self.total)
                self.reviewed()
            changed = True
        return changed

    def _take_partials(self, job) -> bool:
        """The progress and the rows the job has reported since the last look."""
        if not job.partials:
            return False
        for done, total, *ready in job.partials:
            self.progress = (done, total)
            for rows in ready:
                self.rows.extend(rows)
        job.partials.clear()
        return True

    def reviewed(self) -> None:
        """The review is whole (a hook: the replay says where its figures are)."""

    @property
    def judging(self) -> bool:
        return self.job is not None

    @property
    def judged(self) -> bool:
        """The review is whole."""
        return self.job is None and self.total > 0 and len(self.rows) == self.total

    def close_review(self) -> None:
        self.stop_judging()
        if self.worker is not None:
            self.worker.close()
            self.worker = None
