"""Ratings: which finished games count (:func:`is_rated`, the one place that decides), the
openskill update of a rated game (:func:`store_ratings`) and the leaderboards.

Every seat's rating for the game is updated with openskill's Plackett-Luce model
(``model.rate(teams, ranks=...)``, ranks from the game's ranking) and the change is stored
once (``rated_games``: the game's id is the primary key, so two processes cannot rate a
game twice). Bots are rated as ``bot:<level>`` and, playing many games, anchor the scale.
A bot level that plays two seats of one game gets the mean of its two updates.
A seat that resigned ranks last, whatever its score.

**Repeated pairings.** Nobody can tell a game between two people from a game between one
person's two names, so what repeated games between the same people can add is capped:
for each two players, of the games of one kind where both sat (bots and others aside), at
most :data:`PAIR_LIMIT` in any :data:`PAIR_WINDOW_DAYS` days move ratings; a game where any
two of its players have reached it is stored as not counted (``rated_games.counted`` false,
``changes`` empty). Games of one person against bots are not capped (the bots anchor the
scale).
"""

from __future__ import annotations

import json
from typing import Any

import datetime as dt

from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..live.livegame import LiveGame
from ..storage.communitydb import players, rated_games, ratings
from ..storage.schema import now
from ..storage.store import Storage


#: rated games of one kind between the same people that count within PAIR_WINDOW_DAYS
PAIR_LIMIT = 3
PAIR_WINDOW_DAYS = 30


def is_rated(g: LiveGame, linked: dict[int, int], rated_with_bots: bool,
             early: set[int] | None = None) -> bool:
    """Whether the finished game ``g`` counts for ratings: the one place that decides.

    ``linked``: 0-based seat -> player id for the seats linked to a claimed player.
    Counts: a finished game of two seats or more, whose set-up its creator did not
    know (``seed_known``, issue 16), where every person's seat is a distinct claimed
    player, with at least two of them, or one against bots when the creator asked
    (``rated_with_bots``). ``early``: the seats linked from the start (before any person
    moved); when given, every person's seat must be among them (a link made once the game
    was under way, or over, never rates it).
    """
    if not g.finished or g.players < 2:
        return False
    if getattr(g, "seed_known", False) or g.options.get("seed_known"):
        return False
    humans = [s.seat for s in g.seats if s.kind == "human"]
    if any(seat not in linked for seat in humans):
        return False
    if early is not None and any(seat not in early for seat in humans):
        return False
    ids = [linked[seat] for seat in humans]
    if len(set(ids)) != len(ids):
        return False
    if len(ids) >= 2:
        return True
    return len(ids) == 1 and rated_with_bots and len(humans) < g.players


def people_key(g: LiveGame, linked: dict[int, int]) -> str:
    """The players of a game, for the cap on repeated pairings: their sorted ids between
    commas (``,3,8,``), so that ``LIKE '%,3,%'`` finds the games of player 3."""
    ids = sorted({linked[s.seat] for s in g.seats if s.kind == "human"})
    return "," + ",".join(str(pid) for pid in ids) + ","


def store_ratings(storage: Storage, g: LiveGame, linked: dict[int, int],
                  last: set[int] | None = None) -> dict[str, Any] | None:
    """Update every seat's rating for the finished game ``g`` (rated: :func:`is_rated`) with
    openskill's Plackett-Luce model, and store the change once (``rated_games``); returns
    ``{who: [mu before, mu after]}``, or ``None`` when another process rated it first, or
    when the cap on repeated pairings leaves it uncounted. ``last``: 0-based seats that
    resigned (ranked last)."""
    from openskill.models import PlackettLuce

    result = g.result()
    if result is None:
        return None
    who = [f"p{linked[s.seat]}" if s.kind == "human" else f"bot:{s.bot}" for s in g.seats]
    rank_of_seat = {seat - 1: place for place, seat in enumerate(result["ranking"], 1)}
    for seat in last or ():
        rank_of_seat[seat] = g.players + 1          # a resigned seat: last, tied with others
    model = PlackettLuce()
    people = people_key(g, linked)
    ids = [pid for pid in people.split(",") if pid]
    pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:]]
    try:
        with storage._write_lock, storage.engine.begin() as conn:
            since = now() - dt.timedelta(days=PAIR_WINDOW_DAYS)
            for a, b in pairs:
                before = conn.execute(select(func.count()).select_from(rated_games).where(
                    rated_games.c.people.like(f"%,{a},%"), rated_games.c.people.like(f"%,{b},%"),
                    rated_games.c.game == g.game.name, rated_games.c.counted.is_(True),
                    rated_games.c.created >= since)).scalar()
                if before >= PAIR_LIMIT:
                    conn.execute(insert(rated_games).values(
                        game_id=g.id, game=g.game.name, changes="{}", created=now(),
                        people=people, counted=False))
                    return None
            query = select(ratings).where(ratings.c.game == g.game.name,
                                          ratings.c.who.in_(set(who)))
            if conn.dialect.name != "sqlite":
                query = query.with_for_update()
            have = {r.who: r for r in conn.execute(query)}
            teams = [[model.rating(mu=have[w].mu, sigma=have[w].sigma) if w in have
                      else model.rating()] for w in who]
            new = model.rate(teams, ranks=[rank_of_seat[s] for s in range(g.players)])
            sums: dict[str, list[float]] = {}
            for w, team in zip(who, new):
                acc = sums.setdefault(w, [0.0, 0.0, 0])
                acc[0] += team[0].mu
                acc[1] += team[0].sigma
                acc[2] += 1
            changes: dict[str, list[float]] = {}
            stamp = now()
            for w, (mu_sum, sigma_sum, n) in sums.items():
                mu, sigma = mu_sum / n, sigma_sum / n
                before = have[w].mu if w in have else model.rating().mu
                changes[w] = [before, mu]
                if w in have:
                    conn.execute(update(ratings).where(ratings.c.who == w,
                                                       ratings.c.game == g.game.name)
                                 .values(mu=mu, sigma=sigma, games=have[w].games + 1,
                                         updated=stamp))
                else:
                    conn.execute(insert(ratings).values(who=w, game=g.game.name, mu=mu,
                                                        sigma=sigma, games=1, updated=stamp))
            conn.execute(insert(rated_games).values(game_id=g.id, game=g.game.name,
                                                    changes=json.dumps(changes),
                                                    created=stamp, people=people, counted=True))
    except IntegrityError:
        return None     # another process rated it first: its transaction stands
    return changes


def leaderboard(storage: Storage, game: str, limit: int = 200) -> list[dict[str, Any]]:
    """The game's ratings, best first: ``{"name", "kind": "player"|"bot", "bot", "rating"
    (ordinal mu - 3 sigma), "mu", "sigma", "games"}``."""
    with storage.engine.connect() as conn:
        rows = conn.execute(select(ratings).where(ratings.c.game == game)).all()
        ids = [int(r.who[1:]) for r in rows if r.who.startswith("p")]
        names = dict(conn.execute(select(players.c.id, players.c.name)
                                  .where(players.c.id.in_(ids))).all()) if ids else {}
    out = []
    for r in rows:
        if r.who.startswith("bot:"):
            entry = {"name": None, "kind": "bot", "bot": r.who[4:]}
        else:
            entry = {"name": names.get(int(r.who[1:]), "?"), "kind": "player", "bot": None}
        out.append({**entry, "rating": round(r.mu - 3 * r.sigma, 2), "mu": round(r.mu, 2),
                    "sigma": round(r.sigma, 2), "games": r.games})
    out.sort(key=lambda e: (-e["rating"], e["name"] or e["bot"] or ""))
    return out[:limit]
