"""A private X server for a test: ``Xvfb -displayfd`` picks a display number no other
server holds (its lock is taken atomically, so tests on other xdist workers, or another
checkout's suite, never pick the same one) and says the number only once it accepts
connections: no guessing a free number, no polling for it to come up."""
from __future__ import annotations

import os
import select
import subprocess
import time


def start_xvfb(screen: str = "1024x768x24", timeout: float = 30.0):
    """(the Xvfb process, its DISPLAY such as ":71"), the server ready for clients."""
    read, write = os.pipe()
    try:
        proc = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", screen,
                                 "-nolisten", "tcp"], pass_fds=(write,),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    finally:
        os.close(write)
    said = b""
    deadline = time.monotonic() + timeout
    try:
        while not said.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([read], [], [], left)[0]:
                stop(proc)
                raise RuntimeError(f"Xvfb did not say its display within {timeout:.0f} s")
            chunk = os.read(read, 64)
            if not chunk:                       # it ended without a display
                stop(proc)
                raise RuntimeError(f"Xvfb ended (status {proc.poll()}) without a display")
            said += chunk
    finally:
        os.close(read)
    return proc, ":" + said.decode().strip()


def stop(proc) -> None:
    """End the server (it takes its lock and socket away with it)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
