"""Differential test: the engine (thebes/games/ra/) against reference_ra.py.

reference_ra.py is an independent implementation of shared/spec/ra.md. The
two are compared, event by event, on random games both ways:

* reference-driven: moves chosen uniformly among the reference's legal events,
  chance drawn by the reference's exact probabilities, every event applied to
  both; at every step the legal-event sets, the current seat, the scores so
  far and (at chance nodes) every outcome's probability must agree, and at the
  end the scores and the ranking;
* engine-driven: records from ``thebes selfplay`` (``selfplay_record``)
  replayed through both in the same lock-step;
* illegal events slipped into valid records at random indexes: ``thebes
  replay --json`` must exit 1 naming exactly that index (and list the
  reference's legal events there);
* the shape of ``thebes replay --json`` for finished, unfinished, bad-result
  and unreadable records (shared/spec/CLI.md).

Script mode, for thousands of games and a summary of disagreements:

    .venv/bin/python tests/games/ra/test_ra_differential.py --games 3000
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import sys
import tempfile
from collections import Counter
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from reference_ra import KINDS, RaReference  # noqa: E402

import pytest  # noqa: E402

from thebes import cli  # noqa: E402
from thebes.core import CHANCE, TERMINAL, get_game, result_of  # noqa: E402

SEATS = (3, 4, 5)
GAMES_IN_TEST = 300       # per seat count and direction, in the pytest run
MUTATIONS_IN_TEST = 150   # illegal-event records per seat count, in the pytest run


# ====================================================================== helpers
def new_engine_state(players):
    return get_game("ra").new_initial_state(players)


def engine_seat(state):
    """'chance', None (finished) or a 0-based seat, like RaReference.current_player()."""
    player = state.current_player()
    if player == CHANCE:
        return "chance"
    if player == TERMINAL:
        return None
    return player


def phase_of(ref):
    """A short description of the reference's position, for messages."""
    if ref.phase == "auction":
        return f"auction ({ref.auction_kind}, Ra player seat {ref.ra_player + 1})"
    if ref.phase == "discard":
        return f"discard for {ref.pending_disasters[0]}"
    return ref.phase


def compare_states(ref, state):
    """None if the two positions agree, else a one-paragraph description of the difference."""
    if ref.is_terminal() != state.is_terminal():
        return (f"terminal: reference {ref.is_terminal()}, engine {state.is_terminal()}")
    ref_legal = ref.legal_events()
    eng_list = list(state.legal_events())
    eng_legal = set(eng_list)
    if ref_legal != eng_legal:
        return (f"legal sets differ at {phase_of(ref)}: "
                f"only reference {sorted(ref_legal - eng_legal)}, "
                f"only engine {sorted(eng_legal - ref_legal)}; "
                f"reference {sorted(ref_legal)}")
    if len(eng_list) != len(eng_legal):
        return f"engine lists an event twice: {sorted(eng_list)}"
    if ref.current_player() != engine_seat(state):
        return (f"seat to decide: reference {ref.current_player()}, engine {engine_seat(state)} "
                f"(0-based) at {phase_of(ref)}")
    if ref.is_chance():
        for text in sorted(ref_legal):
            exact = ref.chance_probability(text)
            mine = state.chance_probability(state.text_to_action(text))
            if abs(float(exact) - mine) > 1e-12:
                return f"probability of {text!r}: reference {exact} ({float(exact)!r}), engine {mine!r}"
    if ref.is_terminal():
        ours = result_of(state)
        theirs = {"scores": ref.scores(), "ranking": ref.ranking()}
        if ours != theirs:
            return f"result: reference {theirs}, engine {ours}"
    elif list(state.scores() or []) != ref.scores():
        return f"scores so far: reference {ref.scores()}, engine {state.scores()}"
    return None


