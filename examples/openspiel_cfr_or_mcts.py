"""OpenSpiel's MCTS (or ISMCTS) bot plays a thebes game against random seats.

    python examples/openspiel_cfr_or_mcts.py --game ra --players 3 --simulations 50
    python examples/openspiel_cfr_or_mcts.py --game sarcophagus --bot ismcts

Seat 1 is OpenSpiel's bot, the other seats play uniformly at random; chance
is drawn from the game's own chance outcomes with a seeded generator. The
script prints the moves of seat 1, then the returns. ``--max-moves`` stops
after that many decisions (the game is then unfinished). Needs
``pip install thebes[openspiel]``.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from thebes.interop import openspiel
from thebes.interop.actions import covered_games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ra", choices=covered_games())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--bot", default="mcts", choices=["mcts", "ismcts"])
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-moves", type=int, default=0, help="0: play to the end")
    args = parser.parse_args(argv)

    openspiel.register()
    params = {} if args.players is None else {"players": args.players}
    game = pyspiel.load_game(openspiel.short_name(args.game), params)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if args.bot == "ismcts":
        if game.get_type().information != pyspiel.GameType.Information.IMPERFECT_INFORMATION:
            parser.error(f"{args.game} is a perfect-information game: use --bot mcts")
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=args.simulations,
                               random_state=rng)
    else:
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=args.simulations,
                           evaluator=evaluator, random_state=rng)

    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        player = state.current_player()
        if player == 0:
            action = bot.step(state)
            print(f"seat 1 ({args.bot}): {state.action_to_string(player, action)}")  # a Pharaoh's Heir move: token by token
        else:
            action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        moves += 1
        if args.max_moves and moves >= args.max_moves:
            print(f"stopped after {moves} moves")
            return 0
    print("returns:", state.returns())
    print("result:", state.engine.describe_outcome())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
