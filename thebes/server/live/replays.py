"""Replays of stored games, and records uploaded to view or to play on (docs/web-api.md, Replay).

The routes are in thebes/server/api/replay.py.

``GET /api/games/<id>/replay?token=T&at=N&since=S`` answers the position after
the first ``N`` events as one viewer may see it:

* a finished game, or an uploaded record kept to be viewed: the omniscient
  view (``omniscient_observation()``) for anyone;
* an unfinished game without hidden information (Ra): the public view, or
  the token's seat's view;
* an unfinished game with hidden information: only with a seat's token, that
  seat's view and log (``event_for_seat``); 403 otherwise. Nothing
  omniscient about such a game ever leaves the server.

Positions are rebuilt by replaying the stored record once per game: every
``CHECKPOINT`` events a clone is kept, so a position is a clone and at most
``CHECKPOINT - 1`` applied actions (:class:`Positions`, an LRU of games).

``POST /api/records`` takes a record (shared/spec/RECORDS.md), checks it with
the very replay ``thebes replay`` runs (:meth:`Record.replay`), and either
stores it to be viewed (status ``imported``: listed nowhere, never played on)
or starts a new live game from it with the seats asked for (humans get links,
bots move at once). A record that does not replay is refused with the index,
text and legal alternatives of its first illegal event.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi.responses import JSONResponse

from thebes.core import CHANCE, TERMINAL, OptionsError, Record, RecordError, ReplayError, State
from thebes.core.record import result_of
from thebes.core.recordio import parse_json

from ..storage.schema import IMPORTED, GameData, SeatData, now
from .catalog import available_game
from .errors import ApiError
from .livegame import LogLine, clean_name, log_line, make_seats, new_secret, seats_public
from .service import GameService

log = logging.getLogger("thebes.server")

#: a clone of the state is kept every CHECKPOINT events
CHECKPOINT = 16
#: games whose positions are kept in memory
CACHE_GAMES = 64
#: the largest record text accepted for upload (characters; the request body is capped before,
#: see thebes/server/guard/limits.py)
MAX_RECORD = 4_000_000
#: the deepest nesting of arrays and objects accepted in an uploaded record (a record needs 3)
MAX_DEPTH = 32
#: legal alternatives listed with a refused upload
MAX_LEGAL = 40


# ---------------------------------------------------------------------- positions
@dataclass
class Positions:
    """One game's replayed positions: checkpoints, actions and log lines, extended as it grows."""

    state: State                                  # after every event in ``events``
    players: int
    events: list[str] = field(default_factory=list)
    actions: list[Any] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)
    checkpoints: list[State] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def extend(self, events: list[str]) -> None:
        """Replay the events not replayed yet (``events`` starts with ``self.events``)."""
        for i in range(len(self.events), len(events)):
            if i % CHECKPOINT == 0:
                self.checkpoints.append(self.state.clone())
            text = events[i]
            action = self.state.parse(text)
            self.log.append(log_line(self.state, action, self.players))
            self.state.apply_action(action)
            self.actions.append(action)
            self.events.append(text)

    def at(self, n: int) -> State:
        """A fresh state after the first ``n`` events (``0 <= n <= len(events)``)."""
        if n == len(self.events):
            return self.state.clone()
        k = n // CHECKPOINT
        state = self.checkpoints[k].clone()
        for action in self.actions[k * CHECKPOINT:n]:
            state.apply_action(action)
        return state


class PositionCache:
    """Positions of the games replayed lately (least recently used dropped first)."""

    def __init__(self, limit: int = CACHE_GAMES) -> None:
        self.limit = limit
        self._games: OrderedDict[str, Positions] = OrderedDict()
        self._lock = threading.Lock()

    def positions(self, game_id: str, game_name: str, players: int, options: dict[str, Any],
                  events: list[str]) -> Positions:
        with self._lock:
            pos = self._games.get(game_id)
            if pos is not None:
                self._games.move_to_end(game_id)
        if pos is not None:
            with pos.lock:
                if len(pos.events) <= len(events) and pos.events == events[:len(pos.events)]:
                    pos.extend(events)
                    return pos
        # first time, or a history that is not the one cached (never expected): from the start
        state = available_game(game_name).new_initial_state(players, options)
        pos = Positions(state=state, players=players)
        with pos.lock:
            try:
                pos.extend(events)
            except Exception as err:
                raise ApiError(500, f"game {game_id}: the stored record does not replay ({err})") \
                    from None
        with self._lock:
            self._games[game_id] = pos
            self._games.move_to_end(game_id)
            while len(self._games) > self.limit:
                self._games.popitem(last=False)
        return pos


@dataclass
class Imported:
    """An uploaded record kept to be viewed: immutable, so read from the database once."""

    data: GameData


