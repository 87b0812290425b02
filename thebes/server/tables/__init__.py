"""Tables: each game's clock (the rules: clocks.py; stored: store.py), its stand-in moves,
absent seats, presence and votes (tables.py), and rematches (rematch.py). docs/tables.md.

This package's ``__init__`` imports nothing: import the module that holds what you need.
"""
