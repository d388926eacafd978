"""Pig with OpenSpiel's parameters against OpenSpiel's own ``pig``: the same
game tree for a small target and horizon (exact expected returns under
uniform random play), and random games in lockstep with the same action ids,
action and outcome texts, state texts, observation tensors and returns."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pyspiel
import pytest

import tabletop_engines as te

#: Small games whose whole tree is walked: (players, winscore, horizon,
#: diceoutcomes, piglet).
SMALL = [(2, 4, 6, 3, False), (3, 3, 5, 2, False), (2, 3, 7, 4, True)]


def spec(players: int, winscore: int, horizon: int, dice: int, piglet: bool) -> str:
    return f"pig(players={players},winscore={winscore},horizon={horizon},diceoutcomes={dice},piglet={str(piglet).lower()})"


def differences(a: Any, b: Any, path: list[int]) -> list[str]:
    """Where one history of ours differs from OpenSpiel's, in words."""
    problems = []
    kind = lambda s: (s.is_terminal(), s.is_chance_node(), s.current_player())  # noqa: E731
    if kind(a) != kind(b):
        return [f"{path}: node {kind(a)} against {kind(b)}"]
    if str(a) != str(b):
        problems.append(f"{path}: text {str(a)!r} against {str(b)!r}")
    if a.is_terminal():
        if list(a.returns()) != list(b.returns()):
            problems.append(f"{path}: returns {a.returns()} against {b.returns()}")
        return problems
    if a.is_chance_node():
        mine, theirs = a.chance_outcomes(), b.chance_outcomes()
        if [x for x, _ in mine] != [x for x, _ in theirs] or any(
            p != pytest.approx(q) for (_, p), (_, q) in zip(mine, theirs)
        ):
            problems.append(f"{path}: outcomes {mine} against {theirs}")
        texts = [(a.action_to_string(-1, x), b.action_to_string(-1, x)) for x, _ in theirs]
    else:
        player = b.current_player()
        if a.legal_actions() != b.legal_actions():
            problems.append(f"{path}: legal {a.legal_actions()} against {b.legal_actions()}")
        texts = [(a.action_to_string(player, x), b.action_to_string(player, x)) for x in b.legal_actions()]
        for seat in range(b.num_players()):
            if a.observation_tensor(seat) != b.observation_tensor(seat):
                problems.append(f"{path}: seat {seat}'s observation tensor differs")
            if a.observation_string(seat) != b.observation_string(seat):
                problems.append(f"{path}: seat {seat}'s observation string differs")
    problems.extend(f"{path}: text {m!r} against {t!r}" for m, t in texts if m != t)
    return problems


def tree(game: Any) -> dict[str, Any]:
    """Histories by kind and the exact expected returns under uniform
    random play."""
    counts = {"terminal": 0, "decisions": 0, "chance": 0}
    n = game.num_players()

    def walk(state: Any) -> list[Fraction]:
        if state.is_terminal():
            counts["terminal"] += 1
            return [Fraction(r).limit_denominator(1000) for r in state.returns()]
        if state.is_chance_node():
            counts["chance"] += 1
            weighted = [(x, Fraction(p).limit_denominator(1000)) for x, p in state.chance_outcomes()]
        else:
            counts["decisions"] += 1
            legal = state.legal_actions()
            weighted = [(x, Fraction(1, len(legal))) for x in legal]
        value = [Fraction(0)] * n
        for x, p in weighted:
            value = [v + p * c for v, c in zip(value, walk(state.child(x)))]
        return value

    returns = tuple(walk(game.new_initial_state()))
    return {**counts, "expected_returns": returns}


def same_tree(ours: Any, theirs: Any) -> list[str]:
    """Walks both trees together: where they differ."""
    problems: list[str] = []

    def walk(a: Any, b: Any, path: list[int]) -> None:
        if len(problems) > 10:
            return
        found = differences(a, b, path)
        problems.extend(found)
        if found or b.is_terminal():
            return
        ids = [x for x, _ in b.chance_outcomes()] if b.is_chance_node() else b.legal_actions()
        for x in ids:
            walk(a.child(x), b.child(x), path + [x])

    walk(ours.new_initial_state(), theirs.new_initial_state(), [])
    return problems


