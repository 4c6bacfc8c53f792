"""Opponents written apart from the games' own levels, kept to measure them (arena seat ``rival``)."""
