"""Every registered game through OpenSpiel's surface: loading, random play to
the end, ids, chance, tensors, text, copies and pickles."""

from __future__ import annotations

import copy
import json
import pickle
import random
from fractions import Fraction

import numpy as np
import pytest

import tabletop_engines as te
from random_play import play_to_end, random_step


def test_every_game_loads_by_name_and_names_itself(game: te.Game, game_name: str) -> None:
    assert game.name == game_name
    assert game_name in te.registered_names()
    again = te.load_game(str(game))
    assert again == game and hash(again) == hash(game)
    assert te.load_game(game_name, game.get_parameters()) == game
    assert te.load_game_json(game_name, game.config_json()) == game
    assert game.num_players() >= 2
    assert game.num_distinct_actions() >= 1
    assert isinstance(game.get_parameters(), dict)


def test_pig_parameters_come_from_the_game_string() -> None:
    game = te.load_game("pig(players=3,winscore=50)")
    assert game.num_players() == 3
    assert game.get_parameters() == {"players": 3, "winscore": 50}
    assert str(game) == "pig(players=3,winscore=50)"
    assert te.load_game("pig", {"players": 4}).num_players() == 4


def test_pig_takes_openspiels_parameter_names_and_defaults() -> None:
    assert te.load_game("pig").get_parameters() == {"players": 2, "winscore": 100}
    assert te.load_game("pig(target=50)") == te.load_game("pig(winscore=50)")
    assert te.load_game("pig", {"winscore": 20, "players": 3}) == te.load_game("pig(players=3,winscore=20)")
    # Any of OpenSpiel's own parameters selects OpenSpiel's rules, the rest
    # at OpenSpiel's defaults (test_pig_openspiel.py plays them).
    openspiel = te.load_game("pig(diceoutcomes=6,piglet=false)")
    assert openspiel != te.load_game("pig")
    assert openspiel == te.load_game("pig(horizon=1000)")
    assert openspiel.get_parameters() == {
        "diceoutcomes": 6,
        "horizon": 1000,
        "piglet": False,
        "players": 2,
        "winscore": 100,
    }
    for text, named in [
        ("pig(diceoutcomes=1)", "2 faces or more"),
        ("pig(horizon=0)", "horizon of at least 1"),
        ("pig(winscore=10,target=10)", "not both"),
    ]:
        with pytest.raises(te.GameLoadError, match=named):
            te.load_game(text)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("pig(players=3,targte=50)", "targte"),
        ("pig(players=x)", "players"),
        ("pig(players=1)", "2 to 8 players"),
        ("no-such-game", "no game is called"),
        ("pig(players=", "not a game string"),
    ],
)
def test_a_bad_game_string_is_refused_naming_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(te.GameLoadError, match=named) as refused:
        te.load_game(text)
    assert isinstance(refused.value, ValueError)


def test_random_play_reaches_the_end_with_returns(game: te.Game) -> None:
    for seed in range(5):
        state = play_to_end(game, seed)
        returns = state.returns()
        assert len(returns) == game.num_players()
        assert sum(returns) == pytest.approx(game.utility_sum())
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)
        assert state.current_player() == te.TERMINAL_PLAYER_ID
        assert state.legal_actions() == []
        assert state.player_return(0) == returns[0]
        assert state.rewards() == returns


def test_returns_are_zero_before_the_end(game: te.Game) -> None:
    assert game.new_initial_state().returns() == [0.0] * game.num_players()


def test_observation_tensors_have_the_promised_shape_at_every_step(game: te.Game) -> None:
    shape = tuple(game.observation_tensor_shape())
    assert shape == (game.observation_tensor_size(),)
    layout = game.observation_tensor_layout()
    assert sum(block.size for block in layout) == game.observation_tensor_size()
    assert [block.offset for block in layout] == list(
        np.cumsum([0] + [block.size for block in layout])[:-1]
    )
    assert all(block.name and block.meaning for block in layout)
    state = game.new_initial_state()
    rng = random.Random(3)
    viewers = [*range(game.num_players()), te.SPECTATOR]
    while not state.is_terminal():
        for viewer in viewers:
            tensor = np.asarray(state.observation_tensor(viewer))
            assert tensor.shape == shape
            assert np.isfinite(tensor).all()
        if state.is_player_node():
            mover = state.current_player()
            assert np.array_equal(state.observation_tensor(), state.observation_tensor(mover))
        random_step(state, rng)


def test_observation_tensor_needs_a_seat_or_the_spectator(game: te.Game) -> None:
    state = game.new_initial_state()
    with pytest.raises(ValueError, match="not a seat"):
        state.observation_tensor(game.num_players())
    with pytest.raises(ValueError, match="not a seat"):
        state.observation_string(te.TERMINAL_PLAYER_ID)


