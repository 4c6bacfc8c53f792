"""Pebbles: the example game of docs/shell.md, the smallest complete game on the house
(registered hidden by tests/conftest.py)."""
