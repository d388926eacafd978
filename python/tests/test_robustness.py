"""No input crashes the interpreter: sizes are checked before anything is
allocated (a ValueError naming the limit, or a MemoryError), integers of any
size give ValueError rather than OverflowError, and refusals are both
ValueError and SpielError (a RuntimeError)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tabletop_engines as te

HUGE = [2**64, 2**70, -(2**70), 2**200]


def test_refusals_are_value_errors_and_spiel_errors() -> None:
    for cls in (te.IllegalActionError, te.GameLoadError):
        assert issubclass(cls, ValueError)
        assert issubclass(cls, te.SpielError)
        assert issubclass(cls, RuntimeError)
    state = te.load_game("pig").new_initial_state()
    with pytest.raises(RuntimeError):
        state.apply_action(state.string_to_action("hold"))
    with pytest.raises(RuntimeError):
        te.load_game("pig(players=1)")
    assert te.INVALID_ACTION == -1


@pytest.mark.parametrize("size", [2**40, 2**20 + 1, 10**8, -1, 2**70])
def test_a_batch_too_large_is_refused_naming_the_limit(size: int) -> None:
    with pytest.raises(ValueError, match="between 0 and 1048576"):
        te.StateBatch("pig", size)


def test_a_batch_is_limited_by_its_memory_estimate() -> None:
    with pytest.raises(ValueError, match=r"over the limit of 1024 MiB \(\d+ states of this game\)"):
        te.StateBatch("era(players=4)", 10**6)


@pytest.mark.parametrize("count", [10**9, 2**62, 2**70, -1])
def test_too_many_random_games_are_refused_naming_the_limit(count: int) -> None:
    with pytest.raises(ValueError, match=r"count must be between 0 and \d+ for pig \(256 MiB"):
        te.play_random_games("pig", count)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"threads": 0}, "threads"),
        ({"threads": -1}, "threads"),
        ({"threads": 10**6}, "threads"),
        ({"max_steps": -1}, "max_steps"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**64}, "seed"),
    ],
)
def test_bad_arguments_of_play_random_games_are_value_errors(kwargs: dict[str, int], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        te.play_random_games("pig", 2, **kwargs)


def test_seeds_take_the_whole_64_bit_range() -> None:
    assert len(te.play_random_games("pig", 2, seed=2**64 - 1)) == 2
    te.DiceRng(2**64 - 1)
    with pytest.raises(ValueError, match="seed"):
        te.DiceRng(-1)
    with pytest.raises(ValueError, match="seed"):
        te.StateBatch("pig", 1, seed=2**64)


@pytest.mark.parametrize("action", [*HUGE, -1, 2**32, 2**31])
def test_out_of_range_ids_are_illegal_actions_and_change_nothing(game: te.Game, action: int) -> None:
    state = game.new_initial_state()
    before = state.serialize()
    with pytest.raises(te.IllegalActionError):
        state.apply_action(action)
    with pytest.raises(te.IllegalActionError):
        state.child(action)
    with pytest.raises(te.IllegalActionError):
        state.action_to_string(action)
    with pytest.raises(te.IllegalActionError):
        state.action_to_string(0, action)
    assert state.serialize() == before


@pytest.mark.parametrize("player", [*HUGE, 2, 99, -2, -5])
def test_out_of_range_players_are_value_errors(player: int) -> None:
    state = te.load_game("pig").new_initial_state()
    for call in (
        lambda: state.legal_actions(player),
        lambda: state.legal_actions_mask(player),
        lambda: state.observation_tensor(player),
        lambda: state.observation_string(player),
        lambda: state.information_state_string(player),
        lambda: state.player_return(player),
        lambda: state.apply_action(0, player),
        lambda: te.StateBatch("pig", 2).observation_tensors(player),
    ):
        with pytest.raises(ValueError, match="not a seat"):
            call()


def test_numpy_integers_are_ids_and_players() -> None:
    state = te.load_game("pig").new_initial_state()
    roll = state.string_to_action("roll")
    state.apply_action(np.int64(roll), np.int32(0))
    assert state.legal_actions(np.int64(0)) == []  # a chance node now
    assert state.legal_actions(np.int64(te.CHANCE_PLAYER_ID)) == state.legal_actions()


def test_a_batch_refuses_huge_ids_and_indices_without_change() -> None:
    batch = te.StateBatch("pig", 2, seed=0)
    before = [batch.state(i).history() for i in range(2)]
    with pytest.raises(te.IllegalActionError) as refused:
        batch.apply_actions([2**70, 2**70])
    assert refused.value.index == 0
    assert [batch.state(i).history() for i in range(2)] == before
    with pytest.raises(IndexError):
        batch.state(2**70)


def test_nothing_aborts_the_interpreter_under_a_memory_cap() -> None:
    """The inputs that used to abort the interpreter, run in a child with a
    4 GiB address-space cap: every one raises, the child exits normally."""
    script = textwrap.dedent(
        """
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
        import tabletop_engines as te
        calls = [
            lambda: te.StateBatch("pig", 2**40),
            lambda: te.StateBatch("pig", 10**8),
            lambda: te.StateBatch("era(players=4)", 10**6),
            lambda: te.play_random_games("pig", 10**9),
            lambda: te.play_random_games("pig", 2**62),
        ]
        for call in calls:
            try:
                call()
            except (ValueError, MemoryError) as e:
                print(type(e).__name__)
            else:
                raise SystemExit("no error")
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ValueError"] * 5
