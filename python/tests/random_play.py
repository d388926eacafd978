"""Random play through the OpenSpiel surface, shared by the tests."""

from __future__ import annotations

import random

import tabletop_engines as te


def random_step(state: te.State, rng: random.Random) -> int:
    """Applies one random legal action or chance outcome (drawn with its
    probability); returns the id applied."""
    if state.is_chance_node():
        ids, probs = zip(*state.chance_outcomes())
        choice = rng.choices(ids, weights=probs)[0]
    else:
        choice = rng.choice(state.legal_actions())
    state.apply_action(choice)
    return choice


def play_to_end(game: te.Game, seed: int, max_steps: int = 100_000) -> te.State:
    state = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(max_steps):
        if state.is_terminal():
            break
        random_step(state, rng)
    assert state.is_terminal(), f"{game} did not end in {max_steps} steps"
    return state
