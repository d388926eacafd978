"""Recomputes, with OpenSpiel and with this package, the numbers that
``crates/liars-dice-rules/tests/openspiel.rs`` pins for Liar's Dice with
two players and one die each: the histories of the game tree by kind, the
information states, and the exact expected returns under uniform random
play (each legal action ``1/k``, each chance outcome its probability, in
``fractions.Fraction``); and the exploitability of CFR's average policy
after two iterations that the Python tests pin (OpenSpiel's C++ solver on
its own game). It also compares the two trees history by
history: the same legal action ids and texts, the same chance outcomes,
the same returns, and each seat's information state string and tensor
equal to OpenSpiel's at every decision and at the end.

    python python/tests/openspiel_liars_dice.py    # prints both, exits 1 if they differ

``test_liars_dice.py`` runs it (``python/ci.sh`` installs OpenSpiel).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Any

#: OpenSpiel's exploitability of CFR's average policy after two iterations
#: on its own `liars_dice(players=2,numdice=1)` (its C++ `CFRSolver` and
#: `pyspiel.exploitability`; its Python `CFRSolver` gives the same). After
#: one iteration the average policy is still the uniform one
#: (0.78074432319224), so two is the fewest that test CFR's update.
CFR_AFTER_TWO_ITERATIONS = 0.5691408847225425

#: What the Rust test pins (OpenSpiel's numbers).
PINNED = {
    "histories": 294_883,
    "terminal": 147_420,
    "decisions": 147_456,
    "chance": 7,
    "information_states": 24_576,
    "expected_returns": (Fraction(-7, 216), Fraction(7, 216)),
}


def tree(game: Any) -> dict[str, Any]:
    """Counts the tree of ``game`` (OpenSpiel's or this package's) and its
    exact expected returns under uniform random play."""
    counts = {"histories": 0, "terminal": 0, "decisions": 0, "chance": 0}
    states: set[tuple[int, str]] = set()

    def walk(state: Any) -> list[Fraction]:
        counts["histories"] += 1
        if state.is_terminal():
            counts["terminal"] += 1
            return [Fraction(int(r)) for r in state.returns()]
        if state.is_chance_node():
            counts["chance"] += 1
            outcomes = state.chance_outcomes()
            value = [Fraction(0), Fraction(0)]
            for action, _ in outcomes:
                child = walk(state.child(action))
                value = [v + Fraction(1, len(outcomes)) * c for v, c in zip(value, child)]
            return value
        counts["decisions"] += 1
        player = state.current_player()
        states.add((player, state.information_state_string(player)))
        legal = state.legal_actions()
        value = [Fraction(0), Fraction(0)]
        for action in legal:
            child = walk(state.child(action))
            value = [v + Fraction(1, len(legal)) * c for v, c in zip(value, child)]
        return value

    returns = walk(game.new_initial_state())
    return {**counts, "information_states": len(states), "expected_returns": tuple(returns)}


def information_differences(a: Any, b: Any, path: list[int]) -> list[str]:
    """Where each seat's information state string and tensor differ from
    OpenSpiel's at one history (a decision or the end)."""
    problems = []
    for seat in range(b.num_players()):
        mine, other = a.information_state_string(seat), b.information_state_string(seat)
        if mine != other:
            problems.append(f"{path}: seat {seat}'s information state {mine!r} against {other!r}")
        mine, other = a.information_state_tensor(seat), b.information_state_tensor(seat)
        if mine != other:
            problems.append(f"{path}: seat {seat}'s information state tensor {mine} against {other}")
    return problems


def same_histories(ours: Any, theirs: Any) -> list[str]:
    """Walks both trees together: where they differ, in words."""
    problems: list[str] = []

    def walk(a: Any, b: Any, path: list[int]) -> None:
        if len(problems) > 10:
            return
        if (a.is_terminal(), a.is_chance_node(), a.current_player()) != (
            b.is_terminal(),
            b.is_chance_node(),
            b.current_player(),
        ):
            problems.append(f"{path}: another kind of node")
            return
        if a.is_terminal():
            if list(a.returns()) != list(b.returns()):
                problems.append(f"{path}: returns {a.returns()} against {b.returns()}")
            problems.extend(information_differences(a, b, path))
            return
        ids = [x for x, _ in a.chance_outcomes()] if a.is_chance_node() else a.legal_actions()
        theirs_ids = [x for x, _ in b.chance_outcomes()] if b.is_chance_node() else b.legal_actions()
        if ids != theirs_ids:
            problems.append(f"{path}: ids {ids} against {theirs_ids}")
            return
        if not a.is_chance_node():
            player = a.current_player()
            texts = [a.action_to_string(player, x) for x in ids]
            theirs_texts = [b.action_to_string(player, x) for x in ids]
            if texts != theirs_texts:
                problems.append(f"{path}: texts {texts} against {theirs_texts}")
            problems.extend(information_differences(a, b, path))
        else:
            texts = [a.action_to_string(x) for x in ids]
            theirs_texts = [b.action_to_string(x) for x in ids]
            if texts != theirs_texts:
                problems.append(f"{path}: outcomes {texts} against {theirs_texts}")
        for x in ids:
            walk(a.child(x), b.child(x), path + [x])

    walk(ours.new_initial_state(), theirs.new_initial_state(), [])
    return problems


def main() -> int:
    import pyspiel

    import tabletop_engines as te

    theirs = pyspiel.load_game("liars_dice", {"players": 2, "numdice": 1})
    ours = te.load_game("liars-dice(players=2,numdice=1)")
    failed = False
    for name, game in (("OpenSpiel", theirs), ("tabletop-engines", ours)):
        counted = tree(game)
        print(f"{name}: {counted}")
        if counted != PINNED:
            print(f"{name} differs from the pinned numbers {PINNED}")
            failed = True
    # The pinned CFR number, from OpenSpiel's own game and C++ solver.
    solver = pyspiel.CFRSolver(theirs)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    cfr_two = pyspiel.exploitability(theirs, solver.average_policy())
    print(f"OpenSpiel: exploitability after two CFR iterations {cfr_two!r}")
    if abs(cfr_two - CFR_AFTER_TWO_ITERATIONS) > 1e-12:
        print(f"OpenSpiel differs from the pinned {CFR_AFTER_TWO_ITERATIONS!r}")
        failed = True
    problems = same_histories(ours, theirs)
    for problem in problems:
        print(problem)
    return 1 if failed or problems else 0


if __name__ == "__main__":
    sys.exit(main())
