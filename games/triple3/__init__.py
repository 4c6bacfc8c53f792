"""Triple 3 (Acorn Archimedes, 1993): rules and computer player."""
