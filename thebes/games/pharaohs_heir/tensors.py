"""Pharaoh's Heir through the OpenSpiel and PettingZoo adapters: its ids (moves chosen
token by token, the ``nile`` and ``land`` stacks dealt tile by tile) and its observation
tensor.

The ``tensors`` hook of Pharaoh's Heir (thebes/core/hooks.py says what this module
defines; docs/interop.md lists the ids and the tensor's pieces, and its "Sub-steps" the
deals and the tokens).
"""

from __future__ import annotations

from typing import Any, Hashable

from thebes.core import State
from thebes.core.tensors import (END, Dealer, Encoding, Tensor, Walker, list_walker,
                                 one_hot)

from . import chance as ch
from .actions import LAND, NILE, OFFER, PAY, PLACE, PROTECT, REAP, STARVE
from .pieces import (ACTIONS, BUILDING_NAMES, COLUMNS, DROUGHT, FLOOD, LAND_BY_NAME, NUMBERED,
                     SLOT_BY_NAME, land_set, nile_name, nile_set, slot_name)
from .scoring import AREAS
from .state import P_LAND, P_NILE, PHASE_NAMES
from .views import Exchanges, Splits

#: the player count OpenSpiel's registry shows (``python_thebes_pharaohs_heir``) and
#: PettingZoo's default.
OPENSPIEL_PLAYERS = 3
#: ``(players, options)`` of each setup the conformance checks run.
CONFORMANCE: tuple[tuple[int, dict[str, Any]], ...] = (
    (3, {}), (4, {}), (3, {"piecepacks": 1}))
#: counts and numbers a move may name (0 .. MAX_NUMBER).
MAX_NUMBER = 199


def max_length(players: int) -> tuple[int, int]:
    """(upper bound on decisions, upper bound on chance nodes): moves are token sequences;
    chance deals tile by tile."""
    return 20000, 2 * (12 + 36) + 1


def options_of(state: State) -> dict[str, Any]:
    """The options ``state`` was made with."""
    return {"piecepacks": getattr(state, "piecepacks", 2)}


# ---------------------------------------------------------------------- moves, token by token
class SplitWalker(Walker):
    """A walker over a token distribution (``place``, ``pay``, ``offer``,
    ``starve``, ``protect``: a :class:`~thebes.games.pharaohs_heir.views.Splits`)
    or a harvest exchange (``reap``: ``Exchanges``, any total), built from the
    view's bins and caps without listing its forms.

    Tokens: the head word; for ``offer`` the grain G; then for each bin used,
    in canonical order, ``P:`` and ``K`` (``P`` alone for ``starve`` and
    ``protect``); then ``<end>``, legal once the total is reached.
    """

    __slots__ = ("enc", "head", "kind", "bins", "caps", "total", "exact", "single", "offer",
                 "counts", "i", "m", "stage", "chosen", "bin")

    def __init__(self, enc: Encoding, head: str, kind: int, bins: list[int], caps: list[int],
                 total: int, exact: bool, single: bool, offer: bool) -> None:
        self.enc = enc
        self.head = head
        self.kind = kind
        self.bins = list(bins)
        self.caps = list(caps)
        self.total = total
        self.exact = exact          # Splits: the counts sum to total; Exchanges: any sum
        self.single = single        # starve / protect: a slot is named once, count 1
        self.offer = offer          # bin 0 is the grain, named first as a number
        self.counts = [0] * len(bins)
        self.i = 1 if offer else 0  # first bin still open
        self.m = total
        self.stage = "head"
        self.chosen: list[int] = []
        self.bin = -1

    def _suffix(self, j: int) -> int:
        return sum(self.caps[j:])

    def options(self) -> list[int]:
        ids = self.enc.move_index
        if self.stage == "head":
            return [ids[self.head]]
        if self.stage == "grain":
            top = min(self.caps[0], self.m)
            return sorted(ids[str(g)] for g in range(top + 1) if self.m - g <= self._suffix(1))
        if self.stage == "count":
            j = self.bin
            top = min(self.caps[j], self.m) if self.exact else self.caps[j]
            ks = [k for k in range(1, top + 1)
                  if not self.exact or self.m - k <= self._suffix(j + 1)]
            return sorted(ids[str(k)] for k in ks)
        # stage "slot": another bin, or the end
        out = []
        if not self.exact or self.m == 0:
            out.append(ids[END])
        if not self.exact or self.m > 0:
            for j in range(self.i, len(self.bins)):
                if self.caps[j] < 1:
                    continue
                if self.exact and self.m - min(self.caps[j], self.m) > self._suffix(j + 1):
                    continue
                out.append(ids[slot_name(self.bins[j]) + ("" if self.single else ":")])
        return sorted(out)

    def step(self, token: int) -> Hashable | None:
        if token not in self.options():
            raise ValueError(f"token {token} is not legal here")
        text = self.enc.moves[token]
        self.chosen = self.chosen + [token]
        if self.stage == "head":
            self.stage = "grain" if self.offer else "slot"
            return None
        if self.stage == "grain":
            g = int(text)
            self.counts = self.counts[:]
            self.counts[0] = g
            self.m -= g
            self.stage = "slot"
            return None
        if self.stage == "count":
            k = int(text)
            self.counts = self.counts[:]
            self.counts[self.bin] = k
            self.m -= k
            self.i = self.bin + 1
            self.stage = "slot"
            return None
        if text == END:
            return self._action()
        slot = SLOT_BY_NAME[text.rstrip(":")]
        j = self.bins.index(slot, self.i)
        if self.single:
            self.counts = self.counts[:]
            self.counts[j] = 1
            self.m -= 1
            self.i = j + 1
        else:
            self.bin = j
            self.stage = "count"
        return None

    def _action(self) -> tuple:
        pairs = tuple((self.bins[j], k) for j, k in enumerate(self.counts)
                      if k and not (self.offer and j == 0))
        if self.single:
            return (self.kind, tuple(s for s, _ in pairs))
        if self.offer:
            return (OFFER, self.counts[0], pairs)
        return (self.kind, pairs)

    def tokens(self) -> list[int]:
        return list(self.chosen)

    def copy(self) -> "SplitWalker":
        w = SplitWalker.__new__(SplitWalker)
        for name in SplitWalker.__slots__:
            setattr(w, name, getattr(self, name))
        return w


