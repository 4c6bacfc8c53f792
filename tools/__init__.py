"""Developer tools: the bench, the arena, soaks, tuning and the outside opponents kept for
measuring. Nothing under games/ imports this package, and it is not installed with the game."""