@pytest.mark.parametrize("params", SMALL)
def test_pig_with_openspiels_parameters_has_openspiels_whole_tree(params: tuple[Any, ...]) -> None:
    ours, theirs = te.load_game(spec(*params)), pyspiel.load_game(spec(*params))
    counted = tree(ours)
    assert counted == tree(theirs)
    assert counted["terminal"] > 100
    assert same_tree(ours, theirs) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_pig_games_in_lockstep_with_openspiels(players: int) -> None:
    name = f"pig(players={players},winscore=30,horizon=1000,diceoutcomes=6,piglet=false)"
    ours, theirs = te.load_game(name), pyspiel.load_game(name)
    rng = random.Random(players)
    lengths = []
    for _ in range(60):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        path: list[int] = []
        while True:
            assert differences(a, b, path) == []
            if b.is_terminal():
                break
            ids = [x for x, _ in b.chance_outcomes()] if b.is_chance_node() else b.legal_actions()
            x = rng.choice(ids)
            a.apply_action(x)
            b.apply_action(x)
            path.append(x)
        assert a.history() == b.history() == path
        lengths.append(len(path))
    # Stopping before a roll is allowed, so some turns bank nothing.
    assert max(lengths) > min(lengths)


def test_the_horizon_ends_the_game_with_no_winner() -> None:
    name = "pig(winscore=100,horizon=3)"
    ours, theirs = te.load_game(name), pyspiel.load_game(name)
    a, b = ours.new_initial_state(), theirs.new_initial_state()
    for x in (1, 1, 0):  # stop, stop, roll: three decisions
        a.apply_action(x)
        b.apply_action(x)
    assert a.is_terminal() and b.is_terminal()
    assert a.returns() == b.returns() == [0.0, 0.0]
    assert str(a) == str(b)


def test_pig_with_openspiels_parameters_states_openspiels_facts() -> None:
    name = "pig(players=3,winscore=20,horizon=50,diceoutcomes=5,piglet=false)"
    ours, theirs = te.load_game(name), pyspiel.load_game(name)
    assert ours.get_parameters() == theirs.get_parameters()
    assert te.load_game(str(ours)) == ours
    assert ours.num_distinct_actions() == theirs.num_distinct_actions() == 2
    assert ours.max_chance_outcomes() == theirs.max_chance_outcomes() == 5
    assert (ours.min_utility(), ours.max_utility(), ours.utility_sum()) == (
        theirs.min_utility(),
        theirs.max_utility(),
        theirs.utility_sum(),
    )
    assert ours.get_type().utility == theirs.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert ours.observation_tensor_size() == theirs.observation_tensor_size() == 4 * 21


def test_three_player_win_pays_openspiels_zero_sum_returns() -> None:
    name = "pig(players=3,winscore=2,horizon=100)"
    ours, theirs = te.load_game(name), pyspiel.load_game(name)
    a, b = ours.new_initial_state(), theirs.new_initial_state()
    for x in (0, 2, 1):  # roll, a 3, stop: seat 0 banks 3 and wins
        a.apply_action(x)
        b.apply_action(x)
    assert a.returns() == b.returns() == [1.0, -0.5, -0.5]
    assert str(a) == str(b) == "Scores: 3 0 0, Turn total: 0\nCurrent player: 1\n"


def test_the_house_rules_are_unchanged_without_openspiels_parameters() -> None:
    house = te.load_game("pig(winscore=20)")
    state = house.new_initial_state()
    assert state.legal_actions() == [0]
    assert house.get_parameters() == {"players": 2, "winscore": 20}
    assert house.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    openspiel = te.load_game("pig(winscore=20,horizon=1000)").new_initial_state()
    assert openspiel.legal_actions() == [0, 1]
    assert openspiel.action_to_string(0, 1) == "stop"
