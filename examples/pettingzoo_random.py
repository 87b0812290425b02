"""Random agents play thebes games through the PettingZoo AEC environment.

    python examples/pettingzoo_random.py --game sarcophagus --players 3 --games 5

Each agent samples a legal move from its observation's action mask; chance is
resolved by the environment from ``reset(seed=...)``. Prints each game's
rewards (1 for the winner) and the last frame of the ``ansi`` render. Needs
``pip install thebes[pettingzoo]``.
"""

from __future__ import annotations

import argparse

from thebes.interop.actions import covered_games
from thebes.interop.pettingzoo import env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="ra", choices=covered_games())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    e = env(args.game, players=args.players, render_mode="ansi")
    for g in range(args.games):
        e.reset(seed=args.seed + g)
        for i, agent in enumerate(e.possible_agents):
            e.action_space(agent).seed(args.seed * 1000 + g * 10 + i)
        rewards = {}
        steps = 0
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, info = e.last()
            if terminated or truncated:
                rewards[agent] = reward
                e.step(None)
                continue
            e.step(e.action_space(agent).sample(obs["action_mask"]))
            steps += 1
        print(f"game {g + 1}: {steps} moves, rewards {rewards}")
    print(e.render())
    e.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
