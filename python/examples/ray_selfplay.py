"""Self-play games generated on Ray: one task per chunk of seeds, results
gathered on the driver and written as JSON lines (one replayable record per
game).

On this machine (Ray starts a local instance)::

    python examples/ray_selfplay.py --game "pig(players=3)" --games 1000 --tasks 8 --out games.jsonl

On a Ray cluster, run the same script on the head node (or anywhere with
``RAY_ADDRESS`` set), with ``tabletop-engines`` installed on every node::

    RAY_ADDRESS=auto python examples/ray_selfplay.py --games 100000 --tasks 256
    python examples/ray_selfplay.py --address auto --games 100000 --tasks 256

Every game is seeded: game ``seed`` draws its dice and its players' choices
from ``DiceRng(seed)``, so the output depends only on the arguments, not on
how many machines played it. A record replays with
``load_game(game).deserialize_state(record)``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

import ray

import tabletop_engines as te


def self_play(game_string: str, seeds: Sequence[int]) -> list[dict[str, Any]]:
    """Plays one game per seed, every seat choosing uniformly among its legal
    actions, and returns each game's seed, record, returns and length."""
    game = te.load_game(game_string)
    games = []
    for seed in seeds:
        state = game.new_initial_state()
        rng = te.DiceRng(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_sampled_chance(rng)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
        games.append(
            {
                "seed": seed,
                "returns": state.returns(),
                "length": state.move_number(),
                "record": state.serialize(),
            }
        )
    return games


self_play_task = ray.remote(self_play)


def chunks(first_seed: int, games: int, tasks: int) -> list[range]:
    """``games`` consecutive seeds split into at most ``tasks`` ranges."""
    size = max(1, -(-games // max(1, tasks)))
    return [
        range(start, min(start + size, first_seed + games))
        for start in range(first_seed, first_seed + games, size)
    ]


def generate(game_string: str, games: int, tasks: int, first_seed: int = 0) -> list[dict[str, Any]]:
    """Plays ``games`` seeded games in ``tasks`` Ray tasks (Ray must be
    initialised) and gathers them in seed order."""
    te.load_game(game_string)  # a bad game string fails here, not in a task
    futures = [
        self_play_task.remote(game_string, list(seeds))
        for seeds in chunks(first_seed, games, tasks)
    ]
    return [game for chunk in ray.get(futures) for game in chunk]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="pig", help="a game string, e.g. 'pig(players=3)'")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--tasks", type=int, default=8)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--out", help="write one JSON line per game here")
    parser.add_argument(
        "--address",
        default=None,
        help="a Ray cluster's address ('auto' finds the local one); "
        "by default RAY_ADDRESS, else a new local instance",
    )
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of a new local instance")
    args = parser.parse_args(argv)

    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=args.address, num_cpus=args.num_cpus, include_dashboard=False)
    try:
        games = generate(args.game, args.games, args.tasks, args.first_seed)
    finally:
        if started_here:
            ray.shutdown()
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            for game in games:
                out.write(json.dumps(game) + "\n")
    players = len(games[0]["returns"]) if games else 0
    wins = [sum(g["returns"][seat] for g in games) for seat in range(players)]
    mean_length = sum(g["length"] for g in games) / max(1, len(games))
    print(f"{len(games)} games of {args.game}, {mean_length:.1f} steps on average")
    print("wins per seat: " + ", ".join(f"{w:g}" for w in wins))
    return 0


if __name__ == "__main__":
    sys.exit(main())
