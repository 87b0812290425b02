"""The games and bots this server can offer: the registry's, those that load."""

from __future__ import annotations

import functools
import logging
import random
from typing import Any

from thebes.bots import BOT_NAMES, make_bot
from thebes.core import Game, OptionsError, get_game

from .errors import ApiError

log = logging.getLogger("thebes.server")


def available_game(name: Any) -> Game:
    """The registered game ``name``; 400 if unknown or its engine is missing or broken."""
    try:
        return get_game(name)
    except OptionsError as err:
        raise ApiError(400, str(err)) from None
    except Exception as err:  # an engine package that exists but does not load (work in progress)
        log.warning("game %r does not load: %r", name, err)
        raise ApiError(400, f"game {name!r} is not available in this version") from None


@functools.lru_cache(maxsize=None)
def _bots_for(game_name: str) -> tuple[str, ...]:
    out = []
    for name in BOT_NAMES:
        try:
            make_bot(name, game_name, 0, random.Random(0))
        except Exception:
            continue
        out.append(name)
    return tuple(out)


def bots_for(game_name: str) -> list[str]:
    """The bot names that can play ``game_name`` (``random`` always can)."""
    return list(_bots_for(game_name))
