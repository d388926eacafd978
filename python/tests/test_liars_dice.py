"""Liar's Dice against OpenSpiel's own ``liars_dice``: the same game tree,
ids, texts, returns and information states, and OpenSpiel's CFR and
``exploitability`` run on this package's game unchanged and give
OpenSpiel's numbers."""

from __future__ import annotations

import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability

import tabletop_engines as te

from openspiel_liars_dice import PINNED, same_histories, tree

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


def exploitability_of(game: object, played: object) -> float:
    """OpenSpiel's exploitability of a policy. ``exploitability.exploitability``
    computes it with OpenSpiel's C++ best response, which takes only
    OpenSpiel's own games; for this package's game the same module's
    ``nash_conv``, with its Python best response, gives it: in a two-player
    game the exploitability is half the NashConv."""
    if isinstance(game, pyspiel.Game):
        return exploitability.exploitability(game, played)
    return exploitability.nash_conv(game, played) / game.num_players()


def test_openspiels_cfr_and_exploitability_run_on_it_and_give_openspiels_numbers(
    games: tuple[te.Game, pyspiel.Game],
) -> None:
    ours, theirs = games
    # The uniform policy's exploitability: the same in both.
    uniform = [exploitability_of(g, policy.UniformRandomPolicy(g)) for g in (ours, theirs)]
    assert uniform[0] == pytest.approx(uniform[1], abs=1e-12)
    assert uniform[0] > 0.5
    # OpenSpiel's own NashConv on its own game agrees.
    assert exploitability.nash_conv(theirs, policy.UniformRandomPolicy(theirs)) / 2 == pytest.approx(uniform[1])
    solvers = [cfr.CFRSolver(ours), cfr.CFRSolver(theirs)]
    for _ in range(2):
        for solver in solvers:
            solver.evaluate_and_update_policy()
    exploitabilities = [exploitability_of(g, s.average_policy()) for g, s in zip((ours, theirs), solvers)]
    # Two iterations of CFR: the same average policy, so the same
    # exploitability, and less than the uniform policy's.
    assert exploitabilities[0] == pytest.approx(exploitabilities[1], abs=1e-9)
    assert exploitabilities[0] < uniform[0]
