"""Runs the computer's thinking off the main loop.

A job is a call of a pure function named by ``"module:function"`` with picklable arguments.
It runs in a child Python process (``python -m games.core.worker``) that talks pickle over
its stdin and stdout, so a search never holds the main loop's GIL and a frame is never
blocked. The main loop polls ``Job.poll()`` each frame. Cancelling a running job kills the
child; a fresh one is started for the next job. Streaming jobs get a ``report`` callable
and may send many partial results (the anytime "suggest a move").

Where a child process cannot be started, a thread does the work instead (same interface;
cancelling then only discards the answer).

No pygame here.
"""

from __future__ import annotations

import importlib
import itertools
import os
import pickle
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def resolve(target: str):
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


class Job:
    """One call. ``poll()`` returns the newest result so far (or None) without blocking."""

    def __init__(self, worker: "Worker", job_id: int, target: str, stream: bool):
        self.worker = worker
        self.id = job_id
        self.target = target
        self.stream = stream
        self.started = time.perf_counter()
        self.finished: float | None = None
        self.done = False
        self.cancelled = False
        self.error: str | None = None
        self.result = None
        self.partials: list = []

    def _deliver(self, kind: str, payload) -> None:
        if self.cancelled:
            return
        if kind == "partial":
            self.partials.append(payload)
            self.result = payload
        elif kind == "result":
            if not self.stream or payload is not None:
                self.result = payload
            self.done = True
            self.finished = time.perf_counter()
        elif kind == "error":
            self.error = payload
            self.done = True
            self.finished = time.perf_counter()

    def poll(self):
        self.worker.pump()
        return self.result

    @property
    def elapsed(self) -> float:
        return (self.finished or time.perf_counter()) - self.started

    def cancel(self) -> None:
        if not self.done and not self.cancelled:
            self.cancelled = True
            self.worker._cancel(self)

    def wait(self, timeout: float = 30.0):
        """Block until done (tests and the arena only; never in a frame)."""
        end = time.perf_counter() + timeout
        while not self.done and time.perf_counter() < end:
            self.worker.pump(block=0.01)
        if not self.done:
            raise TimeoutError(f"{self.target} did not finish in {timeout} s")
        if self.error:
            raise RuntimeError(self.error)
        return self.result


