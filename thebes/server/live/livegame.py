"""A game in memory (:class:`LiveGame`), its log lines, its seats, and the generators of its chance.

Generators (no state a restart would lose):

* chance outcome at record index ``i``: ``random.Random(f"thebes-chance/{key}/{i}")``, where
  ``key`` is ``{secret}:{seed}`` with the game's server secret (256 random bits kept in the
  database, never sent) and just ``{seed}`` for a game created with a chosen seed (set-up
  known to its creator: ``seed_known``; see docs/security.md);
* a bot at 0-based ``seat`` deciding at record index ``i``:
  ``random.Random(f"thebes-bot/{seed}/{seat}/{i}")``.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import threading
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

from thebes.bots import BOT_NAMES, DEFAULT_BOT
from thebes.core import CHANCE, TERMINAL, Game, State
from thebes.core.record import result_of

from ..storage.schema import SeatData
from .catalog import bots_for
from .errors import ApiError
from .views import Snapshot, ViewCache

MAX_NAME = 40

def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def chance_rng(seed: str, index: int) -> random.Random:
    return random.Random(f"thebes-chance/{seed}/{index}")


def chance_key(seed: str, secret: str | None) -> str:
    """What chance is drawn from: the seed mixed with the game's server secret, if it has one."""
    return f"{secret}:{seed}" if secret else seed


def new_secret() -> str:
    """A game's server secret: 256 random bits as hex (stored, never sent to a client)."""
    return secrets.token_hex(32)


#: games that anyone may join draw chance from a server secret; a chosen seed is for these
#: (at most one human seat: the creator against bots, bots only) unless the server allows more
SEED_MAX_HUMANS = 1


def bot_seed(seed: str, seat: int, index: int) -> str:
    return f"thebes-bot/{seed}/{seat}/{index}"


def bot_rng(seed: str, seat: int, index: int) -> random.Random:
    return random.Random(bot_seed(seed, seat, index))


#: what a seat's name loses: characters that show nothing or turn the text's direction
#: (zero-width space, right-to-left override, ...: a log line would read otherwise)
_HIDDEN = {"Cf", "Cc", "Co", "Cn", "Cs", "Zl", "Zp"}


def clean_name(name: Any) -> str | None:
    if name is None:
        return None
    name = "".join(ch for ch in str(name) if unicodedata.category(ch) not in _HIDDEN)
    name = " ".join(name.split())[:MAX_NAME]
    return name or None


# ---------------------------------------------------------------------- seats
def make_seats(game: Game, players: int, seats: list[dict[str, Any]] | None
               ) -> tuple[list[SeatData], list[tuple[int, str]]]:
    """Seat rows from the create form's seat specs (``{"kind": "human"|"bot", "name", "bot"}``;
    ``None``: every seat human), and ``[(0-based seat, token)]`` for the human seats.

    Raises :class:`ApiError` (400) for a wrong number of seats, an unknown kind or bot.
    """
    if seats is None:
        seats = [{"kind": "human"} for _ in range(players)]
    if len(seats) != players:
        raise ApiError(400, f"{players} players need {players} seats, not {len(seats)}")
    seat_rows: list[SeatData] = []
    tokens: list[tuple[int, str]] = []
    for i, spec in enumerate(seats):
        kind = spec.get("kind", "human")
        if kind == "human":
            token = secrets.token_urlsafe(24)
            name = clean_name(spec.get("name"))
            seat_rows.append(SeatData(i, "human", name, None, hash_token(token), name is not None))
            tokens.append((i, token))
        elif kind == "bot":
            bot = spec.get("bot") or DEFAULT_BOT
            if bot not in BOT_NAMES:
                raise ApiError(400, f"seat {i + 1}: unknown bot {bot!r} (bots: {', '.join(BOT_NAMES)})")
            if bot not in bots_for(game.name):
                bot = "random"   # no such bot for this game yet: the one that always exists
            seat_rows.append(SeatData(i, "bot", clean_name(spec.get("name")) or f"{bot} bot",
                                      bot, None, True))
        else:
            raise ApiError(400, f"seat {i + 1}: kind must be 'human' or 'bot', not {kind!r}")
    return seat_rows, tokens


