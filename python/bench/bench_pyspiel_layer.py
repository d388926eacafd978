"""What the pyspiel layer (``tabletop_engines.openspiel``) costs per call:
each OpenSpiel-style call on the same position of Liar's Dice and of Pig,
through the pyspiel game, on the native state, and on OpenSpiel's own game.

    python bench/bench_pyspiel_layer.py [--number 20000] [--repeats 5] [--cfr]

A call through the layer goes from Python into pyspiel's C++ and back into
Python (pyspiel's trampolines for Python games), then into the native
state; ``clone()`` makes a new initial state and deep-copies the native
one, as pyspiel clones every Python game's state (``apply_action`` is timed
on a fresh clone, so its row is a clone and a move). ``current_player()``
and ``is_terminal()`` called from Python reach the Python method directly;
from pyspiel's C++ they cross the trampoline like the others. Prints a Markdown table
of the best of ``--repeats`` timings, in microseconds a call. ``--cfr``
also times a whole C++ tool on Liar's Dice with one die, OpenSpiel's
``liars_dice`` against the layer's: ``pyspiel.CFRSolver``, one iteration,
``pyspiel.exploitability`` of its average policy (CPU seconds).
"""

from __future__ import annotations

import argparse
import time
import timeit
from collections.abc import Callable
from typing import Any

import pyspiel

import tabletop_engines as te
import tabletop_engines.openspiel  # noqa: F401  (registers the games)

#: (title, native game string, OpenSpiel's game string, actions to the position)
GAMES = [
    ("Liar's Dice", "liars-dice(players=2,numdice=1)", "liars_dice(players=2,numdice=1)", [2, 3, 4]),
    ("Pig", "pig(players=2,winscore=100)",
     "pig(players=2,winscore=100,diceoutcomes=6,horizon=100000000,piglet=False)", [0, 3]),
]

CALLS: list[tuple[str, Callable[[Any], Any]]] = [
    ("legal_actions()", lambda s: s.legal_actions()),
    ("clone().apply_action(a)", None),  # filled per state: the position's first legal action
    ("clone()", lambda s: s.clone()),
    ("current_player()", lambda s: s.current_player()),
    ("is_terminal()", lambda s: s.is_terminal()),
    ("information_state_string(0)", lambda s: s.information_state_string(0)),
    ("observation_tensor(0)", lambda s: s.observation_tensor(0)),
]


def per_call(fn: Callable[[], Any], number: int, repeats: int) -> float:
    return min(timeit.repeat(fn, number=number, repeat=repeats)) / number * 1e6


def states(native_string: str, openspiel_string: str, actions: list[int]) -> list[Any]:
    built = [
        pyspiel.load_game(te.openspiel.PREFIX + native_string.replace("-", "_")).new_initial_state(),
        te.load_game(native_string).new_initial_state(),
        pyspiel.load_game(openspiel_string).new_initial_state(),
    ]
    for state in built:
        for action in actions:
            state.apply_action(action)
    return built


def cfr_times() -> None:
    """CPU seconds of pyspiel's CFR and best response, OpenSpiel's game
    against the layer's."""
    for name in ("liars_dice(players=2,numdice=1)", "tabletop_liars_dice(players=2,numdice=1)"):
        game = pyspiel.load_game(name)
        start = time.process_time()
        solver = pyspiel.CFRSolver(game)
        built = time.process_time()
        solver.evaluate_and_update_policy()
        iterated = time.process_time()
        value = pyspiel.exploitability(game, solver.average_policy())
        done = time.process_time()
        print(f"{name}: CFRSolver() {built - start:.2f} s, one iteration {iterated - built:.2f} s,"
              f" exploitability {done - iterated:.2f} s (CPU); exploitability {value!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cfr", action="store_true", help="also time CFR and best response on Liar's Dice")
    args = parser.parse_args()
    print("| game | call | pyspiel layer (µs) | native (µs) | OpenSpiel's game (µs) | layer ÷ native |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for title, native_string, openspiel_string, actions in GAMES:
        row_states = states(native_string, openspiel_string, actions)
        for name, call in CALLS:
            times = []
            for state in row_states:
                if call is None:
                    action = state.legal_actions()[0]
                    times.append(per_call(lambda: state.clone().apply_action(action), args.number, args.repeats))
                else:
                    try:
                        times.append(per_call(lambda: call(state), args.number, args.repeats))
                    except pyspiel.SpielError:  # OpenSpiel's Pig has no information state
                        times.append(float("nan"))
            layer, native, theirs = times
            print(f"| {title} | `{name}` | {layer:.2f} | {native:.2f} | {theirs:.2f} | {layer / native:.0f}× |"
                  .replace("nan", "n/a"))
    if args.cfr:
        cfr_times()


if __name__ == "__main__":
    main()
