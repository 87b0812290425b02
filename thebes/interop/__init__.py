"""Adapters from thebes's games to research libraries (docs/interop.md).

* :mod:`thebes.interop.actions`: a fixed integer encoding of every move and
  chance outcome per game and player count (a bijection between ids and
  notation), with the shuffles dealt one tile at a time;
* :mod:`thebes.interop.observations`: an observation tensor per game, built
  from ``observation(seat)`` only;
* :mod:`thebes.interop.adapter`: :class:`~thebes.interop.adapter.Position`,
  an engine state driven by ids (deals and compound moves in sub-steps),
  shared by both adapters;
* :mod:`thebes.interop.openspiel`: ``register()`` makes ``python_thebes_<game>``
  loadable with ``pyspiel.load_game`` (needs ``thebes[openspiel]``);
* :mod:`thebes.interop.pettingzoo`: ``env(game, players, options)``, an AEC
  environment (needs ``thebes[pettingzoo]``);
* :mod:`thebes.interop.conformance`: both libraries' conformance tests on
  every game, for long runs with any seed.

Nothing here is imported by the core; this package itself imports OpenSpiel
and PettingZoo only inside the two modules named after them.
"""
