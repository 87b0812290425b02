"""thebes: four Egyptian tabletop games as faithful rules engines, bots and clients.

The games are looked up by name through :func:`thebes.core.get_game`
(``"ra"``, ``"sarcophagus"``, ``"pharaohs-heir"``, ``"pharaoh"``).
"""

__version__ = "0.1.0"
