"""Live games: the authority that applies moves (service.py over cache.py and livegame.py), the
views and their snapshots (views.py), the sockets' hub (hub.py), other processes' changes
(fanout.py), bot seats (bots.py, botwork.py), replays (replays.py) and reviews (reviewer.py).

This package's ``__init__`` imports nothing: import the module that holds what you need.
"""
