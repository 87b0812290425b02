"""Players: claimed names with a private key, openskill ratings per game, leaderboards.

* A person **claims a name** and gets a private key (``secrets.token_urlsafe(24)``),
  kept in their browser and exportable to another; the server stores only its
  SHA-256 hash (``players.key_hash``), as it does a seat's token. No password, no
  e-mail. A name is 1 to 40 characters, without invisible or direction-control
  characters, unique after NFKC and case folding, and not confusable with a taken one
  (thebes/server/players/unicode_names.py). Claims are rate limited per client
  (thebes/server/guard/limits.py, kind ``claim``).
* A seat holder **links** their seat to their player (the seat's token proves the
  seat, the key proves the player); views show the player's name, never the key. A
  link made before any person moved in the game is *early* (``seat_players.early``):
  only games whose every person's seat was linked early are rated.
* When a game finishes, :func:`~.ratings.is_rated` (the one place that decides) says
  whether it counts; if so every seat's rating for that game is updated
  (thebes/server/players/ratings.py).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..live.errors import ApiError
from ..live.livegame import LiveGame
from ..live.service import GameService
from ..storage.communitydb import players, rated_games, ratings, seat_players
from ..storage.schema import GameRow, now
from ..storage.store import Storage
from .ratings import is_rated, leaderboard, store_ratings
from .unicode_names import MAX_KEY, name_key, refusal, skeleton

log = logging.getLogger("thebes.server.players")

MAX_NAME = 40


def hash_key(key: str) -> str:
    return hashlib.sha256(("thebes-player/" + key).encode("utf-8")).hexdigest()


def clean_player_name(name: Any) -> str:
    """A player name as stored: spaces squeezed, 1 to 40 characters; 400 otherwise."""
    if not isinstance(name, str):
        raise ApiError(400, "a player name is a text")
    name = " ".join(name.split())
    if not name:
        raise ApiError(400, "a player name cannot be empty")
    if len(name) > MAX_NAME:
        raise ApiError(400, f"a player name has at most {MAX_NAME} characters, not {len(name)}")
    why = refusal(name)
    if why is not None:
        raise ApiError(400, why[0], code=why[1], params=why[2])
    if name_key(name).startswith("bot:"):
        raise ApiError(400, "a player name cannot start with 'bot:' (the bots' names)")
    if len(name_key(name)) > MAX_KEY or len(skeleton(name)) > MAX_KEY:
        raise ApiError(400, f"this name grows past {MAX_KEY} characters once its letters are "
                            "unfolded (ligatures such as ﬃ count as several): choose a shorter one",
                       code="name_grows", params={"max": MAX_KEY})
    return name


class Players:
    """Claimed players, seat links and ratings (one per app)."""

    def __init__(self, service: GameService, storage: Storage, tables: Any = None) -> None:
        self.service = service
        self.storage = storage
        self.tables = tables
        #: game -> (its stamp when read, seat -> (player id, name))
        self._links: dict[str, tuple[int, dict[int, tuple[int, str]]]] = {}
        self._lock = threading.Lock()
        service.seat_hooks.append(self._decorate)
        service.listeners.append(self.changed)
        self.backfill()

    def backfill(self) -> int:
        """Give every name claimed before migration 0007 its confusables skeleton (two older
        names that look alike: the later keeps a key of its own, ``skeleton#id``); returns
        how many were filled."""
        with self.storage.engine.connect() as conn:
            rows = conn.execute(select(players.c.id, players.c.name)
                                .where(players.c.skeleton.is_(None))
                                .order_by(players.c.id)).all()
        done = 0
        for row in rows:
            try:
                skel = skeleton(row.name)[:MAX_KEY - 12]
            except Exception:
                skel = ""
            folded = name_key(row.name)[:MAX_KEY]
            for values in ({"skeleton": skel, "name_key": folded}, {"skeleton": skel},
                           {"skeleton": f"{skel}#{row.id}"}):
                try:
                    with self.storage._write_lock, self.storage.engine.begin() as conn:
                        conn.execute(update(players).where(players.c.id == row.id,
                                                           players.c.skeleton.is_(None))
                                     .values(**values))
                    done += 1
                    break
                except IntegrityError:
                    continue
        return done

    # ------------------------------------------------------------ players
    def claim(self, name: Any) -> tuple[dict[str, Any], str]:
        """A new player named ``name``; returns (public player, key). 409 if the name is taken."""
        name = clean_player_name(name)
        key = secrets.token_urlsafe(24)
        folded, skel = name_key(name), skeleton(name)
        try:
            with self.storage._write_lock, self.storage.engine.begin() as conn:
                taken = conn.execute(select(players.c.name, players.c.name_key).where(
                    (players.c.name_key == folded) | (players.c.skeleton == skel))).first()
                if taken is None:
                    conn.execute(insert(players).values(name=name, name_key=folded, skeleton=skel,
                                                        key_hash=hash_key(key), created=now()))
        except IntegrityError:    # claimed at the same moment by another request
            taken = True
        if taken is not None:
            if taken is True or taken.name_key == folded:
                raise ApiError(409, f"the name {name!r} is already taken: choose another one")
            raise ApiError(409, f"the name {name!r} looks like {taken.name!r}, which is taken: "
                                "choose one that cannot be mistaken for it",
                           code="name_confusable", params={"name": name, "taken": taken.name})
        return {"name": name}, key

    def by_key(self, key: Any) -> dict[str, Any]:
        """The player whose key is ``key``: ``{"id", "name"}``; 403 for a key that opens none."""
        if not isinstance(key, str) or not key or len(key) > 200:
            raise ApiError(403, "this player key opens no player")
        digest = hash_key(key)
        with self.storage.engine.connect() as conn:
            row = conn.execute(select(players.c.id, players.c.name, players.c.key_hash)
                               .where(players.c.key_hash == digest)).first()
        if row is None or not hmac.compare_digest(row.key_hash, digest):
            raise ApiError(403, "this player key opens no player")
        return {"id": row.id, "name": row.name}

    def links(self, game_id: str) -> dict[int, tuple[int, str]]:
        """0-based seat -> (player id, name) of the seats of ``game_id`` linked to a player.

        Kept while the game's stamp stays: a link made by another process notifies a change
        of seats (kind ``s``), which moves the stamp here when it is caught up."""
        g = self.service.cached(game_id)
        stamp = g.stamp if g is not None else -1
        with self._lock:
            have = self._links.get(game_id)
            if have is not None and have[0] == stamp:
                return have[1]
        with self.storage.engine.connect() as conn:
            rows = conn.execute(select(seat_players.c.seat, players.c.id, players.c.name)
                                .join(players, players.c.id == seat_players.c.player_id)
                                .where(seat_players.c.game_id == game_id)).all()
        out = {r.seat: (r.id, r.name) for r in rows}
        with self._lock:
            self._links[game_id] = (stamp, out)
            if len(self._links) > 5000:
                self._links.pop(next(iter(self._links)))
        return out

    def link(self, game_id: str, seat: int, key: Any) -> dict[str, Any]:
        """Link ``seat`` (its holder proved it) to the player of ``key``; the seat takes the
        player's name. Once the game is over, only a seat without a player can be linked
        (the game may then count: it is rated when every person's seat has its player);
        409 for changing a finished game's player."""
        player = self.by_key(key)
        g = self.service.game(game_id)
        if g.seats[seat].kind != "human":
            raise ApiError(400, "a bot's seat has no player")
        if g.finished:
            have = self.links(game_id).get(seat)
            if have is not None and have[0] != player["id"]:
                raise ApiError(409, "the game is over: its seats can no longer change players")
            if have is not None:
                return {"name": player["name"], "seat": seat + 1}
        early = self.linked_early(g)
        where = (seat_players.c.game_id == game_id) & (seat_players.c.seat == seat)
        for _attempt in range(3):
            try:   # two first links of one seat at once: the second finds the row and updates
                with self.storage._write_lock, self.storage.engine.begin() as conn:
                    done = conn.execute(update(seat_players).where(where)
                                        .values(player_id=player["id"], early=early))
                    if done.rowcount == 0:
                        conn.execute(insert(seat_players).values(
                            game_id=game_id, seat=seat, player_id=player["id"], early=early))
                    self.storage._notify(conn, game_id, g.version, "s")   # others: read again
                break
            except IntegrityError:
                continue
        else:
            raise ApiError(409, "this seat was linked at the same moment by another request; "
                                "try again")
        with self._lock:
            self._links.pop(game_id, None)
        if g.seats[seat].name != player["name"]:
            self.service.rename(game_id, seat, player["name"])
        else:
            self.service.touch(game_id)
        return {"name": player["name"], "seat": seat + 1}

    @staticmethod
    def linked_early(g: LiveGame) -> bool:
        """Whether a link made now counts as made from the start: no person has moved in the
        game yet (a bot's opening moves aside)."""
        with g.lock:
            return not any(line.actor is not None and g.seats[line.actor].kind == "human"
                           for line in g.log)

    def early_seats(self, game_id: str) -> set[int]:
        """The 0-based seats of ``game_id`` linked to a player from the start."""
        with self.storage.engine.connect() as conn:
            return set(conn.execute(select(seat_players.c.seat).where(
                seat_players.c.game_id == game_id, seat_players.c.early.is_(True))).scalars())

    def copy_links(self, old_id: str, new_id: str, seat_map: dict[int, int]) -> None:
        """A rematch keeps each person's player on their rotated seat."""
        old = self.links(old_id)
        rows = [{"game_id": new_id, "seat": seat_map[seat], "player_id": pid, "early": True}
                for seat, (pid, _name) in old.items()]
        if rows:
            with self.storage._write_lock, self.storage.engine.begin() as conn:
                conn.execute(insert(seat_players), rows)
        with self._lock:
            self._links.pop(new_id, None)

    def _decorate(self, game_id: str, seats: list[dict[str, Any]], where: str) -> None:
        if where == "lobby":
            return          # the lobby's older games: no query per row
        linked = self.links(game_id)
        for s in seats:
            entry = linked.get(s["seat"] - 1)
            s["player"] = entry[1] if entry else None

    # ------------------------------------------------------------ ratings
    def changed(self, game_id: str) -> None:
        """Service listener: rate a game once it is over (at most once, whatever the process)."""
        g = self.service._games.get(game_id)
        if g is None or not g.finished:
            return
        try:
            self.rate(g)
        except Exception:
            log.exception("rating game %s failed", game_id)

    def rate(self, g: LiveGame) -> dict[str, Any] | None:
        """Rate the finished game ``g`` if :func:`is_rated` says so; returns the changes
        ``{who: [mu before, mu after]}`` or ``None`` (not rated, or rated already)."""
        with self.storage.engine.connect() as conn:
            if conn.execute(select(rated_games.c.game_id)
                            .where(rated_games.c.game_id == g.id)).first() is not None:
                return None
        linked = {seat: pid for seat, (pid, _n) in self.links(g.id).items()}
        table = self.tables.table(g.id) if self.tables is not None else None
        with_bots = bool(table is not None and table.settings.get("rated_with_bots"))
        if not is_rated(g, linked, with_bots, self.early_seats(g.id)):
            return None
        last = self.tables.resigned(g.id) if self.tables is not None else set()
        return store_ratings(self.storage, g, linked, last)

    def leaderboard(self, game: str, limit: int = 200) -> list[dict[str, Any]]:
        """The game's ratings, best first (:func:`.ratings.leaderboard`)."""
        return leaderboard(self.storage, game, limit)

    def page(self, name: Any, limit: int = 200) -> dict[str, Any]:
        """A player's page: name, ratings per game, and their games newest first
        (``{"id", "game", "seat", "status", "rank", "updated"}``); 404 if unknown."""
        if not isinstance(name, str) or not name or len(name) > MAX_NAME:
            raise ApiError(404, "no such player")
        with self.storage.engine.connect() as conn:
            row = conn.execute(select(players.c.id, players.c.name)
                               .where(players.c.name_key == name_key(" ".join(name.split())))).first()
            if row is None:
                raise ApiError(404, f"no player named {name!r}")
            rated = conn.execute(select(ratings).where(ratings.c.who == f"p{row.id}")).all()
            games = conn.execute(
                select(GameRow.id, GameRow.game, GameRow.status, GameRow.result, GameRow.updated,
                       seat_players.c.seat)
                .join(seat_players, seat_players.c.game_id == GameRow.id)
                .where(seat_players.c.player_id == row.id)
                .order_by(GameRow.updated.desc()).limit(limit)).all()
            count = conn.execute(select(func.count()).select_from(seat_players)
                                 .where(seat_players.c.player_id == row.id)).scalar()
        out_games = []
        for gr in games:
            rank = None
            if gr.result:
                ranking = json.loads(gr.result).get("ranking") or []
                rank = ranking.index(gr.seat + 1) + 1 if gr.seat + 1 in ranking else None
            out_games.append({"id": gr.id, "game": gr.game, "seat": gr.seat + 1,
                              "status": gr.status, "rank": rank,
                              "updated": gr.updated.isoformat()})
        return {"name": row.name, "games_count": count,
                "ratings": [{"game": r.game, "rating": round(r.mu - 3 * r.sigma, 2),
                             "mu": round(r.mu, 2), "sigma": round(r.sigma, 2), "games": r.games}
                            for r in rated],
                "games": out_games}
