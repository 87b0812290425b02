"""Player names compared after NFKC and case folding, without invisible or direction-control
characters, never confusable with a taken one; claims rate limited; names that grow when
folded stored on both databases (issue 31 item 5, issue 30 item 3)."""

from __future__ import annotations

import threading

import pytest
from conftest import test_settings as settings_with

from thebes.server.guard.settings import Settings


@pytest.fixture
def client(make_client, sqlite_url):
    return make_client(sqlite_url, bot_delay=0)


def claim(client, name):
    return client.post("/api/players", json={"name": name})


@pytest.mark.parametrize("look_alike", [
    "Аlice",              # Cyrillic capital A
    "аlice",              # Cyrillic small a
    "ａｌｉｃｅ",          # fullwidth letters
    "ALICE",              # case
    "AIice",              # capital I for small l
    "al1ce",              # digit one for i... for l
    "ɑlice",              # Latin alpha
    "Αlice",              # Greek capital alpha
    "𝐀lice",              # mathematical bold A (NFKC)
    "Aliсe",              # Cyrillic small es
    "Alіce",              # Ukrainian i
    "Ꭺlice",              # Cherokee A
    "A l i c e",          # spaces between the letters
    "ᴬlice",              # modifier capital A (NFKC)
    "Ⓐlice",              # circled A (NFKC)
    "𝔄lice",              # Fraktur A
])
def test_a_name_confusable_with_a_taken_one_is_refused_with_a_sentence(client, look_alike):
    assert claim(client, "Alice").status_code == 201
    r = claim(client, look_alike)
    assert r.status_code == 409, r.text
    assert "Alice" in r.json()["error"] or "taken" in r.json()["error"]


@pytest.mark.parametrize("hidden", [
    "Al\u200bice",        # zero-width space
    "Ali\u200dce",        # zero-width joiner
    "\u202eecilA",        # right-to-left override
    "Alice\u2066",        # left-to-right isolate
    "Al\u200eice",        # left-to-right mark
    "\ufeffAlice",        # byte order mark
    "\u3164",             # Hangul filler (draws as a blank)
    "Ali\u00adce",        # soft hyphen
    "Ali\u034fce",        # combining grapheme joiner (a mark that draws nothing)
    "Alice\ufe0f",        # variation selector
    "Alice\U000e0101",    # variation selector supplement
    "\u2800",             # blank Braille pattern
])
def test_a_name_with_an_invisible_or_direction_control_character_is_refused(client, hidden):
    r = claim(client, hidden)
    assert r.status_code == 400, r.text
    assert "U+" in r.json()["error"]


def test_names_that_only_look_different_to_a_machine_are_one_name_and_others_stay_free(client):
    assert claim(client, "Bob").status_code == 201
    for other in ("B0b", "Bоb", "BOB", "ＢＯＢ"):
        assert claim(client, other).status_code == 409, other
    for fine in ("Bobby", "Zoë", "Zoe", "Rob"):
        assert claim(client, fine).status_code == 201, fine


def test_the_player_page_finds_a_name_by_its_folded_form(client):
    assert claim(client, "Straße").status_code == 201
    r = client.get("/api/players/STRASSE")
    assert r.status_code == 200 and r.json()["name"] == "Straße"


@pytest.mark.parametrize("name", [
    "ß" * 40,                                   # 80 characters folded
    "A" * 39 + "ß",                            # a 40-character German name with one ß
    "ﬃ" * 40,                                  # NFKC: 120
    "İ" * 40,                                  # folded with a combining dot
    "ŉ" * 40,
])
def test_a_name_that_grows_when_folded_is_stored_or_refused_with_a_sentence_never_a_500(
        make_client, db_url, name):
    client = make_client(db_url, bot_delay=0)
    r = claim(client, name)
    assert r.status_code in (201, 400), r.text
    if r.status_code == 201:
        assert claim(client, name).status_code == 409
        assert client.get(f"/api/players/{name}").json()["name"] == name


def test_claims_are_rate_limited_per_client(make_client, sqlite_url):
    client = make_client(sqlite_url, bot_delay=0, settings=Settings())
    codes = [claim(client, f"Player{i}").status_code for i in range(8)]
    assert codes[:5] == [201] * 5
    assert 429 in codes
    r = claim(client, "Another")
    assert r.status_code == 429 and "player names claimed" in r.json()["error"]
    assert r.headers["retry-after"]


def test_one_name_claimed_at_once_twice_gives_one_player_and_one_409(make_client, db_url):
    client = make_client(db_url, bot_delay=0, settings=settings_with())
    codes: list[int] = []

    def go():
        codes.append(claim(client, "Racer").status_code)

    threads = [threading.Thread(target=go) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [201, 409, 409, 409]


def test_migration_0007_keeps_older_look_alike_names_and_folds_their_keys(db_url):
    """Names claimed before 0007 (two that look alike among them) survive the upgrade on
    SQLite and PostgreSQL; a new look-alike of either is then refused."""
    import datetime as dt

    from sqlalchemy import text

    from thebes.server.storage.database import make_engine, upgrade_schema
    from thebes.server.storage.store import Storage

    engine = make_engine(db_url)
    upgrade_schema(engine, "0006_tables_players")
    with engine.begin() as conn:
        for i, name in enumerate(("Alice", "Аlice", "Bob")):
            conn.execute(text("INSERT INTO players (name, name_key, key_hash, created) "
                              "VALUES (:n, :k, :h, :c)"),
                         {"n": name, "k": name.casefold(), "h": f"{i:064d}",
                          "c": dt.datetime.now(dt.timezone.utc)})
    upgrade_schema(engine, "head")
    engine.dispose()
    storage = Storage(db_url)
    from thebes.server.live.errors import ApiError
    from thebes.server.live.service import GameService
    from thebes.server.players.names import Players
    players = Players(GameService(storage), storage)          # fills the older skeletons
    with storage.engine.connect() as conn:
        got = conn.execute(text("SELECT name, skeleton FROM players ORDER BY id")).all()
    assert [r.name for r in got] == ["Alice", "Аlice", "Bob"]
    assert len({r.skeleton for r in got}) == 3 and None not in {r.skeleton for r in got}
    for look_alike in ("ALICE", "B0b"):
        with pytest.raises(ApiError) as err:
            players.claim(look_alike)
        assert err.value.status == 409
    storage.close()


def test_a_seats_name_loses_its_invisible_and_direction_control_characters(client):
    r = client.post("/api/games", json={"game": "toy", "players": 2, "seats": [
        {"kind": "human", "name": "\u202eAnn\u200b"}, {"kind": "human", "name": "\u200b"}]})
    assert r.status_code == 201, r.text
    names = [s["name"] for s in r.json()["game"]["seats"]]
    assert names == ["Ann", None]
