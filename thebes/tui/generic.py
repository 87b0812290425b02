"""The terminal view of a game that brings none of its own (no ``terminal`` hook).

It shows the seat's observation as it is (a JSON-ready dict, drawn by rich) and
offers the legal moves by their notation: every game can be played in
``thebes play`` from its rules alone. A game's own view (thebes/core/hooks.py,
``terminal``) replaces it with a drawn table and moves in words.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.markup import escape
from rich.pretty import Pretty
from rich.text import Text


def render(obs: dict[str, Any], seat: int) -> Group:
    """The observation of ``seat`` (0-based), as rich draws a dict."""
    return Group(Text(f"You are seat {seat + 1}.", style="bold"), Pretty(obs, expand_all=False))


def move_label(obs: dict[str, Any], text: str) -> str:
    """A legal move's menu label: its notation (markup escaped)."""
    return escape(text)


def event_line(obs_before: dict[str, Any], text: str, actor: int | None) -> str:
    """One log line: ``chance: <event>``, ``You: <event>`` or ``seat N: <event>``."""
    if actor is None:
        who = "chance"
    elif actor == obs_before.get("seat"):
        who = "You"
    else:
        who = f"seat {actor + 1}"
    return f"{who}: {escape(text)}"
