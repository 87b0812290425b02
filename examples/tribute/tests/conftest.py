"""Run these tests where thebes-tribute is installed (``pip install ./examples/tribute``),
or straight from a thebes checkout without installing it: the game is then registered
for this process only (``thebes.core.register_game``), with this folder's parent on the
import path."""

from __future__ import annotations

import sys
from pathlib import Path

from thebes.core import register_game
from thebes.core.game import registered

if "tribute" not in registered():
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    register_game("tribute", "thebes_tribute:GAME")
