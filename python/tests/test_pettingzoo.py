"""The PettingZoo AEC environment of every registered game passes
PettingZoo's own API and seed tests, and plays games as the State does."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import tabletop_engines as te
from tabletop_engines.pettingzoo import TabletopEnv, env, raw_env


def test_pettingzoo_api_test_passes(game_name: str) -> None:
    api_test(env(game_name), num_cycles=300)


def test_pettingzoo_api_test_passes_with_truncation(game_name: str) -> None:
    api_test(env(game_name, max_steps=25), num_cycles=100)


def test_pettingzoo_seed_test_passes(game_name: str) -> None:
    seed_test(lambda: env(game_name), num_cycles=100)


def test_the_environment_plays_to_the_end_and_pays_the_returns(game_name: str) -> None:
    e = raw_env(game_name)
    e.reset(seed=7)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    space_rng = np.random.default_rng(0)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        assert observation["observation"].dtype == np.float32
        assert observation["action_mask"].dtype == np.int8
        if termination or truncation:
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert list(legal) == e.state.legal_actions()
        e.step(int(space_rng.choice(legal)))
    assert e.state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == e.state.returns()


def test_only_the_agent_to_move_has_actions_and_observations_are_per_seat() -> None:
    e = raw_env("pig(players=3)")
    e.reset(seed=1)
    mover = e.agent_selection
    for agent in e.possible_agents:
        observation = e.observe(agent)
        seat = int(agent.split("_")[1])
        assert np.array_equal(observation["observation"], e.state.observation_tensor(seat))
        assert observation["action_mask"].any() == (agent == mover)


def test_the_same_seed_plays_the_same_game() -> None:
    def play(seed: int) -> list[int]:
        e = raw_env("pig(target=20)")
        e.reset(seed=seed)
        for _ in e.agent_iter():
            observation, _, termination, truncation, _ = e.last()
            # Hold whenever allowed: the dice alone decide the game.
            legal = np.flatnonzero(observation["action_mask"])
            e.step(None if termination or truncation else int(legal[-1]))
        return e.state.history()

    assert play(3) == play(3)
    assert play(3) != play(4)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    e = raw_env("pig")
    e.reset(seed=0)
    before = e.state.history()
    with pytest.raises(te.IllegalActionError, match="roll at least once"):
        e.step(e.state.string_to_action("hold"))
    assert e.state.history() == before


def test_environment_names_and_renders_its_game() -> None:
    e = TabletopEnv(te.load_game("pig(players=2,target=10)"), render_mode="ansi")
    e.reset(seed=0)
    assert e.metadata["name"] == "tabletop_engines_pig_v0"
    assert e.possible_agents == ["player_0", "player_1"]
    assert '"turn_total"' in e.render()
    with pytest.raises(ValueError, match="render_mode"):
        TabletopEnv("pig", render_mode="rgb_array")
