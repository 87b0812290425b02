"""`thebes arena`: seating rotation, statistics, JSON output, records (issue 8, item 5)."""

from __future__ import annotations

import json

import pytest

from thebes.arena.match import ArenaGame
from thebes.arena.stats import summarize, wilson_interval
from thebes.cli import main


def test_seats_rotate_so_every_bot_plays_every_seat_equally_often():
    seen = {}
    for index in range(6):
        for seat, entry in enumerate(ArenaGame("ra", 3, ("a", "b", "c"), index, 1).seating()):
            seen[(entry, seat)] = seen.get((entry, seat), 0) + 1
    assert len(seen) == 9 and set(seen.values()) == {2}


def test_the_wilson_interval_contains_the_rate_and_narrows_with_games():
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi
    lo2, hi2 = wilson_interval(500, 1000)
    assert hi2 - lo2 < hi - lo
    assert wilson_interval(0, 10)[0] == 0.0


def test_summary_splits_tied_wins_and_ranks_and_rates_each_entry():
    results = [
        {"index": 0, "seating": [0, 1], "scores": [30, 10], "ranking": [0, 1]},
        {"index": 1, "seating": [1, 0], "scores": [20, 20], "ranking": [1, 0]},
    ]
    summary = summarize("ra", ["x", "y"], results)
    x, y = summary["bots"]
    assert x["games"] == y["games"] == 2
    assert x["wins"] == 1.5 and y["wins"] == 0.5
    assert x["mean_rank"] == 1.0 and y["mean_rank"] == 2.0
    assert x["mean_score"] == 25.0
    assert x["rating"] > y["rating"]


def test_arena_json_output_has_the_documented_shape(tmp_path, capsys):
    code = main(["arena", "--game", "ra", "--players", "3", "--seats", "greedy,random,random",
                 "--games", "6", "--jobs", "2", "--seed", "4", "--json",
                 "--records", str(tmp_path)])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "ra" and out["games"] == 6
    assert [b["name"] for b in out["bots"]] == ["greedy", "random", "random (2)"]
    for bot in out["bots"]:
        assert set(bot) >= {"name", "win_rate", "ci95", "mean_score", "mean_rank", "rating"}
        assert bot["ci95"][0] <= bot["win_rate"] <= bot["ci95"][1]
    assert len(list(tmp_path.glob("ra-*.json"))) == 6
    assert main(["replay", str(next(tmp_path.glob("ra-*.json"))), "--json"]) == 0


@pytest.mark.parametrize("seats", ["greedy,random", "greedy,random,oracle"])
def test_arena_refuses_bad_seats(capsys, seats):
    assert main(["arena", "--game", "ra", "--players", "3", "--seats", seats, "--games", "1"]) == 2


def test_a_small_arena_runs_on_a_local_ray_cluster(capsys):
    pytest.importorskip("ray", reason="Ray is not installed (pip install 'thebes[cluster]')")
    code = main(["arena", "--game", "ra", "--players", "3", "--seats", "greedy,random,random",
                 "--games", "3", "--ray", "auto", "--json"])
    assert code == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and sum(b["games"] for b in out["bots"]) == 9
    import ray
    assert not ray.is_initialized(), "the local Ray cluster started for the run is still up"


def test_openspiel_bots_take_arena_seats(capsys):
    pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install 'thebes[openspiel]')")
    code = main(["arena", "--game", "ra", "--players", "3", "--seats",
                 "openspiel-mcts,greedy,random", "--games", "1", "--think-ms", "5", "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["bots"][0]["name"] == "openspiel-mcts"


def test_a_solo_arena_reports_scores_without_a_rating(capsys):
    code = main(["arena", "--game", "pharaoh", "--players", "1", "--seats", "greedy",
                 "--games", "2", "--jobs", "1", "--json"])
    assert code == 0
    bot = json.loads(capsys.readouterr().out)["bots"][0]
    assert bot["games"] == 2 and bot["rating"] is None and bot["mean_score"] > 0


def test_a_solo_pharaoh_arena_counts_the_titles_the_scores_earn(capsys):
    code = main(["arena", "--game", "pharaoh", "--players", "1", "--seats", "random",
                 "--games", "4", "--jobs", "1", "--json"])
    assert code == 0
    bot = json.loads(capsys.readouterr().out)["bots"][0]
    assert list(bot["titles"]) == ["none", "Peasant", "Clerk", "Governor", "Pharaoh"]
    assert sum(bot["titles"].values()) == 4
    assert bot["score_sd"] >= 0
    code = main(["arena", "--game", "pharaoh", "--players", "1", "--seats", "random",
                 "--games", "4", "--jobs", "1"])
    assert code == 0 and "titles" in capsys.readouterr().out


def test_the_solo_title_follows_the_pharaoh_table():
    from thebes.core import get_game
    game = get_game("pharaoh")
    assert [game.solo_title(s) for s in (9, 10, 19, 20, 25, 29, 30, 44)] == [
        "none", "Peasant", "Peasant", "Clerk", "Governor", "Governor", "Pharaoh", "Pharaoh"]


def test_an_arena_game_counts_each_searching_seats_iterations_and_nobody_elses():
    from thebes.arena.match import play_arena_game
    from thebes.core import Record

    spec = ArenaGame("sarcophagus", 2, ("ismcts", "greedy"), 1, 5, iterations=30)
    result = play_arena_game(spec)
    by_entry = {entry: result["searched"][seat] for seat, entry in enumerate(result["seating"])}
    iterations, searches = by_entry[0]
    assert searches > 0 and iterations == 30 * searches   # a fixed budget: 30 every search
    assert by_entry[1] == [0, 0]
    assert Record.loads(result["record"]).extra["searched"] == result["searched"]
    summary = summarize("sarcophagus", ["ismcts", "greedy"], [result])
    assert [b["iterations"] for b in summary["bots"]] == [30.0, None]


def test_head_to_head_counts_who_finished_ahead_of_whom_with_equal_scores_halved():
    from thebes.arena.stats import head_to_head

    cells = head_to_head([(["hard", "medium", "medium (2)"], [40, 30, 40]),
                          (["medium", "hard", "medium (2)"], [50, 20, 10])])
    assert cells[("hard", "medium")] == [1.0, 2]
    assert cells[("medium", "hard")] == [1.0, 2]
    assert cells[("hard", "medium (2)")] == [1.5, 2]
    assert cells[("medium (2)", "hard")] == [0.5, 2]