def test_legal_actions_and_mask_agree(game: te.Game) -> None:
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        legal = state.legal_actions()
        mask = state.legal_actions_mask()
        if state.is_player_node():
            assert len(mask) == game.num_distinct_actions()
            assert [i for i, flag in enumerate(mask) if flag] == legal
            assert state.legal_actions(state.current_player()) == legal
            other = (state.current_player() + 1) % game.num_players()
            assert state.legal_actions(other) == []
            assert not any(state.legal_actions_mask(other))
        else:
            assert legal == [i for i, _ in state.chance_outcomes()]
            assert state.current_player() == te.CHANCE_PLAYER_ID
        random_step(state, rng)


def test_chance_outcomes_are_exact_and_sum_to_one(game: te.Game) -> None:
    state = game.new_initial_state()
    rng = random.Random(11)
    seen = 0
    while not state.is_terminal() and seen < 50:
        if state.is_chance_node():
            seen += 1
            exact = state.chance_outcomes_exact()
            assert all(isinstance(p, Fraction) for _, p in exact)
            assert sum(p for _, p in exact) == 1
            floats = state.chance_outcomes()
            assert [i for i, _ in floats] == list(range(len(floats)))
            assert [p for _, p in floats] == pytest.approx([float(p) for _, p in exact])
        random_step(state, rng)
    assert seen > 0


def test_chance_outcomes_are_a_new_list_matching_every_event_of_a_game(game: te.Game) -> None:
    """The outcome lists a game hands out again for a repeated chance event
    (the same die, the same number of dice) are copies: emptying one changes
    no later list, and every list is the exact distribution of its own
    state, in clones, in states from ``get_game()`` and from the evaluator's
    ``prior``."""
    evaluator = te.RolloutEvaluator(1, 0)
    state = game.new_initial_state()
    rng = random.Random(17)
    events = 0
    while not state.is_terminal():
        if state.is_chance_node():
            events += 1
            expected = [(i, float(p)) for i, p in state.chance_outcomes_exact()]
            first = state.chance_outcomes()
            assert first == expected
            first.clear()
            assert state.clone().chance_outcomes() == expected
            assert evaluator.prior(state) == expected
            other = state.get_game().deserialize_state(state.serialize())
            assert other.chance_outcomes() == expected
        else:
            assert state.chance_outcomes() == []
        random_step(state, rng)
    assert events > 0


def test_every_legal_id_round_trips_through_its_text(game: te.Game) -> None:
    state = game.new_initial_state()
    rng = random.Random(13)
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_player_node():
            player = state.current_player()
            for action in state.legal_actions():
                text = state.action_to_string(action)
                assert text == state.action_to_string(player, action)
                assert state.string_to_action(text) == action
                assert state.string_to_action(player, text) == action
        else:
            for outcome, _ in state.chance_outcomes():
                assert state.action_to_string(outcome)
        random_step(state, rng)


def test_text_that_is_no_action_is_refused(game: te.Game) -> None:
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    with pytest.raises(ValueError):
        state.string_to_action("not an action at all")


def test_an_illegal_action_raises_with_the_rule_and_changes_nothing(game: te.Game) -> None:
    state = game.new_initial_state()
    rng = random.Random(17)
    refused = 0
    while not state.is_terminal() and refused < 20:
        before = (str(state), state.history())
        if state.is_player_node():
            legal = set(state.legal_actions())
            illegal = [a for a in range(game.num_distinct_actions()) if a not in legal]
            for action in illegal[:3]:
                with pytest.raises(te.IllegalActionError) as caught:
                    state.apply_action(action)
                error = caught.value
                assert isinstance(error, ValueError)
                assert error.rule and error.rule in str(error)
                assert error.action_id == action
                try:
                    text = state.action_to_string(action)
                except te.IllegalActionError:
                    # An id below the bound that names no action of this
                    # config (Age of War: a line the castle lacks).
                    text = None
                if text is not None:
                    assert error.action == text
                assert (str(state), state.history()) == before
                refused += 1
        random_step(state, rng)
    for bad in (-1, game.num_distinct_actions() + 1000, 2**40):
        fresh = game.new_initial_state()
        while fresh.is_chance_node():
            fresh.apply_action(0)
        with pytest.raises(te.IllegalActionError) as caught:
            fresh.apply_action(bad)
        assert caught.value.action_id == bad and caught.value.rule


def test_pig_names_the_rule_hold_breaks() -> None:
    state = te.load_game("pig").new_initial_state()
    with pytest.raises(te.IllegalActionError, match="roll at least once") as caught:
        state.apply_action(state.string_to_action("hold"))
    assert caught.value.action == "hold"
    assert caught.value.rule == "hold: you must roll at least once this turn"


def test_steps_after_the_end_are_refused(game: te.Game) -> None:
    state = play_to_end(game, 1)
    with pytest.raises(te.IllegalActionError, match="over"):
        state.apply_action(0)


def test_a_chance_outcome_beyond_the_list_is_refused(game: te.Game) -> None:
    state = game.new_initial_state()
    rng = random.Random(19)
    while not state.is_chance_node():
        assert not state.is_terminal(), "every game here rolls dice before it ends"
        random_step(state, rng)
    count = len(state.chance_outcomes())
    with pytest.raises(te.IllegalActionError, match="does not exist"):
        state.apply_action(count)