def _walker(enc: Encoding, state: State) -> Walker:
    """The walker over ``state``'s legal moves: a :class:`SplitWalker` over a lazy view,
    else a trie over the listed moves."""
    legal = state.legal_actions()
    if isinstance(legal, Splits):
        head = {PLACE: "place", PAY: "pay", OFFER: "offer", STARVE: "starve",
                PROTECT: "protect"}[legal.kind]
        return SplitWalker(enc, head, legal.kind, legal.bins, list(legal.caps), legal.total,
                           exact=True, single=legal.kind in (STARVE, PROTECT),
                           offer=legal.kind == OFFER)
    if isinstance(legal, Exchanges):
        return SplitWalker(enc, "reap", REAP, legal.bins, list(legal.caps), 0,
                           exact=False, single=False, offer=False)
    return list_walker(enc, state, legal)


# ---------------------------------------------------------------------- stacks, tile by tile
class _StackDealer(Dealer):
    """Pharaoh's Heir's ``nile`` or ``land`` event dealt tile by tile, in the
    order the spec's probability draws them: for ``nile``, each stack's top
    first (numbered tiles only), then the other tiles stack by stack, top
    down; for ``land``, the written tiles stack by stack, top down. Each draw
    has probability count left / tiles left."""

    def __init__(self, kind: int, pool: dict[int, int], base: int, tiles: tuple[int, ...],
                 steps: int, tops: int, numbered: frozenset) -> None:
        self.kind = kind
        self.pool = pool        # tile -> count at the start
        self.base = base        # chance id of tile code 0 (ids are base + index in ``tiles``)
        self.tiles = tiles      # tile codes in chance-id order
        self.steps = steps
        self.tops = tops        # how many stack tops are drawn first (nile), else 0
        self.numbered = numbered

    def outcomes(self, dealt: list[int]) -> list[tuple[int, float]]:
        left = dict(self.pool)
        for ident in dealt:
            left[self.tiles[ident - self.base]] -= 1
        i = len(dealt)
        allowed = [t for t in self.tiles if left[t] > 0 and (i >= self.tops or t in self.numbered)]
        total = sum(left[t] for t in allowed)
        return [(self.base + self.tiles.index(t), left[t] / total) for t in allowed]

    def finish(self, dealt: list[int]) -> tuple:
        tiles = [self.tiles[i - self.base] for i in dealt]
        if self.tops:
            tops, rest = tiles[:self.tops], iter(tiles[self.tops:])
            out = []
            for k in range(self.tops):
                out.append(tops[k])
                out.extend(next(rest) for _ in range(5))
            tiles = out
        return (self.kind, tuple(tiles))


