"""Every game as a pyspiel game (``tabletop_engines.openspiel``): loaded by
``pyspiel.load_game`` and run by OpenSpiel's C++ tools unchanged, with
OpenSpiel's numbers on Liar's Dice."""

from __future__ import annotations

import pyspiel
import pytest
from open_spiel.python.algorithms import exploitability

import tabletop_engines as te
import tabletop_engines.openspiel as te_openspiel

from openspiel_liars_dice import CFR_AFTER_TWO_ITERATIONS

LIARS_DICE = "tabletop_liars_dice(players=2,numdice=1)"


@pytest.fixture(scope="module")
def liars_dice() -> tuple[pyspiel.Game, pyspiel.Game]:
    return pyspiel.load_game(LIARS_DICE), pyspiel.load_game("liars_dice", {"players": 2, "numdice": 1})


def test_every_game_loads_through_pyspiel_under_its_registered_name(game_name: str) -> None:
    name = te_openspiel.GAMES[game_name]
    assert name in pyspiel.registered_names()
    game = pyspiel.load_game(name)
    native = te.load_game(game_name)
    assert isinstance(game, pyspiel.Game)
    assert isinstance(game.new_initial_state(), pyspiel.State)
    assert game.get_type().short_name == name
    assert game.num_distinct_actions() == native.num_distinct_actions()
    assert game.observation_tensor_size() == native.observation_tensor_size()
    assert game.new_initial_state().legal_actions() == native.new_initial_state().legal_actions()
    # The game's string loads the same game again.
    assert str(pyspiel.load_game(str(game))) == str(game)


def test_parameters_reach_the_native_game() -> None:
    game = pyspiel.load_game("tabletop_pig(players=3,winscore=50)")
    assert game.num_players() == 3
    assert game.new_initial_state().native.get_game() == te.load_game("pig(players=3,winscore=50)")
    armadora = pyspiel.load_game("tabletop_armadora(players=2,factions=orc+elf)")
    assert armadora.new_initial_state().native.get_game().get_parameters()["factions"] == ["orc", "elf"]
    assert str(pyspiel.load_game(str(armadora))) == str(armadora)
    with pytest.raises(te.GameLoadError, match="2 to 8 players"):
        pyspiel.load_game("tabletop_pig(players=99)")


def test_pig_illegal_hold_is_refused_through_pyspiel_and_changes_nothing() -> None:
    """PIG: a turn starts with a roll; pyspiel's ``apply_action`` passes the
    engine's refusal on and leaves the history as it was."""
    state = pyspiel.load_game("tabletop_pig").new_initial_state()
    with pytest.raises(te.IllegalActionError, match="roll at least once"):
        state.apply_action(state.native.string_to_action("hold"))
    assert state.history() == []
    assert state.legal_actions() == [state.native.string_to_action("roll")]


def test_liars_dice_information_states_are_openspiels_through_pyspiel(
    liars_dice: tuple[pyspiel.Game, pyspiel.Game],
) -> None:
    ours, theirs = liars_dice
    a, b = ours.new_initial_state(), theirs.new_initial_state()
    for action in (2, 4, 0, 3, 7):
        a.apply_action(action)
        b.apply_action(action)
        for seat in range(2):
            assert a.information_state_string(seat) == b.information_state_string(seat)
            assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
    assert a.history() == b.history()


def test_cpp_cfr_and_exploitability_give_openspiels_numbers(
    liars_dice: tuple[pyspiel.Game, pyspiel.Game],
) -> None:
    """``pyspiel.CFRSolver`` (C++) runs on the pyspiel game, and the
    Python module's ``exploitability.exploitability``, which refused the
    package's games, measures its average policy with C++'s
    ``TabularBestResponse`` (``pyspiel.exploitability`` is the same best
    response): OpenSpiel's number on its own ``liars_dice`` after two
    iterations, to 1e-9."""
    ours, _ = liars_dice
    solver = pyspiel.CFRSolver(ours)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(ours, solver.average_policy()) == pytest.approx(
        CFR_AFTER_TWO_ITERATIONS, abs=1e-9
    )


def _uniform_random_play(game: pyspiel.Game, seed: int) -> list[float]:
    bots = [pyspiel.make_uniform_random_bot(seat, seed + seat) for seat in range(game.num_players())]
    return pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)


def test_evaluate_bots_with_uniform_random_bots_plays_every_game(game_name: str) -> None:
    game = pyspiel.load_game(te_openspiel.GAMES[game_name])
    returns = _uniform_random_play(game, 7)
    assert len(returns) == game.num_players()
    assert game.min_utility() <= min(returns) and max(returns) <= game.max_utility()
    assert sum(returns) == pytest.approx(game.utility_sum())
    # The same seeds replay the same game through the layer.
    assert _uniform_random_play(game, 7) == returns


def test_every_game_passes_openspiels_random_simulation_test(game_name: str) -> None:
    """OpenSpiel's own C++ checks (clone, serialization, legal action
    masks, tensors, returns) over a random game."""
    game = pyspiel.load_game(te_openspiel.GAMES[game_name])
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