class ReplayService:
    """Replays over the game service (live games) and the storage (imports)."""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.cache = PositionCache()
        self._imports: OrderedDict[str, Imported | None] = OrderedDict()   # id -> import or None
        self._lock = threading.Lock()

    def imported(self, game_id: str) -> Imported | None:
        """The import ``game_id``, or ``None`` for a game played here (404 for no game at all)."""
        with self._lock:
            if game_id in self._imports:
                return self._imports[game_id]
        if not isinstance(game_id, str) or not game_id or len(game_id) > 32:
            raise ApiError(404, f"no game {game_id!r}")
        data = self.service.storage.load_game(game_id, with_events=False)
        if data is None:
            raise ApiError(404, f"no game {game_id!r}")
        found = None
        if data.status == IMPORTED:
            full = self.service.storage.load_game(game_id)
            found = Imported(full) if full is not None else None
        with self._lock:
            self._imports[game_id] = found
            while len(self._imports) > 10_000:
                self._imports.popitem(last=False)
        return found

    def replay(self, game_id: str, token: str | None, at: int | None,
               since: int = 0) -> dict[str, Any]:
        imp = self.imported(game_id)
        if imp is not None:
            d = imp.data
            game = available_game(d.game)
            events = [text for text, _actor in d.events]
            seats, names = d.seats, [s.name for s in d.seats]
            players, options, status = d.players, d.options, IMPORTED
            finished = d.result is not None
            seat: int | None = None
            perspective = "omniscient"
        else:
            g, seat = self.service.seat_of(game_id, token)
            with g.lock:
                events = list(g.events)
                seats = [SeatData(**vars(s)) for s in g.seats]
                status, finished = g.status, g.finished
            game, players, options = g.game, g.players, g.options
            names = [s.name for s in seats]
            if finished:
                seat, perspective = None, "omniscient"
            elif not game.hidden_information:
                perspective = "seat" if seat is not None else "public"
            elif seat is None:
                raise ApiError(403, "an unfinished game with hidden information is replayed "
                                    "only for a seat, with its token")
            else:
                perspective = "seat"
        pos = self.cache.positions(game_id, game.name, players, options, events)
        total = len(events)
        n = total if at is None else max(0, min(int(at), total))
        with pos.lock:
            state = pos.at(n)
            lines = pos.log[max(0, since):n]
        column = seat if seat is not None else players
        first = max(0, since)
        player = state.current_player()
        position_result = result_of(state)
        return {
            "id": game_id, "game": game.name, "players": players, "options": options,
            "index": n, "events": total, "version": n,
            "status": "finished" if player == TERMINAL else "playing",
            "game_status": status, "imported": imp is not None, "finished": finished,
            "perspective": perspective, "hidden_information": game.hidden_information,
            "seat": seat + 1 if seat is not None else None,
            "names": names, "seats": seats_public(seats),
            "to_move": player + 1 if player >= 0 else "chance" if player == CHANCE else None,
            "observation": (state.omniscient_observation() if seat is None
                            else state.observation(seat)),
            "legal": [],
            "log": [{"index": i, "seat": line.actor + 1 if line.actor is not None else None,
                     "event": line.text_for(column)} for i, line in enumerate(lines, first)],
            "result": position_result,
        }

    # ------------------------------------------------------------ uploads
    def check(self, raw: Any) -> tuple[Record, State]:
        """The record in ``raw`` (JSON text or an object) and its final state, checked as
        ``thebes replay`` checks it. Raises :class:`Refused`."""
        try:
            record = Record.from_dict(read_record(raw))
            available_game(record.game)
            record.new_state()
        except (RecordError, OptionsError) as err:
            raise Refused(f"not a record this server can read: {err}") from None
        except ApiError as err:
            raise Refused(err.message) from None
        if not all(isinstance(e, str) for e in record.events):
            bad = next(i for i, e in enumerate(record.events) if not isinstance(e, str))
            raise Refused(f"event {bad} is not a string", index=bad, event=json.dumps(record.events[bad]))
        try:
            state = record.replay()
        except ReplayError as err:
            if err.index is None:
                raise Refused(f"the record's result is wrong: {err}") from None
            raise Refused(f"illegal event at index {err.index}: {err.event!r}: {err}",
                          index=err.index, event=err.event, legal=list(err.legal)) from None
        return record, state

    def store_import(self, record: Record, state: State) -> dict[str, Any]:
        """Keep the checked record to be viewed; returns where to view it."""
        game_id = secrets.token_urlsafe(6)
        stamp = now()
        names = record.extra.get("names") if isinstance(record.extra.get("names"), list) else []
        bots = record.extra.get("bots") if isinstance(record.extra.get("bots"), list) else []
        seats = []
        for i in range(record.players):
            name = clean_name(names[i]) if i < len(names) and isinstance(names[i], str) else None
            bot = bots[i] if i < len(bots) and isinstance(bots[i], str) else None
            seats.append(SeatData(i, "bot" if bot else "human", name, (bot or "")[:40] or None,
                                  None, True))
        self.service.storage.create_game(GameData(
            id=game_id, game=record.game, players=record.players, options=dict(record.options),
            seed="", status=IMPORTED, version=len(record.events), result=result_of(state),
            created=stamp, updated=stamp, seats=seats, events=actors(record)))
        return {"id": game_id, "game": record.game, "players": record.players,
                "events": len(record.events), "finished": state.current_player() == TERMINAL,
                "url": f"/replay/{game_id}"}

    def continue_game(self, record: Record, state: State,
                      seats: list[dict[str, Any]] | None) -> dict[str, Any]:
        """A new live game from the checked unfinished record, with the seats asked for."""
        if state.current_player() == TERMINAL:
            raise ApiError(409, "this record is of a finished game: there is nothing to continue "
                                "(view it as a replay instead)")
        game = available_game(record.game)
        rows, tokens = make_seats(game, record.players, seats)
        game_id = secrets.token_urlsafe(6)
        stamp = now()
        status = "open" if any(s.kind == "human" and not s.claimed for s in rows) else "playing"
        # chance after the uploaded events is drawn from a new server secret; "upload-" marks
        # a game continued from an uploaded record, whose uploader knows its hidden past:
        # seed_known (shown in the lobby, never rated)
        self.service.storage.create_game(GameData(
            id=game_id, game=game.name, players=record.players, options=dict(record.options),
            seed=f"upload-{secrets.randbits(62)}", status=status, version=len(record.events),
            result=None, created=stamp, updated=stamp, seats=rows, events=actors(record),
            secret=new_secret(), seed_known=True))
        g = self.service.game(game_id)          # replays the events, draws any pending chance
        for listener in list(self.service.listeners):   # sockets and bots, as after a move
            try:
                listener(game_id)
            except Exception:  # pragma: no cover - a listener's failure is its own
                log.exception("a listener failed on the continued game %s", game_id)
        return {"game": self.service.summary(g),
                "links": [{"seat": seat + 1, "token": token,
                           "url": f"/play/{game_id}?token={token}"} for seat, token in tokens]}