# ---------------------------------------------------------------------- ids
def _tokens() -> list[str]:
    """The move tokens, in id order (docs/interop.md, Action encodings: Pharaoh's Heir)."""
    moves = list(ACTIONS) + ["bonus", "peek", "pass", "take", "offer", "place", "reap", "pay",
                             "starve", "protect", "build", "canal", "floodwall"]
    moves += list(COLUMNS) + list(BUILDING_NAMES) + list(LAND_BY_NAME)
    moves += list(SLOT_BY_NAME) + [s + ":" for s in SLOT_BY_NAME]
    moves += [str(k) for k in range(MAX_NUMBER + 1)] + [END]
    return moves


def encoding(players: int, options: dict[str, Any]) -> Encoding:
    """Pharaoh's Heir's ids at ``players`` seats: moves chosen token by token, the stacks
    dealt tile by tile."""
    pp = options["piecepacks"]
    moves = _tokens()
    nile_tiles = (2, 3, 4, 5, FLOOD, DROUGHT)
    land_tiles = tuple(LAND_BY_NAME.values())
    chance = [f"deal {nile_name(t)}" for t in nile_tiles]
    chance += [f"deal {name}" for name in LAND_BY_NAME]
    chance += [f"blessing {k}" for k in range(1, players + 1)]
    nile_pool = dict(nile_set(pp))
    land_pool = dict(land_set(pp))
    numbered = frozenset(NUMBERED)

    def dealer_for(state: State) -> Dealer | None:
        if state.phase == P_NILE:
            return _StackDealer(NILE, nile_pool, 0, nile_tiles, 6 * pp, pp, numbered)
        if state.phase == P_LAND:
            stacks = ch.land_stack_count(state.num_players, pp, state.cycle == 0)
            return _StackDealer(LAND, land_pool, len(nile_tiles), land_tiles, 6 * stacks, 0,
                                numbered)
        return None

    return Encoding("pharaohs-heir", players, options, moves, chance, dealer_for, _walker)


