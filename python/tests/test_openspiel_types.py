"""The OpenSpiel-style methods return what pyspiel's return: Python lists of
Python numbers (tensors included), so OpenSpiel's learners that key on
``str(tensor)`` or iterate over it run on these games as on pyspiel's.
NumPy stays in the batch API."""

from __future__ import annotations

import random

import numpy as np
import pyspiel

import tabletop_engines as te
from random_play import random_step

#: A pyspiel game with the same methods, to read what pyspiel returns.
THEIRS = pyspiel.load_game("liars_dice")


def _kinds(state: object, player: int) -> dict[str, object]:
    """The Python type of each value pyspiel's methods return."""
    returns = state.returns()
    tensor = state.observation_tensor(player)
    return {
        "legal_actions": type(state.legal_actions()),
        "legal_actions_mask": type(state.legal_actions_mask()),
        "returns": (type(returns), type(returns[0])),
        "observation_tensor": (type(tensor), type(tensor[0])),
        "history": type(state.history()),
    }


def test_tensors_and_lists_are_pyspiels_types(game: te.Game) -> None:
    theirs = THEIRS.new_initial_state()
    for outcome in (0, 1):
        theirs.apply_action(outcome)
    expected = _kinds(theirs, 0)
    assert expected["observation_tensor"] == (list, float)
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(40):
        if state.is_terminal():
            break
        seat = max(state.current_player(), 0)
        assert _kinds(state, seat) == expected
        if game.get_type().provides_information_state_tensor:
            tensor = state.information_state_tensor(seat)
            assert (type(tensor), type(tensor[0])) == (list, float)
        random_step(state, rng)


def test_the_batch_api_keeps_numpy() -> None:
    batch = te.StateBatch("pig", 3, seed=0)
    assert isinstance(batch.observation_tensors(), np.ndarray)
    assert isinstance(batch.legal_actions_mask(), np.ndarray)
