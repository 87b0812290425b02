"""Ra's learned evaluation: estimated final fame per seat, a linear function fitted on self-play.

:func:`features` turns a table into one small vector per seat; :func:`evaluate` is
the dot product of each seat's vector with the weights fitted for the table's
number of players and epoch (one vector per ``(players, epoch)``), shipped in
``value.json`` next to this module and loaded once, on first use.
``python -m thebes.bots.train_value --game ra`` refits them (docs/bots.md, "A
learned evaluation"). The ``hard`` level judges with it (``"evaluation": "learned"``,
search.py's ``EVALUATIONS``): at 4 players and equal iterations the search with it
finished ahead of the hand-made one in 73% of pairs, for 8% more time a search
(benchmarks/learned_eval.py); ``medium`` keeps ``search.evaluate``.

A seat's vector holds what the hand-made evaluation (thebes/games/ra/search.py)
reads, each term apart so that the fit weighs it, and the same terms averaged
over the other seats (the epoch's most/fewest races are against them):

* fame so far; this epoch's tally as if it ended now (shared/spec/ra.md, End
  of an epoch); monuments as they would score at the end; the final sun race
  (+5/-5) as the suns stand now;
* face-up suns, their count and their sum, times the share of the epoch left
  (what they can still buy), and all suns' sum times the epochs left;
* pharaohs and Nile times the epochs left (they stay), gods, gold, flood,
  civilization kinds and tiles, the pharaoh lead over the best other seat.

Ra hides nothing (draws are chance nodes; the bag's counts are public), so
every term is public: the features of a seat's determinization are those of
the table it sees. Raises ``KeyError`` for a number of players the weights do
not cover (Ra is for 3 to 5).
"""

from __future__ import annotations

import json
from functools import lru_cache
from operator import mul
from pathlib import Path
from typing import Any

from thebes.games.ra.scoring import epoch_totals, monument_points, most_fewest
from thebes.games.ra.state import RaState
from thebes.games.ra.tiles import CIVILIZATIONS, FLOOD, GOD, GOLD, NILE, PHARAOH, RA_TRACK_END

#: the weights shipped with the package.
WEIGHTS_FILE = Path(__file__).with_name("value.json")

#: the per-seat terms, in vector order (the same terms over the others follow, then a 1).
SEAT_TERMS = ("fame", "tally", "monuments", "sun_race", "suns_up_left", "suns_up_sum_left",
              "suns_sum_epochs_left", "pharaohs_epochs_left", "nile_epochs_left", "gods",
              "gold", "flood", "civilization_kinds", "civilization_tiles", "pharaoh_lead")
FEATURES = SEAT_TERMS + tuple("others_" + t for t in SEAT_TERMS) + ("one",)

_C0, _C1 = CIVILIZATIONS[0], CIVILIZATIONS[-1] + 1


def seat_terms(state: RaState) -> list[list[float]]:
    """:data:`SEAT_TERMS` for every seat, in seat order (see the module docstring); some
    are ints, for speed."""
    n = state.num_players
    displays = state.display
    suns_up = state.suns_up
    suns_down = state.suns_down
    remaining = 3 - state.epoch
    left = 1.0 - state.ra_count / RA_TRACK_END[n]
    tally = epoch_totals(displays, suns_up, suns_down, final=False)
    sun_sums = [sum(suns_up[s]) + sum(suns_down[s]) for s in range(n)]
    race = most_fewest(sun_sums, 5, -5)
    pharaohs = sorted(d[PHARAOH] for d in displays)
    top, second = pharaohs[-1], pharaohs[-2]
    fame = state.fame
    out = []
    for s in range(n):
        d = displays[s]
        up = suns_up[s]
        civ = d[_C0:_C1]
        mine = d[PHARAOH]
        out.append([fame[s], tally[s], monument_points(d), race[s], left * len(up),
                    left * sum(up), remaining * sun_sums[s], remaining * mine,
                    remaining * d[NILE], d[GOD], d[GOLD], 1 if d[FLOOD] else 0,
                    5 - civ.count(0), sum(civ), mine - (second if mine == top else top)])
    return out