# ---------------------------------------------------------------------- tensor
class PharaohsHeirTensor(Tensor):
    """Pharaoh's Heir: everything public but the face-down stacks' order and the
    tile a ``peek`` showed (to that seat only). ``choosing`` counts the tokens
    of the compound move being chosen (by move-token id)."""

    def __init__(self, players: int, piecepacks: int) -> None:
        super().__init__()
        self.n = n = players
        self.phases = {p: i for i, p in enumerate(PHASE_NAMES)}
        self.actions = {a: i for i, a in enumerate(ACTIONS)}
        self.nile = {t: i for i, t in enumerate(("2", "3", "4", "5", "flood", "drought"))}
        self.lands = {t: i for i, t in enumerate(LAND_BY_NAME)}
        self.slots = {s: i for i, s in enumerate(SLOT_BY_NAME)}
        self.columns = ("village", "temple", "crop")
        self.areas = AREAS
        vocab = len(_tokens())
        self.add("observer", n)
        self.add("to_move", n)
        self.add("phase", len(PHASE_NAMES))
        self.add("cycle", 2)
        self.add("turn", 6)
        self.add("blessing", n)
        self.add("overseer", n)
        self.add("action", 5)
        self.add("actions_left", 5)
        self.add("pending", 1)
        self.add("due", 1)
        self.add("bonus_choice", 1)
        self.add("nile_tile", 6)
        self.add("nile_revealed", 6)
        self.add("nile_face_down", 2)
        self.add("last_numbered", 1)
        self.add("peeked_by", n)
        self.add("peeked", 6)
        self.add("land_face_up", 6, len(LAND_BY_NAME))
        self.add("land_face_down", 6)
        self.add("later_face_down", 1)
        self.add("set_aside", 1)
        self.add("removed", len(LAND_BY_NAME))
        self.add("mat_tile", n, 21)
        self.add("mat_printed_type", n, 21, 3)
        self.add("mat_value", n, 21)
        self.add("mat_tokens", n, 21)
        self.add("mat_canal", n, 21)
        self.add("mat_building", n, 21)
        self.add("floodwalls", n, 6)
        self.add("grain", n)
        self.add("reserve", n, 6)
        self.add("out_of_play", n, 6)
        self.add("areas", n, len(AREAS))
        self.add("track", n, 12)
        self.add("vp", 2, n, 5)
        self.add("scores", n)
        self.add("choosing", vocab)

    def encode(self, obs: dict[str, Any], seat: int | None,
               tokens: Any = ()) -> list[float]:
        o = self.offset
        out = [0.0] * self.size
        n = self.n
        one_hot(out, o["observer"], seat)
        if isinstance(obs["to_move"], int):
            one_hot(out, o["to_move"], obs["to_move"])
        one_hot(out, o["phase"], self.phases[obs["phase"]])
        one_hot(out, o["cycle"], obs["cycle"] - 1)
        one_hot(out, o["turn"], min(obs["turn"], 6) - 1)
        one_hot(out, o["blessing"], obs["blessing"])
        one_hot(out, o["overseer"], obs["overseer"])
        if obs["action"] is not None:
            one_hot(out, o["action"], self.actions[obs["action"]])
        for a in obs["actions_left"]:
            out[o["actions_left"] + self.actions[a]] = 1.0
        out[o["pending"]] = obs["pending"] or 0
        out[o["due"]] = obs["due"] or 0
        out[o["bonus_choice"]] = 1.0 if obs["bonus_choice"] else 0.0
        nile = obs["nile"]
        if nile["tile"] is not None:
            one_hot(out, o["nile_tile"], self.nile[nile["tile"]])
        for t in nile["revealed"]:
            out[o["nile_revealed"] + self.nile[t]] += 1
        for k, count in enumerate(nile["face_down"][:2]):
            out[o["nile_face_down"] + k] = count
        out[o["last_numbered"]] = nile["last_numbered"] or 0
        one_hot(out, o["peeked_by"], nile["peeked_by"])
        if nile.get("peeked") is not None:
            one_hot(out, o["peeked"], self.nile[nile["peeked"]])
        land = obs["land"]
        nl = len(self.lands)
        for k, stack in enumerate(land["stacks"][:6]):
            if stack["face_up"] is not None:
                out[o["land_face_up"] + k * nl + self.lands[stack["face_up"]]] = 1.0
            out[o["land_face_down"] + k] = stack["face_down"]
        out[o["later_face_down"]] = land["later_face_down"]
        out[o["set_aside"]] = land["set_aside"]
        for t in land["removed"]:
            out[o["removed"] + self.lands[t]] += 1
        for p, mat in enumerate(obs["mats"]):
            for col, name in enumerate(self.columns):
                for tile in mat["columns"][name]:
                    i = p * 21 + self.slots[tile["pos"]]
                    out[o["mat_tile"] + i] = 1.0
                    printed = tile["tile"].rstrip("0123456789")
                    out[o["mat_printed_type"] + i * 3 + self.columns.index(printed)] = 1.0
                    out[o["mat_value"] + i] = tile["value"]
                    out[o["mat_tokens"] + i] = tile["tokens"]
                    out[o["mat_canal"] + i] = 1.0 if tile["canal"] else 0.0
                    out[o["mat_building"] + i] = tile["building"] or 0
            for v in mat["floodwalls"]:
                out[o["floodwalls"] + p * 6 + v - 1] += 1
            out[o["grain"] + p] = mat["grain"]
            for v in mat["reserve"]:
                out[o["reserve"] + p * 6 + v - 1] += 1
            for v in mat["out_of_play"]:
                out[o["out_of_play"] + p * 6 + v - 1] += 1
            for a, area in enumerate(self.areas):
                out[o["areas"] + p * len(self.areas) + a] = mat["areas"][area]
        for p, track in enumerate(obs["track"]):
            for k, v in enumerate(track):
                out[o["track"] + p * 12 + k] = v
        for c, cycle in enumerate(obs["vp"]):
            for p, areas in enumerate(cycle):
                for a, v in enumerate(areas):
                    out[o["vp"] + (c * n + p) * 5 + a] = v
        for p, v in enumerate(obs["scores"]):
            out[o["scores"] + p] = v
        for t in tokens:
            out[o["choosing"] + t] += 1
        return out


def tensor(players: int, options: dict[str, Any]) -> PharaohsHeirTensor:
    """Pharaoh's Heir's observation tensor at ``players`` seats."""
    return PharaohsHeirTensor(players, options.get("piecepacks", 2))
