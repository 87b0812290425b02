"""The HTTP and socket routes, one module per resource, each with its pydantic models:
games.py (the lobby), seats.py, play.py (views, moves, records), sockets.py, hints.py,
replay.py, review.py, tables.py, players.py and pages.py (the client's pages and files);
errors.py answers errors, community.py holds the parts of tables and players.
``create_app`` (thebes/server/app.py) includes them. docs/web-api.md.

This package's ``__init__`` imports nothing: import the module that holds what you need.
"""