def sample_outcome(ref, rng):
    """A chance outcome drawn with the reference's exact probabilities (integer arithmetic)."""
    outcomes = sorted(ref.legal_events())
    weights = [ref.chance_probability(o) for o in outcomes]
    denominator = 1
    for w in weights:
        denominator = denominator * w.denominator // _gcd(denominator, w.denominator)
    shares = [w.numerator * (denominator // w.denominator) for w in weights]
    assert sum(shares) == denominator, weights  # the probabilities sum to 1
    ticket = rng.randrange(denominator)
    for outcome, share in zip(outcomes, shares):
        if ticket < share:
            return outcome
        ticket -= share
    raise AssertionError("unreachable")


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


class Disagreement(Exception):
    def __init__(self, players, events, index, message):
        super().__init__(message)
        self.players = players
        self.events = events
        self.index = index
        self.message = message

    def __str__(self):
        return (f"{self.players} players, before event {self.index} "
                f"(events so far: {json.dumps(self.events[:self.index])}): {self.message}")

    def signature(self):
        """The message without game-specific detail, to group disagreements in the summary."""
        msg = self.message
        if msg.startswith("legal sets differ"):
            return msg.split("; reference")[0]
        return msg[:160]


def lockstep(players, events, ref=None, state=None, start=0):
    """Apply ``events`` to both implementations, comparing before each and after the last.

    Raises Disagreement at the first difference. Returns (ref, state).
    """
    ref = ref or RaReference(players)
    state = state or new_engine_state(players)
    for i, text in enumerate(events, start):
        problem = compare_states(ref, state)
        if problem:
            raise Disagreement(players, list(events), i, problem)
        try:
            ref.apply(text)
        except ValueError as err:
            raise Disagreement(players, list(events), i, f"reference refused {text!r}: {err}")
        try:
            state.apply(text)
        except ValueError as err:
            raise Disagreement(players, list(events), i, f"engine refused {text!r}: {err}")
    problem = compare_states(ref, state)
    if problem:
        raise Disagreement(players, list(events), start + len(events), problem)
    return ref, state


POLICIES = ("uniform", "drawer", "hoarder", "miser")


def choose_move(ref, rng, policy):
    """A move for the reference's seat to decide.

    ``uniform`` picks among the legal events alike; uniform play almost never
    fills the Ra track, so ``drawer`` mostly draws and passes (full auction
    tracks, forced auctions, epochs ended by the Ra track, many disasters) and
    ``hoarder`` draws often and plays every god it can; ``miser`` passes
    whenever it may and otherwise bids its lowest sun (long epochs, a bag
    running out of kinds, forced auctions nobody takes).
    """
    legal = sorted(ref.legal_events())
    if policy == "drawer":
        if "draw" in legal and rng.random() < 0.85:
            return "draw"
        if "pass" in legal and rng.random() < 0.6:
            return "pass"
    elif policy == "hoarder":
        gods = [t for t in legal if t.startswith("god ")]
        if gods and rng.random() < 0.8:
            return rng.choice(gods)
        if "draw" in legal and rng.random() < 0.6:
            return "draw"
    elif policy == "miser":
        if "pass" in legal and rng.random() < 0.9:
            return "pass"
        bids = [t for t in legal if t.startswith("bid ")]
        if bids and "pass" not in legal:
            return min(bids, key=lambda t: int(t.split()[1]))
        if "draw" in legal and rng.random() < 0.7:
            return "draw"
    return rng.choice(legal)


def reference_driven_game(players, seed, policy=None):
    """Play one game chosen by the reference, the engine following. Returns the events.

    The policy, unless given, goes round POLICIES with the seed.
    """
    rng = random.Random(f"ra-reference/{players}/{seed}")
    policy = policy or POLICIES[seed % len(POLICIES)]
    ref = RaReference(players)
    state = new_engine_state(players)
    events = []
    while True:
        problem = compare_states(ref, state)
        if problem:
            raise Disagreement(players, events, len(events), problem)
        if ref.is_terminal():
            return events, ref
        if ref.is_chance():
            text = sample_outcome(ref, rng)
        else:
            text = choose_move(ref, rng, policy)
        events.append(text)
        ref.apply(text)
        try:
            state.apply(text)
        except ValueError as err:
            raise Disagreement(players, events, len(events) - 1,
                               f"engine refused {text!r}: {err}")


def engine_driven_game(players, seed):
    """A selfplay record of the engine, replayed through both. Returns the record dict."""
    record = cli.selfplay_record("ra", players, seed, {}).to_dict()
    events = record["events"]
    ref, state = lockstep(players, events)
    if not ref.is_terminal():
        raise Disagreement(players, events, len(events), "selfplay record ends before the game does")
    theirs = {"scores": ref.scores(), "ranking": ref.ranking()}
    if record.get("result") != theirs:
        raise Disagreement(players, events, len(events),
                           f"record result {record.get('result')} but reference {theirs}")
    return record


def check_reference_record_replays(players, events, ref, tmpdir):
    """None if ``thebes replay --json`` accepts the reference's finished record with its result."""
    record = {"game": "ra", "players": players, "options": {}, "events": events,
              "result": {"scores": ref.scores(), "ranking": ref.ranking()}}
    code, out = run_replay_json(record, tmpdir)
    want = {"ok": True, "game": "ra", "events": len(events), "finished": True,
            "scores": ref.scores(), "ranking": ref.ranking()}
    if code != 0 or out != want:
        return f"replay of the reference's record: exit {code}, {json.dumps(out)[:400]}; want {want}"
    return None


# ====================================================================== illegal events
BAD_SPELLINGS = [
    "bid 09", "bid 05", "bid +5", "bid 5.0", "bid  5", "bid", "Bid 5", "BID 13",
    "Draw", "draw ", " draw", "DRAW", "drew", "Ra", "ra ", "RA", "pass ", "Pass", "passe",
    "end ", "End", "god", "god ra", "god god", "god Gold", "god  gold", "god sun",
    "discard", "discard sphinx obelisk", "discard art astronomy", "discard nile flood",
    "discard pharaoh  pharaoh", "discard pharaoh pharaoh pharaoh", "discard funeral",
    "discard gold", "discard", "Pharaoh", "pharaohs", "tile pharaoh", "", " ",
    "suns", "suns 13,8,5,2", "bid 17", "bid 0", "bid -1", "bid 1",
]


def illegal_candidates(ref):
    """Plausible texts that the reference refuses in this position, with a label each."""
    out = []
    legal = ref.legal_events()
    seat = ref.player
    # a sun not held
    for sun in range(1, 17):
        if seat is None or sun not in ref.up[seat]:
            out.append(("sun not held", f"bid {sun}"))
    if ref.phase == "auction":
        out.append(("pass where the Ra player must bid", "pass"))
        if ref.high_bid:
            for sun in ref.up[seat]:
                out.append(("bid not above the high bid", f"bid {sun}"))
    if ref.phase in ("turn", "auction", "discard", "draw", "setup"):
        out.append(("end without a god", "end"))
    if ref.phase in ("turn", "god") and ref.track_full():
        out.append(("draw on a full track", "draw"))
    out.append(("draw out of turn", "draw"))
    out.append(("ra out of turn", "ra"))
    out.append(("pass out of turn", "pass"))
    # god moves: a kind not on the track, a god not held
    for kind in KINDS:
        out.append(("god of a kind not takeable or no god held", f"god {kind}"))
    # a wrong-order or wrong discard
    if ref.phase == "discard":
        for text in legal:
            words = text.split(" ")[1:]
            if len(words) == 2 and words[0] != words[1]:
                out.append(("wrong-order discard", f"discard {words[1]} {words[0]}"))
            out.append(("short discard", f"discard {words[0]}"))
        for kind in KINDS:
            out.append(("discard of another kind", f"discard {kind} {kind}"))
            out.append(("discard of one other kind", f"discard {kind}"))
    # chance: a tile kind with none left (or any outcome at a decision node)
    for kind in KINDS:
        if ref.phase == "draw" and ref.bag[kind] == 0:
            out.append(("tile kind with none left in the bag", kind))
        else:
            out.append(("tile kind at the wrong time", kind))
    if ref.phase == "setup":
        groups = [[2, 5, 8, 13], [3, 6, 9, 12], [4, 7, 10, 11]]
        out.append(("suns low to high", "suns " + " / ".join(",".join(map(str, g)) for g in groups)))
        out.append(("suns with a missing seat", "suns 13,8,5,2 / 12,9,6,3"))
        out.append(("suns with spaces", "suns 13, 8, 5, 2 / 12, 9, 6, 3 / 11, 10, 7, 4"))
        out.append(("suns of another seat count", "suns 13,6,2 / 12,7,3 / 11,8,4 / 10,9,5"))
        out.append(("suns of another seat count", "suns 16,7,2 / 15,8,3 / 14,9,4 / 13,10,5 / 12,11,6"))
        out.append(("suns duplicated", "suns 13,8,5,2 / 13,8,5,2 / 11,10,7,4"))
    else:
        out.append(("setup outcome mid-game", "suns 13,8,5,2 / 12,9,6,3 / 11,10,7,4"))
    for text in BAD_SPELLINGS:
        out.append(("bad spelling", text))
    return [(label, text) for label, text in out if text not in legal]


def prefer_interesting(candidates, rng):
    """Pick a candidate, favouring the labels the brief names over the generic ones."""
    special = [c for c in candidates if c[0] not in (
        "sun not held", "god of a kind not takeable or no god held", "tile kind at the wrong time",
        "bad spelling", "discard of another kind", "discard of one other kind")]
    if special and rng.random() < 0.6:
        return rng.choice(special)
    return rng.choice(candidates)


def make_illegal_record(players, events, rng):
    """(record, index, text, label): ``events`` with one refused event at a random index."""
    index = rng.randrange(len(events) + 1)
    ref = RaReference(players)
    for text in events[:index]:
        ref.apply(text)
    label, bad = prefer_interesting(illegal_candidates(ref), rng)
    if index < len(events) and rng.random() < 0.5:
        new_events = events[:index] + [bad] + events[index + 1:]   # replace
    else:
        new_events = events[:index] + [bad] + events[index:]       # insert
    record = {"game": "ra", "players": players, "options": {}, "events": new_events}
    return record, index, bad, label, ref.legal_events()


def run_replay_json(record, tmpdir):
    """``thebes replay FILE --json`` in process: (exit code, parsed stdout or raw text)."""
    path = os.path.join(tmpdir, "record.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(record, f)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["replay", path, "--json"])
    text = out.getvalue()
    try:
        return code, json.loads(text)
    except json.JSONDecodeError:
        return code, text


def check_illegal_record(players, events, rng, tmpdir):
    """None if the engine's replay refuses the slipped-in event at its index, else a message."""
    record, index, bad, label, legal = make_illegal_record(players, events, rng)
    code, out = run_replay_json(record, tmpdir)
    where = f"{label}: {bad!r} at index {index} (events before: {json.dumps(events[:index])})"
    if code != 1 or not isinstance(out, dict):
        return f"exit {code}, output {out!r} for {where}"
    if out.get("ok") is not False or out.get("index") != index or out.get("event") != bad:
        return f"replay said {json.dumps(out)[:300]} for {where}"
    if set(out.get("legal", [])) != legal:
        return (f"legal list at the refusal: only reference {sorted(legal - set(out['legal']))}, "
                f"only engine {sorted(set(out['legal']) - legal)} for {where}")
    return None


# ====================================================================== pytest
@pytest.mark.parametrize("players", SEATS)
def test_reference_driven_games_agree(players):
    for seed in range(GAMES_IN_TEST):
        try:
            reference_driven_game(players, seed)
        except Disagreement as err:
            pytest.fail(f"seed {seed}: {err}")


@pytest.mark.parametrize("players", SEATS)
def test_reference_records_replay_through_the_cli(players, tmp_path):
    """The judge's way in: a finished record with its result, through `thebes replay --json`."""
    for seed in range(0, GAMES_IN_TEST, 10):
        events, ref = reference_driven_game(players, seed)
        problem = check_reference_record_replays(players, events, ref, str(tmp_path))
        assert problem is None, f"seed {seed}: {problem}"


@pytest.mark.parametrize("players", SEATS)
def test_engine_selfplay_records_agree(players):
    for seed in range(GAMES_IN_TEST):
        try:
            engine_driven_game(players, seed)
        except Disagreement as err:
            pytest.fail(f"selfplay seed {seed}: {err}")


@pytest.mark.parametrize("players", SEATS)
def test_illegal_events_are_refused_at_their_index(players, tmp_path):
    rng = random.Random(f"ra-illegal/{players}")
    problems = []
    for k in range(MUTATIONS_IN_TEST):
        events, _ = reference_driven_game(players, 10_000 + k) if k % 2 else (
            cli.selfplay_record("ra", players, 10_000 + k, {}).events, None)
        problem = check_illegal_record(players, events, rng, str(tmp_path))
        if problem:
            problems.append(problem)
    assert not problems, f"{len(problems)} of {MUTATIONS_IN_TEST}; first: {problems[0]}"


# ---------------------------------------------------------------- the brief's named cases
def _walk_to(players, seed, want, max_games=400):
    """Events of a reference-driven game cut where ``want(ref)`` first holds."""
    for s in range(seed, seed + max_games):
        rng = random.Random(f"ra-walk/{players}/{s}")
        ref = RaReference(players)
        events = []
        while not ref.is_terminal():
            if want(ref):
                return events, ref
            policy = POLICIES[s % len(POLICIES)]
            text = sample_outcome(ref, rng) if ref.is_chance() else choose_move(ref, rng, policy)
            events.append(text)
            ref.apply(text)
    raise AssertionError("no such position found")


NAMED_CASES = {
    "bid of a sun not held": (
        lambda r: r.phase == "auction",
        lambda r: f"bid {next(s for s in range(16, 0, -1) if s not in r.up[r.player])}"),
    "pass where the Ra player must bid": (
        lambda r: r.phase == "auction" and "pass" not in r.legal_events(),
        lambda r: "pass"),
    "end without a god": (lambda r: r.phase == "turn", lambda r: "end"),
    "draw on a full track": (lambda r: r.phase == "turn" and r.track_full(), lambda r: "draw"),
    "wrong-order discard": (
        lambda r: r.phase == "discard" and any(
            len(set(t.split()[1:])) == 2 for t in r.legal_events()),
        lambda r: "discard " + " ".join(reversed(
            next(t for t in sorted(r.legal_events()) if len(set(t.split()[1:])) == 2).split()[1:]))),
    "tile kind with none left": (
        lambda r: r.phase == "draw" and any(r.bag[k] == 0 for k in KINDS),
        lambda r: next(k for k in KINDS if r.bag[k] == 0)),
    "bid 09": (lambda r: r.phase == "auction" and "bid 9" in r.legal_events(), lambda r: "bid 09"),
    "discard sphinx obelisk": (
        lambda r: r.phase == "discard" and "discard obelisk sphinx" in r.legal_events(),
        lambda r: "discard sphinx obelisk"),
    "event after the end": (lambda r: False, lambda r: "draw"),
    # the spec's own example spelling is `discard flood nile` (floods are lost first),
    # although the components table lists nile before flood: see reference_ra.DROUGHT_ORDER
    "discard nile flood": (
        lambda r: r.phase == "discard" and "discard flood nile" in r.legal_events(),
        lambda r: "discard nile flood"),
}


@pytest.mark.parametrize("case", sorted(NAMED_CASES))
def test_named_illegal_event(case, tmp_path):
    want, make_bad = NAMED_CASES[case]
    if case == "event after the end":
        players = 3
        events = list(cli.selfplay_record("ra", 3, 5, {}).events)
        ref = RaReference(3)
        for text in events:
            ref.apply(text)
    else:
        found = None
        for players in SEATS:
            try:
                events, ref = _walk_to(players, 0, want, max_games=300)
                found = True
                break
            except AssertionError:
                continue
        if not found:
            pytest.skip(f"no position for {case!r} in the games walked")
    bad = make_bad(ref)
    assert bad not in ref.legal_events()
    record = {"game": "ra", "players": players, "options": {}, "events": events + [bad, "pass"]}
    code, out = run_replay_json(record, str(tmp_path))
    assert code == 1, out
    assert out["ok"] is False and out["index"] == len(events) and out["event"] == bad, out
    assert set(out["legal"]) == ref.legal_events(), out
    assert isinstance(out["error"], str) and out["error"]


# ---------------------------------------------------------------- the reference on the rulebook's examples
def _scored(players, displays, suns=None, epoch=1):
    ref = RaReference(players)
    ref.epoch = epoch
    for seat, tiles in enumerate(displays):
        ref.display[seat] = dict(tiles)
    for seat, held in enumerate(suns or []):
        ref.up[seat] = list(held)
    if not suns:
        for seat in range(players):
            ref.up[seat] = [seat + 1]
    return ref.epoch_totals()


def test_reference_scores_the_rulebook_examples():
    # Pharaohs: Anna, Bob, Cathy and Don have 3, 2, 2 and 3; plus -5 each for no civilization.
    totals = _scored(4, [{"pharaoh": 3}, {"pharaoh": 2}, {"pharaoh": 2}, {"pharaoh": 3}])
    assert totals == [5 - 5, -2 - 5, -2 - 5, 5 - 5]
    # Civilization: 3 astronomy, 2 agriculture, 2 writing -> 5; one each -> 5; none -> -5.
    civ = {"astronomy": 3, "agriculture": 2, "writing": 2}
    assert _scored(3, [civ, {"astronomy": 1, "agriculture": 1, "writing": 1}, {}]) == [5, 5, -5]
    # Monuments (third epoch): 4 pyramids, 3 temples, 2 fortresses, 1 sphinx -> 19.
    mon = {"pyramid": 4, "temple": 3, "fortress": 2, "sphinx": 1, "art": 1}
    sums_equal = [[9], [9], [9]]
    assert _scored(3, [mon, {"art": 1}, {"art": 1}], sums_equal, epoch=3) == [19, 0, 0]
    # Suns (third epoch): sums 17, 25, 21, 17 -> -5, +5, 0, -5.
    art = {"art": 1}
    assert _scored(4, [art] * 4, [[13, 4], [16, 9], [21], [17]], epoch=3) == [-5, 5, 0, -5]
    # Nile only with a flood; gold 3 each; god 2 each.
    assert _scored(3, [{"nile": 4, **art}, {"nile": 4, "flood": 1, **art},
                       {"gold": 2, "god": 1, **art}]) == [0, 5, 8]
    # 7 and 8 distinct monuments.
    seven = {k: 1 for k in ["fortress", "obelisk", "palace", "pyramid", "temple", "statue",
                            "step-pyramid"]}
    eight = dict(seven, sphinx=5)
    assert _scored(3, [dict(seven, **art), dict(eight, **art), art], sums_equal,
                   epoch=3) == [10, 30, 0]


def test_reference_ranking_breaks_fame_ties_by_the_highest_sun():
    ref = RaReference(3)
    ref.fame = [20, 20, 5]
    ref.up = [[2, 3], [4], [13]]
    ref.down = [[12], [5], []]
    assert ref.ranking() == [1, 2, 3]
    ref.down = [[], [5], []]
    assert ref.ranking() == [2, 1, 3]


# ---------------------------------------------------------------- replay --json shapes
@pytest.mark.parametrize("players", SEATS)
def test_replay_json_finished_record(players, tmp_path):
    record = cli.selfplay_record("ra", players, 7, {}).to_dict()
    ref, _ = lockstep(players, record["events"])
    code, out = run_replay_json(record, str(tmp_path))
    assert code == 0
    assert out == {"ok": True, "game": "ra", "events": len(record["events"]), "finished": True,
                   "scores": ref.scores(), "ranking": ref.ranking()}
    # the same without "result" in the record
    del record["result"]
    code, out2 = run_replay_json(record, str(tmp_path))
    assert code == 0 and out2 == out


@pytest.mark.parametrize("players", SEATS)
def test_replay_json_unfinished_records(players, tmp_path):
    events, _ = reference_driven_game(players, 99)
    rng = random.Random(players)
    cuts = [0, 1, 2] + sorted(rng.sample(range(3, len(events)), 25)) + [len(events) - 1]
    for cut in cuts:
        ref = RaReference(players)
        for text in events[:cut]:
            ref.apply(text)
        record = {"game": "ra", "players": players, "options": {}, "events": events[:cut]}
        code, out = run_replay_json(record, str(tmp_path))
        seat = ref.current_player()
        assert code == 0, out
        assert out == {"ok": True, "game": "ra", "events": cut, "finished": False,
                       "scores": ref.scores(), "ranking": None,
                       "to_move": "chance" if seat == "chance" else seat + 1}, (cut, out)


def test_selfplay_command_gives_the_same_record_byte_for_byte(tmp_path):
    """shared/spec/CLI.md: the same arguments give the same record; the reference accepts it."""
    outputs = []
    for attempt in range(2):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = cli.main(["selfplay", "--game", "ra", "--players", "4", "--seed", "31"])
        assert code == 0
        outputs.append(out.getvalue())
    path = tmp_path / "g.json"
    assert cli.main(["selfplay", "--game", "ra", "--players", "4", "--seed", "31",
                     "--out", str(path)]) == 0
    assert outputs[0] == outputs[1] == path.read_text(encoding="utf-8")
    record = json.loads(outputs[0])
    assert record["game"] == "ra" and record["players"] == 4 and record["options"] == {}
    ref, _ = lockstep(4, record["events"])
    assert ref.is_terminal()
    assert record["result"] == {"scores": ref.scores(), "ranking": ref.ranking()}


def test_replay_json_result_that_disagrees(tmp_path):
    record = cli.selfplay_record("ra", 4, 3, {}).to_dict()
    scores = record["result"]["scores"]
    record["result"] = {"scores": [s + 1 for s in scores], "ranking": record["result"]["ranking"]}
    code, out = run_replay_json(record, str(tmp_path))
    assert code == 1
    assert out["ok"] is False and out["index"] is None and isinstance(out["error"], str)


def test_replay_json_unfinished_record_with_a_result(tmp_path):
    record = cli.selfplay_record("ra", 3, 11, {}).to_dict()
    record["events"] = record["events"][:40]
    code, out = run_replay_json(record, str(tmp_path))
    assert code == 1
    assert out["ok"] is False and out["index"] is None and isinstance(out["error"], str)


def test_replay_json_wrong_ranking_in_result(tmp_path):
    record = cli.selfplay_record("ra", 5, 12, {}).to_dict()
    record["result"]["ranking"] = list(reversed(record["result"]["ranking"]))
    code, out = run_replay_json(record, str(tmp_path))
    assert code == 1 and out["ok"] is False and out["index"] is None


@pytest.mark.parametrize("bad", [5, None, ["draw"], {"event": "draw"}, True])
def test_replay_json_event_that_is_not_a_string(bad, tmp_path):
    """Not text at all is an illegal event at its index (not an unreadable record)."""
    record = cli.selfplay_record("ra", 4, 13, {}).to_dict()
    del record["result"]
    record["events"][6] = bad
    ref = RaReference(4)
    for text in record["events"][:6]:
        ref.apply(text)
    code, out = run_replay_json(record, str(tmp_path))
    assert code == 1, out
    assert out["ok"] is False and out["index"] == 6 and set(out["legal"]) == ref.legal_events()


def test_replay_json_through_the_installed_command(tmp_path):
    """The same contract through the real executable, record on standard input."""
    import subprocess
    exe = os.path.join(os.path.dirname(sys.executable), "thebes")
    if not os.path.exists(exe):
        pytest.skip("no thebes executable beside this python")
    events, ref = reference_driven_game(3, 4242)
    record = {"game": "ra", "players": 3, "options": {}, "events": events,
              "result": {"scores": ref.scores(), "ranking": ref.ranking()}}
    done = subprocess.run([exe, "replay", "-", "--json"], input=json.dumps(record),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"ok": True, "game": "ra", "events": len(events),
                                       "finished": True, "scores": ref.scores(),
                                       "ranking": ref.ranking()}
    record = {"game": "ra", "players": 3, "options": {}, "events": events[:30] + ["bid 09"]}
    done = subprocess.run([exe, "replay", "-", "--json"], input=json.dumps(record),
                          capture_output=True, text=True, timeout=60)
    out = json.loads(done.stdout)
    assert done.returncode == 1 and out["ok"] is False and out["index"] == 30
    assert out["event"] == "bid 09"


@pytest.mark.parametrize("record", [
    "not json at all",
    json.dumps({"game": "ra", "players": 6, "options": {}, "events": []}),
    json.dumps({"game": "ra", "players": 2, "options": {}, "events": []}),
    json.dumps({"game": "ra", "players": 3, "options": {"speed": 1}, "events": []}),
    json.dumps({"game": "nosuchgame", "players": 3, "options": {}, "events": []}),
])
def test_replay_json_unreadable(record, tmp_path):
    path = tmp_path / "r.json"
    path.write_text(record, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["replay", str(path), "--json"])
    assert code == 2
    data = json.loads(out.getvalue())
    assert data["ok"] is False and isinstance(data["error"], str)
    assert err.getvalue().strip() and "\n" not in err.getvalue().strip()


# ====================================================================== script mode
def main(argv=None):
    import argparse
    import time

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000, help="games per seat count and direction")
    parser.add_argument("--illegal", type=int, default=None,
                        help="illegal-event records per seat count (default games/3)")
    parser.add_argument("--seats", type=int, nargs="*", default=list(SEATS))
    parser.add_argument("--first-seed", type=int, default=1_000_000)
    parser.add_argument("--show", type=int, default=2, help="examples shown per kind of disagreement")
    args = parser.parse_args(argv)
    illegal = args.illegal if args.illegal is not None else max(1, args.games // 3)

    found = {}          # (direction, signature) -> [messages]
    counts = Counter()
    start = time.time()
    with tempfile.TemporaryDirectory() as tmpdir:
        for players in args.seats:
            for k in range(args.games):
                seed = args.first_seed + k
                for direction, run in (("reference-driven", reference_driven_game),
                                       ("engine-driven", engine_driven_game)):
                    counts[(players, direction)] += 1
                    try:
                        outcome = run(players, seed)
                        if direction == "reference-driven" and k % 10 == 0:
                            problem = check_reference_record_replays(players, outcome[0], outcome[1],
                                                                     tmpdir)
                            if problem:
                                raise Disagreement(players, outcome[0], None, problem)
                    except Disagreement as err:
                        found.setdefault((direction, err.signature()), []).append(f"seed {seed}: {err}")
                        counts[(players, direction, "bad")] += 1
                    except Exception as err:  # a crash is a disagreement too
                        found.setdefault((direction, f"crash {type(err).__name__}: {err}"[:160]),
                                         []).append(f"{players} players seed {seed}")
                        counts[(players, direction, "bad")] += 1
                if k % 50 == 49 or k == args.games - 1:
                    bad = sum(counts[(players, d, 'bad')] for d in ("reference-driven", "engine-driven"))
                    print(f"\r{players} players: {k + 1}/{args.games} games each way, "
                          f"{bad} disagreeing, {time.time() - start:.0f}s", end="", file=sys.stderr)
            print(file=sys.stderr)
            rng = random.Random(f"ra-illegal-script/{players}/{args.first_seed}")
            for k in range(illegal):
                seed = args.first_seed + 500_000 + k
                counts[(players, "illegal")] += 1
                try:
                    if k % 2:
                        events, _ = reference_driven_game(players, seed)
                    else:
                        events = cli.selfplay_record("ra", players, seed, {}).events
                    problem = check_illegal_record(players, events, rng, tmpdir)
                except Disagreement as err:
                    problem = f"(while making the record) {err}"
                if problem:
                    sig = problem.split(" at index")[0].split(" for ")[0][:160]
                    found.setdefault(("illegal", sig), []).append(f"{players} players: {problem}")
                    counts[(players, "illegal", "bad")] += 1
                if k % 50 == 49 or k == illegal - 1:
                    print(f"\r{players} players: {k + 1}/{illegal} illegal-event records, "
                          f"{counts[(players, 'illegal', 'bad')]} not refused right, "
                          f"{time.time() - start:.0f}s", end="", file=sys.stderr)
            print(file=sys.stderr)

    print("\n==== summary ====")
    for players in args.seats:
        for what in ("reference-driven", "engine-driven", "illegal"):
            print(f"{players} players, {what}: {counts[(players, what)]} compared, "
                  f"{counts[(players, what, 'bad')]} disagreeing")
    if not found:
        print("no disagreement")
        return 0
    print(f"\n{len(found)} kinds of disagreement:")
    for (direction, sig), examples in sorted(found.items(), key=lambda kv: -len(kv[1])):
        print(f"\n[{direction}] x{len(examples)}: {sig}")
        for example in examples[:args.show]:
            print("   ", example[:3000])
    return 1


if __name__ == "__main__":
    sys.exit(main())