# ---------------------------------------------------------------------- live game
class LogLine(NamedTuple):
    """One line of a live game's log. Its texts are a tuple of strings, which Python's cycle
    collector stops tracking (a list would be scanned by every full collection)."""

    actor: int | None               # 0-based seat, None for chance
    texts: tuple[str, ...]          # as each seat sees it, then the omniscient text last;
                                    # only the omniscient one when every seat sees it

    def text_for(self, column: int) -> str:
        """The text for 0-based seat ``column`` (``players``: the omniscient one)."""
        return self.texts[column] if len(self.texts) > 1 else self.texts[0]


@dataclass
class LiveGame:
    """One game in memory. Guard every read and write with ``lock``."""

    id: str
    game: Game
    players: int
    options: dict[str, Any]
    seed: str
    seats: list[SeatData]
    created: Any
    updated: Any
    state: State
    events: list[str] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)
    stamp: int = 0                       # changes other than events (seats claimed, renamed)
    snap: Snapshot | None = None         # the published picture (see publish)
    views: ViewCache = field(default_factory=ViewCache)
    secret: str | None = None       # the server secret mixed into chance (None: a chosen seed)
    seed_known: bool = False        # set-up known to its creator: a chosen seed or an upload
    #: ``(game, public seats) -> extra view fields`` (GameService._decorate), or None
    decorate: Callable[["LiveGame", list[dict[str, Any]]], dict[str, Any]] | None = None

    def publish(self) -> None:
        """Publish the current state, seats and log as the snapshot views read (under ``lock``,
        after every change); ``decorate`` (the service's hooks) adds to the seats and views."""
        seats = seats_public(self.seats)
        extra = self.decorate(self, seats) if self.decorate is not None else {}
        self.snap = Snapshot(len(self.events), self.stamp, self.state, self.status,
                             seats, [s.name for s in self.seats], self.result(), extra)

    @property
    def chance_key(self) -> str:
        return chance_key(self.seed, self.secret)

    @property
    def version(self) -> int:
        return len(self.events)

    @property
    def finished(self) -> bool:
        return self.state.current_player() == TERMINAL

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        if any(s.kind == "human" and not s.claimed for s in self.seats):
            return "open"
        return "playing"

    def result(self) -> dict[str, Any] | None:
        return result_of(self.state)

    def bot_to_move(self) -> int | None:
        """The 0-based seat of a bot that is to move, else ``None``."""
        player = self.state.current_player()
        if player >= 0 and self.seats[player].kind == "bot":
            return player
        return None


def log_line(state: State, action: Any, players: int) -> LogLine:
    player = state.current_player()
    text = state.action_to_text(action)
    texts = [state.event_for_seat(action, seat) for seat in range(players)]
    if all(t == text for t in texts):
        texts = []                      # everyone sees the omniscient text (kept once)
    texts.append(text)
    return LogLine(player if player >= 0 else None, tuple(texts))


def draw_chance(state: State, seed: str, index: int, players: int,
                out: list[tuple[str, int | None, LogLine]]) -> None:
    """Apply every chance outcome ``state`` now waits for, drawn with the game's generators."""
    while state.current_player() == CHANCE:
        at = index + len(out)
        action = state.sample_chance(chance_rng(seed, at))
        line = log_line(state, action, players)
        out.append((state.action_to_text(action), None, line))
        state.apply_action(action)


@dataclass(frozen=True)
class StoredMove:
    """A move about to be stored: ``seat`` (0-based) took the game from version ``before`` to
    ``after`` (its chance outcomes included), leaving it in ``status``; ``how`` is ``"seat"``
    (its holder or bot) or why a stand-in moved (``"timeout"``, ``"absent"``)."""

    game: LiveGame
    seat: int
    before: int
    after: int
    how: str
    status: str


@dataclass(frozen=True)
class MoveWrite:
    """A write stored with a move, atomically: ``write(conn)`` runs in the move's transaction
    and says whether it wrote; ``stored(wrote)`` runs after the commit (under the game's lock).
    ``note``: ``(name, JSON value)`` the move's notification carries to the other processes
    when it wrote (their :attr:`GameService.note_readers` take it), so that they need not
    read it back."""

    write: Callable[[Any], bool]
    stored: Callable[[bool], None]
    note: tuple[str, Any] | None = None


def seats_public(seats: list[SeatData]) -> list[dict[str, Any]]:
    return [{"seat": s.seat + 1, "kind": s.kind, "name": s.name, "bot": s.bot,
             "claimed": s.claimed} for s in seats]
