"""Fitting evaluation weights to self-play (developers' tools: numpy and scipy)."""
