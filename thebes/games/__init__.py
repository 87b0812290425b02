"""Rules engines, one package per game; registered by name in :mod:`thebes.core.game`."""
