"""Liar's Dice against OpenSpiel's own ``liars_dice``: the same game tree,
ids, texts, returns and information states, and OpenSpiel's CFR and
``exploitability`` run on this package's game unchanged and give
OpenSpiel's numbers."""

from __future__ import annotations

import random

import pyspiel
import pytest
from open_spiel.python.algorithms import cfr, exploitability

import tabletop_engines as te

from openspiel_liars_dice import CFR_AFTER_TWO_ITERATIONS, PINNED, information_differences, same_histories, tree

GAME = "liars-dice(players=2,numdice=1)"


@pytest.fixture(scope="module")
def games() -> tuple[te.Game, pyspiel.Game]:
    return te.load_game(GAME), pyspiel.load_game("liars_dice", {"players": 2, "numdice": 1})


def test_get_type_states_openspiels_facts(games: tuple[te.Game, pyspiel.Game]) -> None:
    ours, theirs = games
    mine, other = ours.get_type(), theirs.get_type()
    assert te.load_game("liars_dice").name == "liars-dice"
    assert mine.long_name == "Liar's Dice"
    for field in ("dynamics", "chance_mode", "information", "utility", "reward_model"):
        assert getattr(mine, field) == getattr(other, field), field
    assert (mine.min_num_players, mine.max_num_players) == (other.min_num_players, other.max_num_players)
    assert ours.num_distinct_actions() == theirs.num_distinct_actions() == 13
    assert ours.max_chance_outcomes() == theirs.max_chance_outcomes() == 6
    assert (ours.min_utility(), ours.max_utility(), ours.utility_sum()) == (
        theirs.min_utility(),
        theirs.max_utility(),
        theirs.utility_sum(),
    )


def test_the_game_tree_is_openspiels_to_the_pinned_numbers(games: tuple[te.Game, pyspiel.Game]) -> None:
    ours, theirs = games
    assert tree(ours) == PINNED
    assert tree(theirs) == PINNED


def test_every_history_has_openspiels_ids_texts_returns_and_information_states(
    games: tuple[te.Game, pyspiel.Game],
) -> None:
    ours, theirs = games
    assert same_histories(ours, theirs) == []


def exploitability_of(game: te.Game, played: object) -> float:
    """OpenSpiel's exploitability of a policy on this package's game:
    ``exploitability.exploitability`` uses OpenSpiel's C++ best response,
    which takes only pyspiel games, so the same module's ``nash_conv`` (its
    Python best response) gives it: half the NashConv in a two-player
    game."""
    return exploitability.nash_conv(game, played) / game.num_players()


def test_openspiels_cfr_and_exploitability_run_on_it_and_give_openspiels_numbers(
    games: tuple[te.Game, pyspiel.Game],
) -> None:
    ours, _ = games
    # OpenSpiel's Python CFR on this package's game: its number, which a
    # tree, an information state or a return unlike OpenSpiel's changes.
    solver = cfr.CFRSolver(ours)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    assert exploitability_of(ours, solver.average_policy()) == pytest.approx(CFR_AFTER_TWO_ITERATIONS, abs=1e-9)


def test_ld_10_the_game_type_says_what_the_game_provides(games: tuple[te.Game, pyspiel.Game]) -> None:
    ours, theirs = games
    mine, other = ours.get_type(), theirs.get_type()
    assert mine.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (ours.min_utility(), ours.max_utility(), ours.utility_sum()) == (-1.0, 1.0, 0.0)
    assert mine.provides_information_state_string and other.provides_information_state_string
    assert mine.provides_information_state_tensor and other.provides_information_state_tensor
    assert mine.provides_observation_tensor
    assert ours.information_state_tensor_shape() == theirs.information_state_tensor_shape()
    assert ours.information_state_tensor_size() == theirs.information_state_tensor_size()


def _first_moves(game: object) -> list[object]:
    """Every state at seat 0's first move: all the dice rolled, no bid."""
    states = [game.new_initial_state()]
    while states[0].is_chance_node():
        states = [s.child(x) for s in states for x, _ in s.chance_outcomes()]
    return states


@pytest.mark.parametrize("numdice", [2, 3])
def test_ld_10_with_more_dice_the_information_sets_are_openspiels(numdice: int) -> None:
    ours = te.load_game(f"liars-dice(players=2,numdice={numdice})")
    theirs = pyspiel.load_game("liars_dice", {"players": 2, "numdice": numdice})
    mine, other = _first_moves(ours), _first_moves(theirs)
    assert len(mine) == len(other) == 6 ** (2 * numdice)
    for a, b in zip(mine, other):
        assert a.history() == b.history()
        assert a.information_state_string(0) == b.information_state_string(0)
        assert a.information_state_tensor(0) == b.information_state_tensor(0)
    # OpenSpiel sorts each hand: 21 hands of two dice, 56 of three.
    sets = {s.information_state_string(0) for s in mine}
    assert len(sets) == {2: 21, 3: 56}[numdice]


def test_ld_10_random_games_with_two_dice_keep_openspiels_information_states() -> None:
    ours = te.load_game("liars-dice(players=2,numdice=2)")
    theirs = pyspiel.load_game("liars_dice", {"players": 2, "numdice": 2})
    rng = random.Random(7)
    for _ in range(200):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while True:
            if not a.is_chance_node():
                assert information_differences(a, b, a.history()) == []
            if a.is_terminal():
                assert a.returns() == b.returns()
                break
            ids = [x for x, _ in a.chance_outcomes()] if a.is_chance_node() else a.legal_actions()
            action = rng.choice(ids)
            a.apply_action(action)
            b.apply_action(action)
