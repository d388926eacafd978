"""The PettingZoo AEC environment of every registered game passes
PettingZoo's own API and seed tests, and plays games as the State does."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test, state_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

import tabletop_engines as te
from tabletop_engines.pettingzoo import TabletopEnv, env, raw_env


def test_pettingzoo_api_test_passes(game_name: str) -> None:
    api_test(env(game_name), num_cycles=300)


def test_pettingzoo_api_test_passes_with_truncation(game_name: str) -> None:
    api_test(env(game_name, max_cycles=25), num_cycles=100)


def test_pettingzoo_state_test_passes(game_name: str) -> None:
    # state_test samples actions without the mask: illegal ones end the
    # game, as in PettingZoo's classic games.
    def make() -> object:
        return env(game_name, illegal_reward=-1)

    state_test(make(), turn_based_aec_to_parallel(make()), num_cycles=50)


def test_an_illegal_action_ends_the_game_with_illegal_reward() -> None:
    e = env("pig", illegal_reward=-1)
    e.reset(seed=0)
    hold = e.unwrapped.game_state.string_to_action("hold")
    mover = e.agent_selection
    e.step(hold)
    assert all(e.terminations.values())
    assert e.rewards[mover] == -1


def test_state_is_the_public_view_and_max_cycles_truncates() -> None:
    e = raw_env("pig(players=3)", max_cycles=4)
    e.reset(seed=2)
    assert np.array_equal(e.state(), e.game_state.observation_tensor(te.SPECTATOR))
    assert e.state_space.contains(e.state())
    decisions = 0
    for _ in e.agent_iter():
        _, _, termination, truncation, _ = e.last()
        if termination or truncation:
            e.step(None)
            continue
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
        decisions += 1
    assert decisions == 4
    assert not e.game_state.is_terminal()
    with pytest.raises(ValueError, match="max_cycles"):
        raw_env("pig", max_cycles=0)


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
        assert list(legal) == e.game_state.legal_actions()
        e.step(int(space_rng.choice(legal)))
    assert e.game_state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == e.game_state.returns()


def test_only_the_agent_to_move_has_actions_and_observations_are_per_seat() -> None:
    e = raw_env("pig(players=3)")
    e.reset(seed=1)
    mover = e.agent_selection
    for agent in e.possible_agents:
        observation = e.observe(agent)
        seat = int(agent.split("_")[1])
        assert np.array_equal(observation["observation"], e.game_state.observation_tensor(seat))
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
        return e.game_state.history()

    assert play(3) == play(3)
    assert play(3) != play(4)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    e = raw_env("pig")
    e.reset(seed=0)
    before = e.game_state.history()
    with pytest.raises(te.IllegalActionError, match="roll at least once"):
        e.step(e.game_state.string_to_action("hold"))
    assert e.game_state.history() == before


def test_environment_names_and_renders_its_game() -> None:
    e = TabletopEnv(te.load_game("pig(players=2,target=10)"), render_mode="ansi")
    e.reset(seed=0)
    assert e.metadata["name"] == "tabletop_engines_pig_v0"
    assert e.possible_agents == ["player_0", "player_1"]
    assert '"turn_total"' in e.render()
    with pytest.raises(ValueError, match="render_mode"):
        TabletopEnv("pig", render_mode="rgb_array")
