"""The batch functions: many games without leaving Rust."""

from __future__ import annotations

import numpy as np
import pytest

import tabletop_engines as te


def test_play_random_games_returns_one_row_per_seed(game: te.Game) -> None:
    result = te.play_random_games(game, 20, seed=100)
    players = game.num_players()
    assert len(result) == 20
    assert result.returns.shape == (20, players) and result.returns.dtype == np.float64
    assert result.lengths.shape == (20,) and result.lengths.dtype == np.int64
    assert result.finished.dtype == np.bool_ and result.finished.all()
    assert np.allclose(result.returns.sum(axis=1), game.utility_sum())
    assert int(result.lengths.sum()) == result.steps
    assert (result.lengths > 0).all()
    assert result.seed == 100


def test_play_random_games_depends_on_the_seed_not_the_threads(game: te.Game) -> None:
    one = te.play_random_games(game, 30, seed=7)
    three = te.play_random_games(game, 30, seed=7, threads=3)
    assert np.array_equal(one.lengths, three.lengths)
    assert np.array_equal(one.returns, three.returns)
    shifted = te.play_random_games(game, 29, seed=8)
    assert np.array_equal(one.lengths[1:], shifted.lengths)
    other = te.play_random_games(game, 30, seed=1000)
    assert not np.array_equal(one.lengths, other.lengths)


def test_play_random_games_takes_a_game_string() -> None:
    by_string = te.play_random_games("pig(target=20)", 5, seed=1)
    by_game = te.play_random_games(te.load_game("pig(target=20)"), 5, seed=1)
    assert np.array_equal(by_string.lengths, by_game.lengths)
    with pytest.raises(te.GameLoadError):
        te.play_random_games("pig(target=-1)", 5)
    with pytest.raises(ValueError, match="threads"):
        te.play_random_games("pig", 5, threads=0)


def test_games_stopped_at_max_steps_are_unfinished(game: te.Game) -> None:
    result = te.play_random_games(game, 4, seed=0, max_steps=2)
    assert not result.finished.any()
    assert np.isnan(result.returns).all()
    assert (result.lengths == 2).all()


def test_a_batch_steps_every_state_to_the_end(game: te.Game) -> None:
    batch = te.StateBatch(game, 8, seed=5)
    assert len(batch) == 8
    width = game.num_distinct_actions()
    size = game.observation_tensor_size()
    for _ in range(100_000):
        over = batch.is_terminal()
        if over.all():
            break
        mask = batch.legal_actions_mask()
        assert mask.shape == (8, width) and mask.dtype == np.int8
        assert (mask[over] == 0).all() and (mask[~over].sum(axis=1) > 0).all()
        tensors = batch.observation_tensors()
        assert tensors.shape == (8, size) and tensors.dtype == np.float32
        players = batch.current_players()
        assert ((players >= 0) | over).all() and (players[over] == te.TERMINAL_PLAYER_ID).all()
        for i in np.flatnonzero(~over)[:2]:
            state = batch.state(int(i))
            assert np.array_equal(tensors[i], state.observation_tensor())
            assert list(np.flatnonzero(mask[i])) == state.legal_actions()
        actions = batch.random_actions()
        assert (actions[over] == -1).all()
        assert all(mask[i, a] for i, a in enumerate(actions) if a >= 0)
        batch.apply_actions(actions)
    assert batch.is_terminal().all()
    returns = batch.returns()
    assert returns.shape == (8, game.num_players())
    assert np.allclose(returns.sum(axis=1), game.utility_sum())
    for i in range(8):
        assert list(returns[i]) == batch.state(i).returns()
    assert batch.reset_terminal() == list(range(8))
    assert not batch.is_terminal().any()


def test_a_batch_refuses_an_illegal_action_and_changes_no_state() -> None:
    batch = te.StateBatch("pig", 3, seed=0)
    hold = batch.state(0).string_to_action("hold")
    roll = batch.state(0).string_to_action("roll")
    before = [batch.state(i).history() for i in range(3)]
    with pytest.raises(te.IllegalActionError, match="roll at least once") as caught:
        batch.apply_actions([roll, hold, roll])
    assert caught.value.index == 1
    assert [batch.state(i).history() for i in range(3)] == before
    with pytest.raises(ValueError, match="2 actions for 3 states"):
        batch.apply_actions([roll, roll])
    with pytest.raises(IndexError):
        batch.state(3)


def test_a_batch_replays_from_its_seed(game: te.Game) -> None:
    def run(seed: int) -> list[list[int]]:
        batch = te.StateBatch(game, 4, seed=seed)
        for _ in range(30):
            batch.apply_actions(batch.random_actions())
        return [batch.state(i).history() for i in range(4)]

    assert run(9) == run(9)
    assert run(9) != run(10)


def test_a_batch_gives_any_seat_s_or_the_spectator_s_tensors(game: te.Game) -> None:
    batch = te.StateBatch(game, 3, seed=2)
    for viewer in [*range(game.num_players()), te.SPECTATOR]:
        tensors = batch.observation_tensors(viewer)
        for i in range(3):
            assert np.array_equal(tensors[i], batch.state(i).observation_tensor(viewer))
    with pytest.raises(ValueError, match="not a seat"):
        batch.observation_tensors(game.num_players())
