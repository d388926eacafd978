"""Random full games of Pig per second from Python: tabletop_engines stepping
one action at a time, its batch function, and OpenSpiel's Python API.

    pip install open-spiel          # only for this benchmark
    python bench/bench_pig.py [--seconds 3] [--repeats 3]

Both sides play the same rules parameters: 2 players, first to 100, a
six-sided die; OpenSpiel's horizon is raised so that no game is cut short
(ours has none). The step-by-step loop is the same Python code for both
libraries (a uniformly random legal action; a chance outcome drawn with its
probability). One rules difference remains and is shown by the steps per
game: OpenSpiel's Pig lets a player stop with an empty turn total, ours
requires a roll first. Prints a Markdown table: each contender's best of
``--repeats`` rounds, the contenders taking turns within a round.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import tabletop_engines as te

OURS = "pig(players=2,winscore=100)"
OPENSPIEL = "pig(players=2,winscore=100,diceoutcomes=6,horizon=100000000,piglet=False)"


def step_loop(game: Any, games: int, rng: random.Random) -> int:
    """Plays ``games`` random games through the OpenSpiel surface; returns
    the steps taken. The same code drives both libraries."""
    steps = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                x = rng.random()
                action = outcomes[-1][0]
                for outcome, p in outcomes:
                    x -= p
                    if x < 0:
                        action = outcome
                        break
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return steps


def step_loop_rust_chance(game: te.Game, games: int, rng: random.Random) -> int:
    """The step loop with chance drawn in Rust (``apply_sampled_chance``)."""
    dice = te.DiceRng(rng.getrandbits(64))
    steps = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_sampled_chance(dice)
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps


def measure_once(
    run: Callable[[int], int], seconds: float, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float]:
    """Games per second of ``clock`` (wall time unless told) over one run
    of at least ``seconds``, and the mean steps per game."""
    games = 0
    steps = 0
    batch = 1
    start = clock()
    while clock() - start < seconds:
        steps += run(batch)
        games += batch
        batch = min(batch * 2, 1 << 20)
    elapsed = clock() - start
    return games / elapsed, steps / games


def measure(
    contenders: list[tuple[str, Callable[[int], int]]],
    seconds: float,
    repeats: int,
    clock: Callable[[], float] = time.perf_counter,
) -> list[tuple[str, float, float]]:
    """The best games per second of each contender over ``repeats`` rounds;
    the contenders take turns within a round, so a busy machine slows them
    alike."""
    best = {name: (0.0, 0.0) for name, _ in contenders}
    for _ in range(repeats):
        for name, run in contenders:
            rate, steps = measure_once(run, seconds, clock)
            if rate > best[name][0]:
                best[name] = (rate, steps)
    return [(name, *best[name]) for name, _ in contenders]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one measurement")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)

    ours = te.load_game(OURS)
    rng = random.Random(0)
    seeds = iter(range(1 << 62))

    def batch(threads: int) -> Callable[[int], int]:
        def run(games: int) -> int:
            return te.play_random_games(ours, games, seed=next(seeds) * (1 << 20), threads=threads).steps

        return run

    contenders: list[tuple[str, Callable[[int], int]]] = []
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("open-spiel is not installed: `pip install open-spiel` to compare", file=sys.stderr)
    if pyspiel is not None:
        theirs = pyspiel.load_game(OPENSPIEL)
        contenders.append(("OpenSpiel `pyspiel`, Python step loop", lambda n: step_loop(theirs, n, rng)))
    contenders += [
        ("tabletop_engines, Python step loop", lambda n: step_loop(ours, n, rng)),
        ("tabletop_engines, step loop, chance drawn in Rust", lambda n: step_loop_rust_chance(ours, n, rng)),
        ("tabletop_engines `play_random_games`, 1 thread", batch(1)),
        ("tabletop_engines `play_random_games`, 2 threads", batch(2)),
    ]
    rows = measure(contenders, args.seconds, args.repeats)

    base = rows[0][1] if pyspiel is not None else None
    print(f"Pig, 2 players, first to 100; Python {platform.python_version()}, tabletop_engines {te.__version__}"
          + (f", open-spiel {getattr(pyspiel, '__version__', '?')}" if pyspiel is not None else ""))
    print()
    print("| how | games/s | steps/game | steps/s | vs OpenSpiel |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, rate, steps in rows:
        ratio = f"{rate / base:.2f}×" if base else "–"
        print(f"| {name} | {rate:,.0f} | {steps:.1f} | {rate * steps:,.0f} | {ratio} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
