"""Adapters from thebes's games to research libraries (docs/interop.md).

* :mod:`thebes.interop.actions`: the covered games (every game with a
  ``tensors`` hook) and each one's fixed integer encoding of every move and
  chance outcome per player count (a bijection between ids and notation),
  cached; the encodings themselves are the games' (``thebes/games/<g>/tensors.py``
  on :mod:`thebes.core.tensors`);
* :mod:`thebes.interop.observations`: each game's observation tensor, built
  from ``observation(seat)`` only (also the game's ``tensors`` hook);
* :mod:`thebes.interop.adapter`: :class:`~thebes.interop.adapter.Position`,
  an engine state driven by ids (deals and compound moves in sub-steps),
  shared by both adapters;
* :mod:`thebes.interop.openspiel`: ``register()`` makes ``python_thebes_<game>``
  loadable with ``pyspiel.load_game`` (needs ``thebes[openspiel]``);
* :mod:`thebes.interop.pettingzoo`: ``env(game, players, options)``, an AEC
  environment (needs ``thebes[pettingzoo]``);
* :mod:`thebes.interop.conformance`: both libraries' conformance tests on
  every game, for long runs with any seed.

Nothing here is imported by the core or a game, and nothing here names a game:
what differs between games comes from ``get_game(name).hooks.module("tensors")``
(thebes/core/hooks.py). This package imports OpenSpiel and PettingZoo only inside
the two modules named after them.
"""
