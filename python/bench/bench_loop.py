"""The README's own loop, beside OpenSpiel's pyspiel on the same game: games
and steps per second on Pig and on Liar's Dice.

    python bench/bench_loop.py [--seconds 3] [--repeats 3]

Each game starts from a ``clone()`` of the initial state, steps until the
end and reads ``returns()``; a decision is always
``random.choice(state.legal_actions())`` and ``apply_action``. A chance
node is drawn in one of three ways, each a row:

- ``zip(*state.chance_outcomes())``, ``random.choices`` and
  ``apply_action``: Python's chance, the same code for both libraries (the
  identical loop);
- ``pyspiel.sample_action(state.chance_outcomes(), random.random())`` and
  ``apply_action``: OpenSpiel's own sampler, in C++ (pyspiel only);
- ``state.apply_sampled_chance(dice)``: chance drawn in Rust from a
  ``te.DiceRng``, the README's loop (tabletop_engines only).

One function runs every row, so its chance branch costs a comparison for
Python's chance and two for the others. Both sides play the same game:
Pig by OpenSpiel's rules (2 players, first to 100, a six-sided die, the
horizon raised so that no game is cut short) and ``liars_dice`` with 2
players and 1 die each, history for history. The "loop alone" rows replay
recorded games through objects whose methods cost next to nothing (C
iterators' ``__next__``), so that their steps per second bound any
library's. Rates are per second of the process's CPU time (one thread
plays), so that other programs on a busy machine slow them less than wall
time would. Prints a Markdown table: each contender's best of
``--repeats`` rounds, the contenders taking turns within a round; the
ratios are against pyspiel running the identical loop, and (last column)
against pyspiel with its own sampler.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from bench_pig import measure

import tabletop_engines as te

#: (title, our game string, OpenSpiel's game string): the same game.
GAMES = [
    ("Pig", "pig(players=2,winscore=100,diceoutcomes=6,horizon=100000000,piglet=false)",
     "pig(players=2,winscore=100,diceoutcomes=6,horizon=100000000,piglet=False)"),
    ("Liar's Dice", "liars-dice(players=2,numdice=1)", "liars_dice(players=2,numdice=1)"),
]


#: How a loop draws chance: the identical code for both libraries, chance in
#: Rust (tabletop_engines), OpenSpiel's C++ sampler (pyspiel).
PYTHON, RUST, SAMPLER = "Python", "Rust", "sample_action"


def play(game: Any, games: int, rng: random.Random, chance: str, dice: Any = None) -> int:
    """Plays ``games`` games, each from a clone of the initial state, a
    decision ``rng.choice(state.legal_actions())``, chance drawn as
    ``chance`` says (with ``dice`` for ``RUST``); returns the steps. Every
    row runs this one function: its chance branch costs a comparison or
    two, the Python branch least."""
    initial = game if isinstance(game, _Scripted) else game.new_initial_state()
    sample_action = _pyspiel_sampler() if chance is SAMPLER else None
    steps = 0
    for _ in range(games):
        state = initial.clone()
        while not state.is_terminal():
            if state.is_chance_node():
                if chance is PYTHON:
                    outcomes, probs = zip(*state.chance_outcomes())
                    state.apply_action(rng.choices(outcomes, probs)[0])
                elif chance is RUST:
                    state.apply_sampled_chance(dice)
                else:
                    state.apply_action(sample_action(state.chance_outcomes(), rng.random())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        state.returns()
    return steps


def _pyspiel_sampler() -> Callable[[list[tuple[int, float]], float], tuple[int, float]]:
    """OpenSpiel's ``pyspiel.sample_action``: an outcome of a list drawn with
    a number in [0, 1)."""
    import pyspiel

    return pyspiel.sample_action


class _Scripted:
    """A recorded game replayed with methods that cost next to nothing (C
    iterators' ``__next__``): a loop on it measures what the loop itself
    costs, the floor under any library's steps."""

    def __init__(self, state: Any, rng: random.Random) -> None:
        terminal, chance, outcomes, legal = [], [], [], []
        while not state.is_terminal():
            terminal.append(False)
            is_chance = state.is_chance_node()
            chance.append(is_chance)
            if is_chance:
                outcomes.append(state.chance_outcomes())
                ids, probs = zip(*outcomes[-1])
                action = rng.choices(ids, probs)[0]
            else:
                legal.append(state.legal_actions())
                action = rng.choice(legal[-1])
            state.apply_action(action)
        terminal.append(True)
        self._lists = (terminal, chance, outcomes, legal)
        self._returns = state.returns()

    def clone(self) -> Any:
        """A fresh replay: an object whose methods are C callables."""
        terminal, chance, outcomes, legal = self._lists
        replay = argparse.Namespace(
            is_terminal=iter(terminal).__next__,
            is_chance_node=iter(chance).__next__,
            chance_outcomes=iter(outcomes).__next__,
            legal_actions=iter(legal).__next__,
            apply_action=[].append,
            apply_sampled_chance=[].append,
            returns=self._returns.copy,
        )
        return replay


def loop_floor(loop: Callable[[_Scripted], int], recorded: list[_Scripted], games: int) -> int:
    """``loop`` over ``games`` of the ``recorded`` games, whose every call is
    free: returns the steps."""
    steps = 0
    for i in range(games):
        steps += loop(recorded[i % len(recorded)])
    return steps


def contenders_for(ours: str, theirs: str, rng: random.Random) -> list[tuple[str, Callable[[int], int]]]:
    """The rows of one game: pyspiel's two loops, ours, and the loops alone."""
    import pyspiel

    spiel, native = pyspiel.load_game(theirs), te.load_game(ours)
    dice = te.DiceRng(rng.getrandbits(64))
    recorded = [_Scripted(native.new_initial_state(), random.Random(i)) for i in range(1000)]
    return [
        ("OpenSpiel `pyspiel`, chance in Python", lambda n: play(spiel, n, rng, PYTHON)),
        ("OpenSpiel `pyspiel`, chance by `pyspiel.sample_action`", lambda n: play(spiel, n, rng, SAMPLER)),
        ("tabletop_engines, chance in Python", lambda n: play(native, n, rng, PYTHON)),
        ("tabletop_engines, chance in Rust (the README's loop)", lambda n: play(native, n, rng, RUST, dice)),
        ("chance in Python, the loop alone, every call free",
         lambda n: loop_floor(lambda g: play(g, 1, rng, PYTHON), recorded, n)),
        ("chance in Rust, the loop alone, every call free",
         lambda n: loop_floor(lambda g: play(g, 1, rng, RUST, dice), recorded, n)),
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="length of one measurement")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    import pyspiel

    rng = random.Random(0)
    print(f"Python {platform.python_version()}, tabletop_engines {te.__version__}, "
          f"open-spiel {getattr(pyspiel, '__version__', '?')}")
    print()
    print("| game | how | games/s | steps/game | steps/s | ÷ pyspiel per game | per step "
          "| ÷ pyspiel `sample_action` per step |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for title, ours, theirs in GAMES:
        rows = measure(contenders_for(ours, theirs, rng), args.seconds, args.repeats, time.process_time)
        base_games, base_steps = rows[0][1], rows[0][1] * rows[0][2]
        sampler_steps = rows[1][1] * rows[1][2]
        for name, rate, steps in rows:
            print(f"| {title} | {name} | {rate:,.0f} | {steps:.1f} | {rate * steps:,.0f} "
                  f"| {rate / base_games:.2f}× | {rate * steps / base_steps:.2f}× "
                  f"| {rate * steps / sampler_steps:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
