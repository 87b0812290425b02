"""Players: claimed names with a private key and seat links (names.py), ratings and
leaderboards (ratings.py). docs/tables.md.

This package's ``__init__`` imports nothing: import the module that holds what you need.
"""
