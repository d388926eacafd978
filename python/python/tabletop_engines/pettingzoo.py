"""PettingZoo AEC environments for every game of ``tabletop_engines``.

One environment class serves every game: name the game with a game string.

::

    from tabletop_engines.pettingzoo import env

    e = env("pig(players=3,winscore=50)")
    e.reset(seed=42)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
        else:
            mask = observation["action_mask"]
            action = e.action_space(agent).sample(mask)
        e.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seat ``i`` is ``player_i``).
An observation is a dict: ``"observation"``, the seat's observation tensor
(``float32``, ``Game.observation_tensor_shape()``; it encodes only what that
seat may know) and ``"action_mask"`` (``int8``, one flag per action id; all
zeros for an agent that is not to move). Chance events (rolls, draws) are
resolved inside the environment with the workspace's ``DiceRng`` seeded by
``reset(seed=...)``, so a seed replays the same game. Rewards come at the
end: each seat's share of the victory (``State.returns()``). An illegal
action raises ``IllegalActionError`` (a ``ValueError``) and changes nothing.

``state()`` is PettingZoo's global state for centralised critics: the
public view's tensor (``SPECTATOR``), which holds no seat's secret;
``state_space`` is its space. ``max_cycles=N`` truncates the game after
``N`` decisions. The game in progress is ``game_state``, a ``State``.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

try:
    import gymnasium
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as missing:  # pragma: no cover - depends on the installation
    raise ImportError(
        "tabletop_engines.pettingzoo needs PettingZoo and Gymnasium: "
        "pip install pettingzoo gymnasium"
    ) from missing

from . import SPECTATOR, DiceRng, Game, State, load_game

__all__ = ["TabletopEnv", "env", "raw_env"]


class TabletopEnv(AECEnv):
    """A game of ``tabletop_engines`` as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {
        "render_modes": ["ansi", "human"],
        "name": "tabletop_engines_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str | Game = "pig",
        render_mode: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        """``game`` is a ``Game`` or a game string; ``max_cycles`` (a number
        of decisions) truncates a game that runs longer."""
        super().__init__()
        self.game: Game = load_game(game) if isinstance(game, str) else game
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be at least 1, not {max_cycles}")
        self.max_cycles = max_cycles
        self.metadata = dict(self.metadata, name=f"tabletop_engines_{self.game.name}_v0")
        self.possible_agents = [f"player_{i}" for i in range(self.game.num_players())]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        size = self.game.observation_tensor_size()
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(
                        low=0, high=1, shape=(actions,), dtype=np.int8
                    ),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(actions) for agent in self.possible_agents
        }
        self.state_space = gymnasium.spaces.Box(
            low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32
        )
        self.game_state: State | None = None
        self._rng: DiceRng | None = None
        self._steps = 0

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def state(self) -> np.ndarray:
        """The global state: the public view's observation tensor."""
        return np.asarray(self._require_state().observation_tensor(SPECTATOR), dtype=np.float32)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._require_state()
        seat = self._seat[agent]
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if state.current_player() == seat:
            mask[state.legal_actions()] = 1
        observation = np.asarray(state.observation_tensor(seat), dtype=np.float32)
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().getrandbits(64) if self._rng is None else self._rng.below(2**64)
        self._rng = DiceRng(seed % 2**64)
        self.game_state = self.game.new_initial_state()
        self._steps = 0
        self._resolve_chance()
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._settle()

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for an agent that is done")
        state = self._require_state()
        self._cumulative_rewards[agent] = 0.0
        state.apply_action(int(action))
        self._steps += 1
        self._resolve_chance()
        self._clear_rewards()
        self._settle()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode")
            return None
        text = self._require_state().observation_string(SPECTATOR)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game_state = None

    def _require_state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return self.game_state

    def _resolve_chance(self) -> None:
        state = self._require_state()
        assert self._rng is not None
        while state.is_chance_node():
            state.apply_sampled_chance(self._rng)

    def _settle(self) -> None:
        """Selects the agent to act, and ends the game for every agent
        when it is over or too long."""
        state = self._require_state()
        if state.is_terminal():
            for agent, value in zip(self.possible_agents, state.returns()):
                if agent in self.agents:
                    self.rewards[agent] = value
                    self.terminations[agent] = True
        elif self.max_cycles is not None and self._steps >= self.max_cycles:
            for agent in self.agents:
                self.truncations[agent] = True
        player = state.current_player()
        if player >= 0:
            self.agent_selection = self.possible_agents[player]
        elif getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]

    def __str__(self) -> str:
        return str(self.metadata["name"])


def raw_env(game: str | Game = "pig", **kwargs: Any) -> TabletopEnv:
    """The environment without PettingZoo's wrappers."""
    return TabletopEnv(game, **kwargs)


def env(game: str | Game = "pig", illegal_reward: float | None = None, **kwargs: Any) -> AECEnv:
    """The environment for ``game`` (a game string or ``Game``), wrapped
    like PettingZoo's classic games: actions must be in the action space,
    and ``reset`` must come before anything else. With ``illegal_reward``
    (PettingZoo's classic games use -1), an illegal action ends the game,
    its agent getting that reward (PettingZoo's ``TerminateIllegalWrapper``);
    without it, an illegal action raises ``IllegalActionError``."""
    wrapped: AECEnv = TabletopEnv(game, **kwargs)
    if illegal_reward is not None:
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    wrapped = wrappers.OrderEnforcingWrapper(wrapped)
    return wrapped
