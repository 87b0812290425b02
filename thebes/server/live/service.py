"""The authoritative game service: every change to a game goes through :class:`GameService`.

It checks the seat, parses the move with the engine's checked path
(``state.parse``), applies it to a clone, draws every chance outcome that
follows with the game's seeded generator (thebes/server/live/livegame.py),
appends the events to the database in one version-checked transaction, and
only then swaps the new state into the cache (:class:`~.cache.GameCache`) and
tells the listeners (socket hub, bot runner). A refused move changes nothing.
"""

from __future__ import annotations

import hmac
import logging
import secrets
from typing import Any

from thebes.core import TERMINAL, IllegalEventError, InvalidEventError, OptionsError, Record
from thebes.core.record import result_of

from ..storage.schema import GameData, SeatData, SeatTaken, StaleVersion, now
from .cache import GameCache
from .catalog import available_game
from .errors import ApiError
from .livegame import (SEED_MAX_HUMANS, LiveGame, LogLine, StoredMove, clean_name, draw_chance,
                       hash_token, log_line, make_seats, new_secret)
from .views import ViewCache, log_entries, view_head

log = logging.getLogger("thebes.server")


class GameService(GameCache):
    """Games: create, join, view, move, record, list. Thread-safe."""

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
        (``"timeout"``, ``"absent"``: thebes/server/tables/tables.py).

        Errors: 400 unparsable or illegal (with ``legal``), 409 stale version,
        not this seat's turn, or the game is over.
        """
        g = self.game(game_id)
        changed = False
        try:
            for attempt in range(3):
                with g.lock:
                    for check in list(self.move_checks):
                        check(g, seat, how)
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

    # ------------------------------------------------------------ take-backs
    def states_before(self, g: LiveGame) -> list[Any]:
        """The state before each event of ``g`` (under its lock), replayed from the start:
        ``[state before event 0, ..., state before event n-1, state now]``."""
        state = g.game.new_initial_state(g.players, g.options)
        out = [state.clone()]
        for text in g.events:
            state.apply_action(state.parse(text))
            out.append(state.clone())
        return out

    def rewind(self, game_id: str, expected_version: int, to_version: int,
               state: Any = None, also: Any = None) -> LiveGame:
        """Take the game back to its first ``to_version`` events (``state``: the position
        there, if known): the stored record keeps only those (one version-checked
        transaction, with ``also(conn)``), then the live game, its views and the sockets'
        logs (:attr:`rewind_hooks`) go back with it. 409 if the game moved meanwhile."""
        g = self.game(game_id)
        with g.lock:
            if g.version != expected_version:
                raise ApiError(409, "the game moved meanwhile: nothing was taken back", [],
                               code="takeback_moved")
            if g.finished:
                raise ApiError(409, "the game is over", [])
            if not 0 < to_version <= g.version:
                raise ApiError(409, "nothing to take back", [], code="takeback_none")
            if state is None:
                state = self.states_before(g)[to_version]
            status = "open" if any(s.kind == "human" and not s.claimed for s in g.seats) \
                else "playing"
            try:
                g.updated = self.storage.truncate_events(g.id, expected_version, to_version,
                                                         status, also)
            except StaleVersion:
                self._catch_up_locked(g, seats=False)
                raise ApiError(409, "the game moved meanwhile: nothing was taken back", [],
                               code="takeback_moved") from None
            self._rewound_locked(g, to_version, state)
        self._notify(game_id)
        return g

    def _rewound_locked(self, g: LiveGame, to_version: int, state: Any) -> None:
        del g.events[to_version:]
        del g.log[to_version:]
        g.state = state
        g.views = ViewCache()          # its cached log lines past the version are gone
        g.stamp += 1
        g.publish()
        for hook in list(self.rewind_hooks):
            try:
                hook(g.id, to_version)
            except Exception:
                log.exception("a rewind hook failed for game %s", g.id)

    def rewound_elsewhere(self, game_id: str, to_version: int) -> None:
        """Another process took ``game_id`` back to ``to_version`` events (its notification,
        kind ``t``): the cached game goes back too (then catches up what followed)."""
        g = self._games.get(game_id)
        if g is None:
            return
        with g.lock:
            if to_version < g.version:
                self._rewound_locked(g, to_version, self.states_before(g)[to_version])
            self._catch_up_locked(g, seats=False)
        self._notify(game_id)

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
        version and seat (see thebes/server/live/views.py), and the (version, stamp) it shows."""
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