def features(state: RaState) -> list[list[float]]:
    """One vector of :data:`FEATURES` per seat: the seat's terms, the others' mean terms, 1."""
    terms = seat_terms(state)
    n = len(terms)
    k = len(SEAT_TERMS)
    totals = [sum(t[j] for t in terms) for j in range(k)]
    return [[float(x) for x in t] + [(totals[j] - t[j]) / (n - 1) for j in range(k)] + [1.0]
            for t in terms]


class ValueModel:
    """Fitted weights: ``weights[(players, epoch)]`` is one float per :data:`FEATURES` entry.

    ``info`` holds how they were made (games, seed, bot, errors on held-out games)."""

    def __init__(self, weights: dict[tuple[int, int], list[float]], info: dict[str, Any]) -> None:
        for key, w in weights.items():
            if len(w) != len(FEATURES):
                raise ValueError(f"weights for {key}: {len(w)} numbers, not {len(FEATURES)}")
        self.weights = weights
        self.info = info
        # The same sums, folded: the others' mean of a term t is (T - t_s) / (n - 1) with
        # T the sum over seats, so a seat's value is own . t_s + other . T + bias, where
        # own = w_seat - w_others / (n - 1) and other = w_others / (n - 1).
        k = len(SEAT_TERMS)
        self._folded: dict[tuple[int, int],
                           tuple[tuple[float, ...], tuple[float, ...], float]] = {}
        for (n, e), w in weights.items():
            other = tuple(x / (n - 1) for x in w[k:2 * k])
            self._folded[(n, e)] = (tuple(a - b for a, b in zip(w[:k], other)), other, w[-1])

    def evaluate(self, state: RaState) -> list[float]:
        """Estimated final fame per seat, in seat order.

        Raises:
            KeyError: no weights for this number of players and epoch.
        """
        own, other, bias = self._folded[(state.num_players, state.epoch)]
        terms = seat_terms(state)
        common = bias + sum([sum(map(mul, other, t)) for t in terms])
        return [sum(map(mul, own, t)) + common for t in terms]

    def to_json(self) -> dict[str, Any]:
        return {"game": "ra", "features": list(FEATURES),
                "weights": {f"{n}/{e}": w for (n, e), w in sorted(self.weights.items())},
                "info": self.info}

    def save(self, path: Path | str) -> None:
        """Write the model as JSON, one weight vector a line (floats round-trip exactly)."""
        data = self.to_json()
        weights = ",\n".join(f"  {json.dumps(k)}: {json.dumps(w)}"
                              for k, w in data["weights"].items())
        text = (f'{{"game": "ra",\n "features": {json.dumps(data["features"])},\n'
                f' "weights": {{\n{weights}\n }},\n'
                f' "info": {json.dumps(data["info"], sort_keys=True)}}}\n')
        Path(path).write_text(text, encoding="utf-8")

    @classmethod
    def load(cls, path: Path | str) -> "ValueModel":
        """Read a model written by :meth:`save`.

        Raises:
            ValueError: not a Ra value model, or its features are not :data:`FEATURES`.
            OSError: the file cannot be read.
        """
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if data.get("game") != "ra" or tuple(data.get("features", ())) != FEATURES:
            raise ValueError(f"{path}: not a Ra value model with this module's features")
        weights = {}
        for key, w in data["weights"].items():
            n, e = key.split("/")
            weights[(int(n), int(e))] = [float(x) for x in w]
        return cls(weights, data.get("info", {}))


@lru_cache(maxsize=1)
def shipped() -> ValueModel:
    """The model shipped with the package (:data:`WEIGHTS_FILE`), read once."""
    return ValueModel.load(WEIGHTS_FILE)


def evaluate(state: RaState) -> list[float]:
    """Estimated final fame per seat by the shipped model (see :meth:`ValueModel.evaluate`)."""
    return shipped().evaluate(state)
