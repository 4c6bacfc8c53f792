"""Tricade's command line in its own process with the example games registered, for
tests/test_net.py: ``python tests/net_child.py serve|table|tables|bot ...`` is
``tricade serve|table|tables|bot ...`` on a checkout whose registry holds tests/example_*
too (as tests/conftest.py registers them in the test process), so a server and its bots
play every game the registry tests cover."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import conftest  # noqa: E402,F401  (registers the example games)

if __name__ == "__main__":     # the server's worker processes import this file too
    from games.cli import entry
    entry("tricade")
