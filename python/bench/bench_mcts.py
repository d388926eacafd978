"""OpenSpiel's own MCTSBot on Age of War, searching with this package's Rust
RolloutEvaluator: one full two-player game, both seats MCTS at 100
simulations a move; and one rollout's cost with each evaluator.

    pip install open-spiel
    python bench/bench_mcts.py [--game age-of-war] [--simulations 100] [--seed 0]

Prints a Markdown table: the game's decisions, its wall time and the CPU
time of the thread that played it (on a shared machine the wall time also
counts the time other processes held the CPU), simulations per second of
wall time, and the mean time of one evaluation by OpenSpiel's
RandomRolloutEvaluator (Python, one rollout) and by RolloutEvaluator (Rust,
one rollout) from the same states.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time

import numpy as np
from open_spiel.python.algorithms import mcts

import tabletop_engines as te


def play(game: te.Game, simulations: int, seed: int) -> tuple[int, float, float, list[float], list[te.State]]:
    """One game, MCTS on every seat; returns decisions, wall seconds, CPU
    seconds, returns and a few of the states searched from."""
    bots = [
        mcts.MCTSBot(game, 2.0, simulations, te.RolloutEvaluator(1, seed + p), random_state=np.random.RandomState(seed + p))
        for p in range(game.num_players())
    ]
    state = game.new_initial_state()
    dice = te.DiceRng(seed)
    decisions = 0
    samples: list[te.State] = []
    start = time.perf_counter()
    cpu_start = time.thread_time()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_sampled_chance(dice)
            continue
        if decisions % 100 == 0:
            samples.append(state.clone())
        state.apply_action(bots[state.current_player()].step(state))
        decisions += 1
    return decisions, time.perf_counter() - start, time.thread_time() - cpu_start, state.returns(), samples


def per_evaluation(evaluator: object, states: list[te.State], repeats: int) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        for state in states:
            evaluator.evaluate(state)  # type: ignore[attr-defined]
    return (time.perf_counter() - start) / (repeats * len(states))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="age-of-war")
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    game = te.load_game(args.game)
    decisions, seconds, cpu, returns, samples = play(game, args.simulations, args.seed)
    ours = per_evaluation(te.RolloutEvaluator(1, 1), samples, 20)
    theirs = per_evaluation(mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), samples[:3], 1)
    print(f"{game}: OpenSpiel MCTSBot, {args.simulations} simulations a move on every seat; "
          f"Python {platform.python_version()}, tabletop_engines {te.__version__}")
    print()
    print("| decisions | wall time | CPU time | simulations/s | returns | one rollout, RolloutEvaluator (Rust) | one rollout, RandomRolloutEvaluator (Python) |")
    print("| ---: | ---: | ---: | ---: | --- | ---: | ---: |")
    print(f"| {decisions:,} | {seconds:.1f} s | {cpu:.1f} s | {decisions * args.simulations / seconds:,.0f} | {returns} "
          f"| {ours * 1e3:.2f} ms | {theirs * 1e3:.1f} ms |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