def test_states_pickle_and_deserialize_to_the_same_state(game: te.Game) -> None:
    state = game.new_initial_state()
    rng = random.Random(23)
    step = 0
    while True:
        if step % 7 == 0 or state.is_terminal():
            for copy_ in (
                pickle.loads(pickle.dumps(state)),
                game.deserialize_state(state.serialize()),
                state.clone(),
                copy.deepcopy(state),
                copy.copy(state),
            ):
                assert str(copy_) == str(state)
                assert copy_.history() == state.history()
                assert copy_.current_player() == state.current_player()
                for viewer in [*range(game.num_players()), te.SPECTATOR]:
                    assert copy_.information_state_string(viewer) == state.information_state_string(viewer)
                    assert np.array_equal(copy_.observation_tensor(viewer), state.observation_tensor(viewer))
        if state.is_terminal():
            break
        random_step(state, rng)
        step += 1
    assert pickle.loads(pickle.dumps(game)) == game


def test_a_record_that_does_not_replay_is_refused(game: te.Game) -> None:
    with pytest.raises(te.GameLoadError):
        game.deserialize_state("{not json")
    record = json.loads(game.new_initial_state().serialize())
    record["config"] = {"players": 99}
    with pytest.raises(te.GameLoadError):
        game.deserialize_state(json.dumps(record))


def test_clones_and_children_are_independent(game: te.Game) -> None:
    state = game.new_initial_state()
    rng = random.Random(29)
    for _ in range(5):
        random_step(state, rng)
    if state.is_terminal():
        return
    before = str(state)
    copy_ = state.clone()
    action = state.legal_actions()[0]
    child = state.child(action)
    random_step(copy_, rng)
    assert str(state) == before
    assert child.history() == [*state.history(), action]


def test_history_and_information_state_follow_the_ids(game: te.Game) -> None:
    state = game.new_initial_state()
    rng = random.Random(31)
    applied = []
    for _ in range(30):
        if state.is_terminal():
            break
        applied.append(random_step(state, rng))
    assert state.history() == applied
    assert state.move_number() == len(applied)
    for viewer in range(game.num_players()):
        if game.name == "liars-dice":
            # OpenSpiel's string, checked against OpenSpiel's in test_liars_dice.py.
            continue
        history = json.loads(state.information_state_string(viewer))
        assert history["viewer"] == {"seat": viewer}
        assert len(history["log"]) == len(applied)
        assert "seed" not in history and "generator" not in history
    view = json.loads(state.observation_string(te.SPECTATOR))
    assert isinstance(view, dict)


def test_sampled_chance_follows_the_dice_rng_seed(game: te.Game) -> None:
    def draws(seed: int) -> list[int]:
        state = game.new_initial_state()
        rng = te.DiceRng(seed)
        picks = random.Random(0)
        out = []
        for _ in range(200):
            if state.is_terminal():
                break
            if state.is_chance_node():
                out.append(state.apply_sampled_chance(rng))
            else:
                state.apply_action(picks.choice(state.legal_actions()))
        return out

    assert draws(5) == draws(5)
    assert draws(5) != draws(6)
    with pytest.raises(ValueError, match="not a chance node"):
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(0)
        state.apply_sampled_chance(te.DiceRng(1))


def test_player_ids_are_openspiel_s() -> None:
    assert te.PlayerId.CHANCE == te.CHANCE_PLAYER_ID == -1
    assert te.PlayerId.SIMULTANEOUS == -2
    assert te.PlayerId.INVALID == -3
    assert te.PlayerId.TERMINAL == te.TERMINAL_PLAYER_ID == -4
    assert te.PlayerId.SPECTATOR == te.SPECTATOR
    assert te.SPECTATOR not in (-1, -2, -3, -4, -5)


def test_dice_rng_hides_its_seed() -> None:
    assert repr(te.DiceRng(123456789)) == "DiceRng(..)"
    rng = te.DiceRng(1)
    assert all(0 <= rng.below(6) < 6 for _ in range(100))
    assert 0 <= rng.below(2**100) < 2**100
    with pytest.raises(ValueError):
        rng.below(0)


def test_apply_action_as_a_player_is_refused_unless_it_is_their_turn(game: te.Game) -> None:
    state = game.new_initial_state()
    rng = te.DiceRng(0)
    while state.is_chance_node():
        outcome = state.legal_actions()[0]
        with pytest.raises(te.IllegalActionError):
            state.child(0).apply_action(outcome, 0) if False else state.clone().apply_action(outcome, 0)
        state.apply_sampled_chance(rng)
    mover = state.current_player()
    other = (mover + 1) % game.num_players()
    action = state.legal_actions()[0]
    before = state.serialize()
    with pytest.raises(te.IllegalActionError, match=f"{mover}") as refused:
        state.apply_action(action, other)
    assert isinstance(refused.value, te.SpielError)
    with pytest.raises(te.IllegalActionError, match="no chance event"):
        state.apply_action(action, te.CHANCE_PLAYER_ID)
    assert state.serialize() == before
    state.apply_action(action, mover)
    assert state.history()[-1] == action