def read_record(raw: Any) -> Any:
    """The JSON value of an uploaded record (``raw``: its text, or the value already parsed).

    Every malformed input is a :class:`Refused` with a sentence: text too long, not JSON, a
    number too long to convert, nesting deeper than :data:`MAX_DEPTH`, a NUL character in any
    string. Text goes through :func:`thebes.core.recordio.parse_json`.
    """
    if isinstance(raw, str):
        if len(raw) > MAX_RECORD:
            raise Refused(f"the record is too long ({len(raw)} characters; at most {MAX_RECORD})")
        try:   # the one reader of record text (depth, number and size caps)
            raw = parse_json(raw, "the record")
        except RecordError as err:
            raise Refused(str(err)[:300]) from None
    stack: list[tuple[Any, int]] = [(raw, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise Refused("the record holds a NUL character (\\u0000), which no name, option "
                              "or event may contain")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise Refused("the record holds a lone UTF-16 surrogate (such as \\ud800), "
                              "which is not text") from None
        elif isinstance(value, (list, dict)):
            if depth > MAX_DEPTH:
                raise Refused(f"the record is nested too deeply (at most {MAX_DEPTH} levels)")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                stack.append((key, depth))
                stack.append((item, depth + 1))
    return raw


def actors(record: Record) -> list[tuple[str, int | None]]:
    """The record's events with who played each (``None`` for chance): replayed again."""
    state = record.new_state()
    out: list[tuple[str, int | None]] = []
    for text in record.events:
        player = state.current_player()
        state.apply(text)
        out.append((text, player if player >= 0 else None))
    return out


class Refused(Exception):
    """An upload that is not a valid record: 400 with the first illegal event when there is one."""

    def __init__(self, message: str, index: int | None = None, event: str | None = None,
                 legal: list[str] | None = None) -> None:
        super().__init__(message)
        self.message, self.index, self.event, self.legal = message, index, event, legal

    def response(self) -> JSONResponse:
        body: dict[str, Any] = {"error": self.message}
        if self.index is not None:
            body["index"] = self.index
            body["event"] = self.event
        if self.legal is not None:
            body["legal"] = self.legal[:MAX_LEGAL]
            body["legal_count"] = len(self.legal)
        return JSONResponse(body, status_code=400)
