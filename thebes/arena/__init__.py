"""Matches and tournaments between bots: ``thebes arena`` (issue 8, item 5)."""

from .match import ArenaGame, play_arena_game
from .stats import summarize

__all__ = ["ArenaGame", "play_arena_game", "summarize"]
