"""The README's own loop, beside OpenSpiel's pyspiel on the same game: games
and steps per second on Pig and on Liar's Dice.

    python bench/bench_loop.py [--seconds 3] [--repeats 3]

Each game starts from a ``clone()`` of the initial state, then steps as the
README's example does (``zip(*state.chance_outcomes())`` and
``random.choices`` at a chance node, ``random.choice(state.legal_actions())``
at a decision, ``apply_action``) and reads ``returns()`` at the end. The
same Python code drives both libraries. Pig is 2 players, first to 100, one
six-sided die on both sides (OpenSpiel's horizon raised so that no game is
cut short); the two Pigs still differ (OpenSpiel's lets a player stop with
an empty turn total, which makes its games longer), so compare Pig per
step. Liar's Dice is ``liars_dice`` with 2 players and 1 die each, the same
game history for history. The last row of each game is the loop alone:
our games recorded, then replayed through objects whose methods cost
next to nothing, so that its steps per second bound any library's and
``its time per step`` shows how much of a step the loop itself takes. Prints a Markdown table: each contender's best of
``--repeats`` rounds, the contenders taking turns within a round.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from collections.abc import Callable
from typing import Any

from bench_pig import measure

import tabletop_engines as te

#: (title, our game string, OpenSpiel's game string)
GAMES = [
    ("Pig", "pig(players=2,winscore=100)",
     "pig(players=2,winscore=100,diceoutcomes=6,horizon=100000000,piglet=False)"),
    ("Liar's Dice", "liars-dice(players=2,numdice=1)", "liars_dice(players=2,numdice=1)"),
]


def readme_loop(game: Any, games: int, rng: random.Random) -> int:
    """Plays ``games`` games with the README's loop; returns the steps."""
    initial = game if isinstance(game, _Scripted) else game.new_initial_state()
    steps = 0
    for _ in range(games):
        state = initial.clone()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                action = rng.choices(outcomes, probs)[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
        state.returns()
    return steps


class _Scripted:
    """A recorded game replayed with methods that cost next to nothing (C
    iterators' ``__next__``): the README's loop on it measures what the loop
    itself costs, the floor under any library's steps."""

    def __init__(self, state: Any, rng: random.Random) -> None:
        terminal, chance, outcomes, legal, applied = [], [], [], [], []
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
            returns=self._returns.copy,
        )
        return replay


def loop_floor(recorded: list[_Scripted], games: int, rng: random.Random) -> int:
    """The README's loop over ``games`` of the ``recorded`` games, whose
    every call is free: returns the steps."""
    steps = 0
    for i in range(games):
        steps += readme_loop(recorded[i % len(recorded)], 1, rng)
    return steps


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
    print("| game | how | games/s | steps/game | steps/s | vs OpenSpiel per game | per step |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for title, ours, theirs in GAMES:
        games = (("OpenSpiel `pyspiel`", pyspiel.load_game(theirs)), ("tabletop_engines", te.load_game(ours)))
        contenders: list[tuple[str, Callable[[int], int]]] = [
            (name, lambda n, g=game: readme_loop(g, n, rng)) for name, game in games
        ]
        recorded = [_Scripted(games[1][1].new_initial_state(), random.Random(i)) for i in range(1000)]
        contenders.append(("the loop alone, every call free", lambda n: loop_floor(recorded, n, rng)))
        rows = measure(contenders, args.seconds, args.repeats)
        base_games, base_steps = rows[0][1], rows[0][1] * rows[0][2]
        for name, rate, steps in rows:
            print(f"| {title} | {name} | {rate:,.0f} | {steps:.1f} | {rate * steps:,.0f} "
                  f"| {rate / base_games:.2f}× | {rate * steps / base_steps:.2f}× |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
