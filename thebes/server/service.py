"""The authoritative game service: the in-memory cache of live games over the storage.

Every change goes through :class:`GameService`: it checks the seat, parses
the move with the engine's checked path (``state.parse``), applies it to a
clone, draws every chance outcome that follows with the game's seeded
generator, appends the events to the database in one version-checked
transaction, and only then swaps the new state into the cache and tells the
listeners (socket hub, bot runner). A refused move changes nothing.

The cache is only a cache: :meth:`GameService.game` rebuilds any game by
replaying its stored events, and :meth:`GameService.catch_up` brings a cached
game up to the database when another process changed it (told by
thebes/server/fanout.py, or found out by a move that met a newer version).
Every change publishes a new immutable :class:`~thebes.server.views.Snapshot`
of the game, which views read without the game's lock (thebes/server/views.py).

Generators (no state a restart would lose):

* chance outcome at record index ``i``: ``random.Random(f"thebes-chance/{key}/{i}")``, where
  ``key`` is ``{secret}:{seed}`` with the game's server secret (256 random bits kept in the
  database, never sent) and just ``{seed}`` for a game created with a chosen seed (set-up
  known to its creator: ``seed_known``; see docs/security.md);
* a bot at 0-based ``seat`` deciding at record index ``i``:
  ``random.Random(f"thebes-bot/{seed}/{seat}/{i}")``.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import logging
import random
import secrets
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

from thebes.bots import BOT_NAMES, DEFAULT_BOT, make_bot
from thebes.core import (CHANCE, TERMINAL, Game, IllegalEventError, InvalidEventError,
                         OptionsError, Record, State, get_game)
from thebes.core.record import result_of

from .storage import GameData, SeatData, SeatTaken, StaleVersion, Storage, now
from .views import Snapshot, ViewCache, log_entries, view_head

log = logging.getLogger("thebes.server")

MAX_NAME = 40


# ---------------------------------------------------------------------- errors
class ApiError(Exception):
    """An error the API reports as ``{"error": message[, "legal": [...]]}`` with ``status``
    (and ``headers``, e.g. ``{"Retry-After": "30"}`` on a 429)."""

    def __init__(self, status: int, message: str, legal: list[str] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.legal = legal
        self.headers = headers

    def body(self) -> dict[str, Any]:
        out: dict[str, Any] = {"error": self.message}
        if self.legal is not None:
            out["legal"] = self.legal
        return out


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


def clean_name(name: Any) -> str | None:
    if name is None:
        return None
    name = " ".join(str(name).split())[:MAX_NAME]
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


# ---------------------------------------------------------------------- service
Listener = Callable[[str], None]


class GameService:
    """Games: create, join, view, move, record, list. Thread-safe."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._games: dict[str, LiveGame] = {}
        self._cache_lock = threading.Lock()
        self._load_locks: dict[str, threading.Lock] = {}
        self.listeners: list[Listener] = []
        #: each drops what it keeps of a game the cache forgets (:meth:`forget`)
        self.forget_hooks: list[Callable[[str], None]] = []
        #: games kept in memory before finished ones are dropped (see :meth:`_trim`)
        self.cache_limit = 1000
        #: accept a chosen seed in games with several human seats (tests, research servers)
        self.open_seeds = False
        #: writes that belong in a move's own transaction (the table's clock: tables.py). Each is
        #: called under the game's lock before the move is stored, with the :class:`StoredMove`,
        #: and returns a :class:`MoveWrite` (or ``None``: nothing to write)
        self.move_writes: list[Callable[[StoredMove], MoveWrite | None]] = []
        #: name -> reader(game, value) of the notes another process's move carried
        #: (:attr:`MoveWrite.note`), called under the game's lock before its catch-up publishes
        self.note_readers: dict[str, Callable[[LiveGame, Any], None]] = {}
        #: each adds fields to a game's public seats (in place): ``(game id, seats, where)``;
        #: ``where``: ``"snapshot"`` (published views: only what changes with the version or a
        #: :meth:`touch`), ``"live"`` (a summary of a game in memory, read now) or ``"lobby"``
        #: (a lobby row of a game not in memory: no database access per row)
        self.seat_hooks: list[Callable[[str, list[dict[str, Any]], str], None]] = []
        #: each adds seat-independent fields to a game's views: ``(game, extra dict)``; what
        #: they show may change only with the version, or with :meth:`touch`
        self.view_hooks: list[Callable[[LiveGame, dict[str, Any]], None]] = []

    # ------------------------------------------------------------ cache
    def game(self, game_id: str) -> LiveGame:
        """The live game ``game_id`` (rebuilt from the database if needed). 404 if unknown."""
        g = self._games.get(game_id)
        if g is not None:
            return g
        if not isinstance(game_id, str) or not game_id or len(game_id) > 32:
            raise ApiError(404, f"no game {game_id!r}")
        with self._cache_lock:
            load_lock = self._load_locks.setdefault(game_id, threading.Lock())
        with load_lock:
            g = self._games.get(game_id)
            if g is not None:
                return g
            data = self.storage.load_game(game_id)
            if data is None:
                with self._cache_lock:
                    self._load_locks.pop(game_id, None)
                raise ApiError(404, f"no game {game_id!r}")
            g = self._rebuild(data)
            if g.state.current_player() == CHANCE:
                self._settle_chance(g)
            g.publish()
            self._games[game_id] = g
        self._trim()
        return g

    def _trim(self) -> None:
        """Keep the cache bounded: past ``cache_limit`` games, drop the finished ones
        least recently changed (they are rebuilt from the database if asked for again)."""
        if len(self._games) <= self.cache_limit:
            return
        finished = sorted((g for g in list(self._games.values()) if g.finished),
                          key=lambda g: g.updated)
        for g in finished[:max(0, len(self._games) - self.cache_limit // 2)]:
            self._games.pop(g.id, None)

    def forget(self, game_id: str) -> None:
        """Drop a cached game (the next access replays it from the database), and what the
        :attr:`forget_hooks` keep of it."""
        self._games.pop(game_id, None)
        for hook in list(self.forget_hooks):
            hook(game_id)

    def cached(self, game_id: str) -> LiveGame | None:
        """The game if it is in memory (no database access), else ``None``."""
        return self._games.get(game_id)

    def catch_up(self, game_id: str, seats: bool = False,
                 known: tuple[int, list[str]] | None = None,
                 notes: dict[str, Any] | None = None) -> bool:
        """Bring a cached game up to the database: append the events stored since its version
        (another process accepted them) and, with ``seats``, reload its seats. True if
        anything changed (then the listeners are told); False also for a game not in memory.

        ``known``: ``(version, texts)``, the events a notification carried, stored after
        ``version`` events; used without reading the database when they follow on exactly.
        ``notes``: what the notifications carried besides (:attr:`MoveWrite.note`).
        """
        g = self._games.get(game_id)
        if g is None:
            return False
        with g.lock:
            self._read_notes(g, notes)
            changed = self._catch_up_locked(g, seats, known)
        if changed:
            self._notify(game_id)
        return changed

    def catch_up_now(self, game_id: str, known: tuple[int, list[str]],
                     notes: dict[str, Any] | None = None) -> bool:
        """:meth:`catch_up` without waiting and without the database, for a caller that must
        not block (the event loop): True when done, False when it cannot be (the game's lock
        is held, or ``known`` does not follow on exactly from the cached version): then the
        caller catches up in a thread."""
        g = self._games.get(game_id)
        if g is None or not g.lock.acquire(blocking=False):
            return False
        try:
            if known[0] != g.version:
                return False
            self._read_notes(g, notes)
            self._catch_up_locked(g, False, known)
        finally:
            g.lock.release()
        self._notify(game_id)
        return True

    def _read_notes(self, g: LiveGame, notes: dict[str, Any] | None) -> None:
        for name, value in (notes or {}).items():
            reader = self.note_readers.get(name)
            if reader is not None:
                try:
                    reader(g, value)
                except Exception:   # a note is a shortcut: without it, the reader reads
                    log.exception("game %s: the %r note could not be read", g.id, name)

    def _catch_up_locked(self, g: LiveGame, seats: bool,
                         known: tuple[int, list[str]] | None = None) -> bool:
        changed = False
        if seats:
            found = self.storage.seats_of(g.id)
            if found is not None and found[1]:
                g.seats = found[1]
                g.stamp += 1
                changed = True
        if known is not None and known[0] + len(known[1]) <= g.version:
            new = []                                     # already here
        elif known is not None and known[0] == g.version:
            new = [(text, None) for text in known[1]]    # the notification carried them
        else:
            new = self.storage.events_since(g.id, g.version)
        if new:
            state = g.state.clone()
            lines = []
            for text, _actor in new:
                action = state.parse(text)   # stored by a server: legal and canonical
                lines.append(log_line(state, action, g.players))
                state.apply_action(action)
            g.log.extend(lines)
            g.events.extend(text for text, _a in new)
            g.state = state
            g.updated = now()
            changed = True
        if changed:
            g.publish()
        return changed

    def touch(self, game_id: str) -> None:
        """Tell views and sockets that something a view shows changed without a new event."""
        g = self._games.get(game_id)
        if g is None:
            return
        with g.lock:
            g.stamp += 1
            g.publish()
        self._notify(game_id)

    def _rebuild(self, data: GameData) -> LiveGame:
        try:
            game = available_game(data.game)
        except ApiError as err:
            raise ApiError(500, f"game {data.id}: {err.message}") from None
        state = game.new_initial_state(data.players, data.options)
        g = LiveGame(id=data.id, game=game, players=data.players, options=data.options,
                     seed=data.seed, seats=data.seats, created=data.created,
                     updated=data.updated, state=state, secret=data.secret,
                     seed_known=data.seed_known, decorate=self._decorate)
        for i, (text, _actor) in enumerate(data.events):
            try:
                action = state.parse(text)
            except InvalidEventError as err:
                log.error("game %s: stored event %d %r does not replay: %s", data.id, i, text, err)
                raise ApiError(500, f"game {data.id}: stored event {i} {text!r} does not replay") \
                    from None
            g.log.append(log_line(state, action, data.players))
            state.apply_action(action)
            g.events.append(text)
        return g

    def _settle_chance(self, g: LiveGame) -> None:
        """Draw and store the chance outcomes a stored game waits for (never left so by this
        server, which stores a move and the chance after it together; a safety net on load)."""
        state = g.state.clone()
        new: list[tuple[str, int | None, LogLine]] = []
        draw_chance(state, g.chance_key, g.version, g.players, new)
        result = result_of(state)
        status = "finished" if result is not None else (
            "open" if any(s.kind == "human" and not s.claimed for s in g.seats) else "playing")
        try:
            g.updated = self.storage.append_events(
                g.id, g.version, [(text, actor) for text, actor, _l in new], status, result)
        except StaleVersion:
            raise ApiError(409, "the game changed while it was loaded; try again") from None
        g.state = state
        g.log.extend(line for _t, _a, line in new)
        g.events.extend(text for text, _a, _l in new)

    def _notify(self, game_id: str) -> None:
        for listener in list(self.listeners):
            try:
                listener(game_id)
            except Exception:  # a listener's failure must not undo an accepted move
                log.exception("listener failed for game %s", game_id)

    # ------------------------------------------------------------ create / join
    def create_game(self, game_name: str, players: int, options: dict[str, Any] | None,
                    seats: list[dict[str, Any]] | None, seed: int | None) -> tuple[LiveGame, list[tuple[int, str]]]:
        """A new game; returns it and ``[(0-based seat, token)]`` for every human seat.

        Without ``seed`` chance is drawn from a fresh server secret; a chosen ``seed`` makes
        every hidden fact computable by whoever chose it, so it is refused (400) for a game
        with more than :data:`SEED_MAX_HUMANS` human seats unless ``open_seeds`` is set, and
        the game is marked ``seed_known`` (docs/security.md).
        """
        game = available_game(game_name)
        try:
            full_options = game.options(players, options or {})
        except OptionsError as err:
            raise ApiError(400, str(err)) from None
        seed_text = str(seed if seed is not None else secrets.randbits(62))
        seat_rows, tokens = make_seats(game, players, seats)
        if seed is not None and len(tokens) > SEED_MAX_HUMANS and not self.open_seeds:
            raise ApiError(400, "a chosen seed lets its chooser compute every hidden tile and "
                                "future draw, so it is only for games with at most one human "
                                "seat (the others bots); leave out 'seed' and the server draws "
                                "chance from a secret only it holds")
        secret = None if seed is not None else new_secret()
        state = game.new_initial_state(players, full_options)
        stored_options = dict(options or {})
        game_id = secrets.token_urlsafe(6)
        stamp = now()
        g = LiveGame(id=game_id, game=game, players=players, options=stored_options,
                     seed=seed_text, seats=seat_rows, created=stamp, updated=stamp, state=state,
                     secret=secret, seed_known=seed is not None, decorate=self._decorate)
        drawn: list[tuple[str, int | None, LogLine]] = []
        draw_chance(state, g.chance_key, 0, players, drawn)
        g.events = [text for text, _a, _l in drawn]
        g.log = [line for _t, _a, line in drawn]
        g.publish()
        self.storage.create_game(GameData(
            id=game_id, game=game.name, players=players, options=stored_options, seed=seed_text,
            status=g.status, version=g.version, result=g.result(), created=stamp, updated=stamp,
            seats=seat_rows, events=[(text, actor) for text, actor, _l in drawn],
            secret=secret, seed_known=g.seed_known))
        self._games[game_id] = g
        self._trim()
        self._notify(game_id)
        return g, tokens

    def _decorate(self, g: LiveGame, seats: list[dict[str, Any]]) -> dict[str, Any]:
        """What the hooks add to a snapshot (under ``g.lock``): seat fields in place, and the
        seat-independent view fields returned."""
        for hook in list(self.seat_hooks):
            try:
                hook(g.id, seats, "snapshot")
            except Exception:
                log.exception("seat hook failed for game %s", g.id)
        extra: dict[str, Any] = {}
        for view_hook in list(self.view_hooks):
            try:
                view_hook(g, extra)
            except Exception:
                log.exception("view hook failed for game %s", g.id)
        return extra

    def seats_out(self, game_id: str, seats: list[SeatData]) -> list[dict[str, Any]]:
        """The public seats of a game, with what :attr:`seat_hooks` add (presence, absence)."""
        out = seats_public(seats)
        where = "live" if game_id in self._games else "lobby"
        for hook in list(self.seat_hooks):
            try:
                hook(game_id, out, where)
            except Exception:
                log.exception("seat hook failed for game %s", game_id)
        return out

    def join(self, game_id: str, name: Any, seat: int | None) -> tuple[int, str]:
        """Claim a free human seat (0-based ``seat`` or the first free one); returns (seat, token)."""
        g = self.game(game_id)
        with g.lock:
            if g.finished:
                raise ApiError(409, "the game is over")
            if seat is not None:
                if not 0 <= seat < g.players:
                    raise ApiError(404, f"no seat {seat + 1} in a {g.players}-player game")
                target = g.seats[seat]
                if target.kind != "human":
                    raise ApiError(409, f"seat {seat + 1} is a bot seat")
                if target.claimed:
                    raise ApiError(409, f"seat {seat + 1} is taken")
            else:
                free = [s for s in g.seats if s.kind == "human" and not s.claimed]
                if not free:
                    raise ApiError(409, "no free seat in this game")
                target = free[0]
            token = secrets.token_urlsafe(24)
            digest = hash_token(token)
            name = clean_name(name)
            status = "playing" if all(s.claimed or s is target or s.kind != "human"
                                      for s in g.seats) else "open"
            try:
                g.updated = self.storage.claim_seat(g.id, target.seat, digest, name, status)
            except SeatTaken:
                self._catch_up_locked(g, seats=True)
                raise ApiError(409, f"seat {target.seat + 1} is taken") from None
            target.token_hash, target.name, target.claimed = digest, name, True
            g.stamp += 1
            g.publish()
        self._notify(game_id)
        return target.seat, token

    def rename(self, game_id: str, seat: int, name: Any) -> None:
        """Set the name of the human seat ``seat`` (its holder chose one)."""
        g = self.game(game_id)
        name = clean_name(name)
        with g.lock:
            g.updated = self.storage.rename_seat(g.id, seat, name)
            g.seats[seat].name = name
            g.stamp += 1
            g.publish()
        self._notify(game_id)

    def seat_of(self, game_id: str, token: str | None) -> tuple[LiveGame, int | None]:
        """The game and the 0-based seat that ``token`` opens (``None``: no token, a spectator).

        403 for a token that opens no seat. The first use of an unclaimed seat's
        token claims it (the creator sent the link to someone, who opened it).
        """
        g = self.game(game_id)
        if token is None or token == "":
            return g, None
        digest = hash_token(str(token))
        for attempt in range(2):
            for s in g.seats:
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                    if not s.claimed:
                        self._claim_by_link(g, s, digest)
                    return g, s.seat
            if attempt == 0 and self.storage.shared:
                # another process may have given a seat this token (a join) a moment ago
                with g.lock:
                    self._catch_up_locked(g, seats=True)
        raise ApiError(403, "this token opens no seat of this game")

    def _claim_by_link(self, g: LiveGame, s: SeatData, digest: str) -> None:
        with g.lock:
            if s.token_hash != digest:   # a join gave the seat a new token meanwhile
                raise ApiError(403, "this seat was taken by someone who joined the game")
            if s.claimed:
                return
            status = "playing" if all(o.claimed or o is s or o.kind != "human"
                                      for o in g.seats) else "open"
            if g.finished:
                status = "finished"
            try:
                g.updated = self.storage.claim_seat(g.id, s.seat, None, None, status, rename=False)
            except SeatTaken:   # someone joined that seat first, with a new token
                self._catch_up_locked(g, seats=True)
                raise ApiError(403, "this seat was taken by someone who joined the game") from None
            s.claimed = True
            g.stamp += 1
            g.publish()
        self._notify(g.id)

    # ------------------------------------------------------------ moves
    def move(self, game_id: str, seat: int, text: Any, version: int | None = None,
             how: str = "seat") -> LiveGame:
        """Apply the move ``text`` for 0-based ``seat`` (then every chance outcome that follows).

        ``how``: ``"seat"`` (its holder or bot), else why a stand-in moved for it
        (``"timeout"``, ``"absent"``: thebes/server/tables.py).

        Errors: 400 unparsable or illegal (with ``legal``), 409 stale version,
        not this seat's turn, or the game is over.
        """
        g = self.game(game_id)
        changed = False
        try:
            for attempt in range(3):
                with g.lock:
                    action = self._check_move(g, seat, text, version)
                    try:
                        self._commit(g, action, seat, how)
                        changed = True
                        return g
                    except StaleVersion:
                        # another process stored a move first: read it, judge this one again
                        changed = self._catch_up_locked(g, seats=False) or changed
            raise ApiError(409, "another move was stored first; reload the game", [])
        finally:
            if changed:
                self._notify(game_id)

    def _check_move(self, g: LiveGame, seat: int, text: Any, version: int | None) -> Any:
        """The action ``text`` spells for ``seat`` now (under ``g.lock``); ApiError if refused."""
        state = g.state
        player = state.current_player()
        if player == TERMINAL:
            raise ApiError(409, "the game is over", [])
        if version is not None and version != g.version:
            raise ApiError(409, f"stale version {version}: the game is at version {g.version}",
                           state.legal_events() if player == seat else [])
        if player != seat:
            raise ApiError(409, f"it is not seat {seat + 1}'s turn", [])
        if not isinstance(text, str):
            raise ApiError(400, "a move is a notation string", state.legal_events())
        try:
            action = state.parse(text)
        except IllegalEventError as err:
            raise ApiError(400, str(err), err.legal) from None
        except InvalidEventError as err:
            raise ApiError(400, str(err), err.legal) from None
        except Exception:   # an engine that breaks its contract on odd text: still a refusal
            log.exception("game %s: the engine failed to parse %r", g.id, text)
            raise ApiError(400, f"{text!r} could not be read as a move", state.legal_events()) from None
        return action

    def _commit(self, g: LiveGame, action: Any, seat: int, how: str = "seat") -> None:
        """Apply ``action`` and the chance outcomes after it to a clone, store it (with the
        :attr:`move_writes`, in one transaction), then swap in and publish."""
        state = g.state.clone()
        new: list[tuple[str, int | None, LogLine]] = []
        line = log_line(state, action, g.players)
        new.append((state.action_to_text(action), line.actor, line))
        state.apply_action(action)
        draw_chance(state, g.chance_key, g.version + 1, g.players, new)
        result = result_of(state)
        if result is not None:
            status = "finished"
        elif any(s.kind == "human" and not s.claimed for s in g.seats):
            status = "open"
        else:
            status = "playing"
        move = StoredMove(g, seat, g.version, g.version + len(new), how, status)
        writes = [w for w in (hook(move) for hook in self.move_writes) if w is not None]
        wrote: list[bool] = []

        def also(conn: Any) -> dict[str, Any]:
            notes = {}
            for w in writes:
                wrote.append(w.write(conn))
                if wrote[-1] and w.note is not None:
                    notes[w.note[0]] = w.note[1]
            return notes

        g.updated = self.storage.append_events(   # StaleVersion: nothing changed here
            g.id, g.version, [(text, actor) for text, actor, _l in new], status, result,
            also=also)
        g.state = state
        g.log.extend(line for _t, _a, line in new)     # the log first: views read it up to
        g.events.extend(text for text, _a, _l in new)  # the published version
        for w, done in zip(writes, wrote):
            try:
                w.stored(done)
            except Exception:  # the move is stored: a hook's failure must not undo it
                log.exception("a move write's follow-up failed for game %s", g.id)
        g.publish()

    # ------------------------------------------------------------ reads
    def summary(self, g: LiveGame) -> dict[str, Any]:
        with g.lock:
            return {"id": g.id, "game": g.game.name, "players": g.players, "options": g.options,
                    "status": g.status, "seats": self.seats_out(g.id, g.seats),
                    "created": g.created.isoformat(), "updated": g.updated.isoformat(),
                    "events": g.version, "result": g.result(), "seed_known": g.seed_known}

    def list_games(self, status: str | None = None, limit: int = 200) -> list[dict[str, Any]]:
        out = []
        for data in self.storage.list_games(status, limit):
            live = self._games.get(data.id)
            if live is not None:
                out.append(self.summary(live))
                continue
            out.append({"id": data.id, "game": data.game, "players": data.players,
                        "options": data.options, "status": data.status,
                        "seats": self.seats_out(data.id, data.seats), "created": data.created.isoformat(),
                        "updated": data.updated.isoformat(), "events": data.version,
                        "result": data.result, "seed_known": data.seed_known})
        return out

    def view(self, game_id: str, seat: int | None, since: int = 0,
             g: LiveGame | None = None) -> dict[str, Any]:
        """What 0-based ``seat`` (``None``: a spectator) may see, with the log from ``since`` on.

        Read from the game's published snapshot (never waits for a move being stored).
        403 for a spectator of an unfinished game with hidden information.
        """
        if g is None:
            g = self.game(game_id)
        snap = g.snap
        out = view_head(g, snap, seat)
        column = seat if seat is not None else g.players
        out["log"] = log_entries(g, column, max(0, since), snap.version)
        return out

    def view_message(self, g: LiveGame, seat: int | None, since: int) -> tuple[tuple[int, int], str]:
        """The socket message ``{"type": "view", ...}`` as JSON text, encoded once per game
        version and seat (see thebes/server/views.py), and the (version, stamp) it shows."""
        return g.views.message(g, seat, since)

    def record(self, game_id: str) -> Record:
        g = self.game(game_id)
        with g.lock:
            if g.game.hidden_information and not g.finished:
                raise ApiError(403, "the record of an unfinished game with hidden information is secret")
            extra: dict[str, Any] = {"id": g.id, "names": [s.name for s in g.seats],
                                     "bots": [s.bot for s in g.seats],
                                     "started": g.created.isoformat()}
            if g.finished:
                extra["seed"] = g.seed   # the seed foretells chance: only once the game is over
            if g.seed_known:
                extra["seed_known"] = True   # set-up known to its creator: never rated
            return Record(g.game.name, g.players, dict(g.options), list(g.events), g.result(), extra)

    def unfinished_ids(self) -> list[str]:
        return self.storage.unfinished_ids()


def seats_public(seats: list[SeatData]) -> list[dict[str, Any]]:
    return [{"seat": s.seat + 1, "kind": s.kind, "name": s.name, "bot": s.bot,
             "claimed": s.claimed} for s in seats]
