"""Lasting storage: the tables (schema.py, communitydb.py), the database's URL and engine and the
schema's upgrade (database.py, with Alembic's migrations/), the statements (store.py), the
notifications after a move's commit (notifier.py) and the start-up checks (dbcheck.py).

This package's ``__init__`` imports nothing: import the module that holds what you need.
"""