class Worker:
    """A single background worker: one job runs at a time, newer jobs wait their turn."""

    def __init__(self, mode: str = "process"):
        self.mode = mode
        self._ids = itertools.count(1)
        self._jobs: dict[int, Job] = {}
        self._pending: list[tuple[Job, tuple, dict]] = []
        self._running: Job | None = None
        self._proc: subprocess.Popen | None = None
        self._inbox: queue.Queue = queue.Queue()
        self.restarts = 0

    # -- public ------------------------------------------------------------------------------
    def submit(self, target: str, *args, stream: bool = False, **kwargs) -> Job:
        job = Job(self, next(self._ids), target, stream)
        self._jobs[job.id] = job
        self._pending.append((job, args, kwargs))
        self.pump()
        return job

    @property
    def busy(self) -> bool:
        return self._running is not None or bool(self._pending)

    def pump(self, block: float = 0.0) -> None:
        """Collect answers and start the next job. Cheap; called every frame."""
        try:
            item = self._inbox.get(timeout=block) if block else self._inbox.get_nowait()
            while True:
                self._handle(*item)
                item = self._inbox.get_nowait()
        except queue.Empty:
            pass
        if self._running is None and self._pending:
            job, args, kwargs = self._pending.pop(0)
            if job.cancelled:
                return self.pump()
            self._running = job
            self._start(job, args, kwargs)

    def close(self) -> None:
        for job, _, _ in self._pending:
            job.cancelled = True
        self._pending.clear()
        if self._running is not None:
            self._running.cancelled = True
            self._running = None
        self._kill()

    # -- internals ---------------------------------------------------------------------------
    def _handle(self, kind: str, job_id: int, payload) -> None:
        job = self._jobs.get(job_id)
        if job is None:
            return
        job._deliver(kind, payload)
        if kind in ("result", "error"):
            self._jobs.pop(job_id, None)
            if self._running is job:
                self._running = None

    def _cancel(self, job: Job) -> None:
        self._jobs.pop(job.id, None)
        self._pending = [p for p in self._pending if p[0] is not job]
        if self._running is job:
            self._running = None
            if self.mode == "process":
                self._kill()   # the only way to stop a search at once
        self.pump()

    def _start(self, job: Job, args: tuple, kwargs: dict) -> None:
        if self.mode == "process":
            data = pickle.dumps((job.id, job.target, args, kwargs, job.stream),
                                protocol=pickle.HIGHEST_PROTOCOL)
            for attempt in (1, 2):     # a child that died a moment ago: one fresh try
                try:
                    self._ensure_process()
                    self._proc.stdin.write(len(data).to_bytes(4, "little") + data)
                    self._proc.stdin.flush()
                    return
                except (OSError, ValueError) as exc:
                    self._kill()
                    if attempt == 2:
                        print(f"The background worker could not start ({exc}); thinking "
                              f"in a thread.", file=sys.stderr)
            self.mode = "thread"
        threading.Thread(target=self._run_in_thread, args=(job, args, kwargs),
                         daemon=True, name=f"worker-{job.id}").start()

    def _run_in_thread(self, job: Job, args: tuple, kwargs: dict) -> None:
        _call(self._inbox.put, job.id, job.target, args, kwargs, job.stream)

    def _ensure_process(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            return
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        self._proc = subprocess.Popen(
            [sys.executable, "-m", "games.core.worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=str(ROOT), env=env)
        self.restarts += 1
        threading.Thread(target=self._reader, args=(self._proc,), daemon=True,
                         name="worker-reader").start()

    def _reader(self, proc: subprocess.Popen) -> None:
        out = proc.stdout
        while True:
            try:
                head = out.read(4)
                if len(head) < 4:
                    break
                body = out.read(int.from_bytes(head, "little"))
            except (OSError, ValueError):   # the pipe was closed under us: a cancel
                break
            try:
                self._inbox.put(pickle.loads(body))
            except Exception as exc:  # a broken message ends this child's answers
                self._inbox.put(("error", -1, f"bad answer from worker: {exc}"))
                break
        # The child ended: a job it was running has failed unless it was cancelled.
        running = self._running
        if running is not None and proc is self._proc and not running.cancelled:
            self._inbox.put(("error", running.id, "the worker process ended unexpectedly"))

    def _kill(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            try:
                proc.kill()
                proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                pass
            for f in (proc.stdin, proc.stdout):
                try:
                    f.close()
                except OSError:
                    pass


def _call(send, job_id, target, args, kwargs, stream) -> None:
    """Run one job, sending its partial answers and its result (or error) as they come."""
    try:
        fn = resolve(target)
        if stream:
            # report(value) sends value; report(a, b, ...) sends the tuple (a, b, ...)
            result = fn(*args, report=lambda *v: send(("partial", job_id,
                                                       v[0] if len(v) == 1 else v)), **kwargs)
        else:
            result = fn(*args, **kwargs)
        send(("result", job_id, result))
    except Exception as exc:  # the message reaches the main loop, which carries on
        send(("error", job_id, f"{type(exc).__name__}: {exc}"))


def _serve() -> None:
    """The child process: read jobs from stdin, write answers to stdout, until EOF."""
    inp = sys.stdin.buffer
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # stray prints must not corrupt the pipe

    def send(item) -> None:
        data = pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
        out.write(len(data).to_bytes(4, "little") + data)
        out.flush()

    while True:
        head = inp.read(4)
        if len(head) < 4:
            return
        job = pickle.loads(inp.read(int.from_bytes(head, "little")))
        _call(send, *job)


if __name__ == "__main__":
    import signal
    # Ctrl+C in the terminal reaches the whole process group: the main program ends this
    # child (its stdin closes), so the child neither stops on its own nor prints a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _serve()
