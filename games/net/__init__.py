"""Network play: a table server that owns every position and every chance, and the client
library a game's main loop uses to sit at one of its tables (docs/network.md).

A layer of its own beside the app (DESIGN.md, "Network play"): it imports games.core and,
through the registry, each game's rules and ai; never pygame, never a scene, and it names
no game. ``websockets`` is imported only inside this package, and only where a socket is
opened (``server``, ``client``), so the rest of Tricade runs without it.

    protocol.py   the messages, their limits and checks; table codes, tokens, hashes
    tables.py     one table as the server holds it: position, seats, moves (pure)
    db.py         the tables in SQLite (WAL; a move is committed before it is sent)
    server.py     ``tricade serve``: the asyncio server
    client.py     ``Client``: a table for a game's main loop, on a background thread
    bot.py        ``tricade bot``: a seat played by the computer over the network
    commands.py   the command line's ``serve``, ``table``, ``tables`` and ``bot``
"""
