"""Leak check on the real hidden-information games: every socket message is exactly what the
engine lets that seat see at that version, and nothing else."""

from __future__ import annotations

import json
import random

import pytest

from thebes.core import get_game

HIDDEN = []
for _name in ("sarcophagus", "pharaohs-heir"):
    try:
        _g = get_game(_name)
        if _g.hidden_information:
            HIDDEN.append(_name)
    except Exception:  # engine not available in this version
        pass


def play_over_sockets(client, game, players, seed, max_moves):
    r = client.post("/api/games", json={"game": game, "players": players, "seed": seed,
                                        "seats": [{"kind": "human", "name": f"P{i}"} for i in range(players)]})
    assert r.status_code == 201, r.text
    gid = r.json()["game"]["id"]
    tokens = [l["token"] for l in r.json()["links"]]
    rng = random.Random(seed)
    sockets = [client.websocket_connect(f"/api/games/{gid}/ws?token={t}") for t in tokens]
    conns = [s.__enter__() for s in sockets]
    got: list[list[dict]] = [[ws.receive_json()] for ws in conns]
    try:
        for _ in range(max_moves):
            last = got[0][-1]
            if last["status"] == "finished":
                break
            mover = last["to_move"] - 1
            mine = got[mover][-1]
            conns[mover].send_json({"type": "move", "move": rng.choice(mine["legal"]), "version": mine["version"]})
            for seat, ws in enumerate(conns):
                while True:
                    m = ws.receive_json()
                    assert m["type"] == "view", m
                    got[seat].append(m)
                    if m["version"] > last["version"]:
                        break
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    return gid, tokens, got


@pytest.mark.parametrize("game", HIDDEN or ["(none)"])
def test_each_socket_carries_exactly_its_seats_information(make_client, sqlite_url, game):
    if game == "(none)":
        pytest.skip("no game with hidden information is available yet")
    client = make_client(sqlite_url)
    players = get_game(game).min_players
    gid, tokens, got = play_over_sockets(client, game, players, seed=5, max_moves=40)
    events = list(client.app.state.service.game(gid).events)
    # replay the true history and compute what each seat may see after each event
    state = get_game(game).new_initial_state(players, {})
    log_text: list[list[str]] = []
    for text in events:
        action = state.parse(text)
        log_text.append([state.event_for_seat(action, s) for s in range(players)])
        state.apply_action(action)
    states = []
    state = get_game(game).new_initial_state(players, {})
    states.append(state.clone())
    for text in events:
        state.apply(text)
        states.append(state.clone())
    for seat in range(players):
        for m in got[seat]:
            v = m["version"]
            assert m["seat"] == seat + 1
            assert m["observation"] == json.loads(json.dumps(states[v].observation(seat)))
            expected_legal = states[v].legal_events() if states[v].current_player() == seat else []
            assert sorted(m["legal"]) == sorted(expected_legal)
            for line in m["log"]:
                assert line["event"] == log_text[line["index"]][seat]
            text = json.dumps(m)
            assert not any(token in text for token in tokens)
