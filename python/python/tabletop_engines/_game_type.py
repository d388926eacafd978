"""OpenSpiel's ``GameType``: what ``Game.get_type()`` returns.

The enum fields are pyspiel's own enums when OpenSpiel is installed, so
``game.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL`` holds
whichever side is written first; without OpenSpiel they are this module's
enums, with OpenSpiel's names and values.
"""

from __future__ import annotations

import enum
from typing import Any


class Dynamics(enum.IntEnum):
    """OpenSpiel's ``GameType.Dynamics``."""

    SIMULTANEOUS = 0
    SEQUENTIAL = 1
    MEAN_FIELD = 2


class ChanceMode(enum.IntEnum):
    """OpenSpiel's ``GameType.ChanceMode``."""

    DETERMINISTIC = 0
    EXPLICIT_STOCHASTIC = 1
    SAMPLED_STOCHASTIC = 2


class Information(enum.IntEnum):
    """OpenSpiel's ``GameType.Information``."""

    ONE_SHOT = 0
    PERFECT_INFORMATION = 1
    IMPERFECT_INFORMATION = 2


class Utility(enum.IntEnum):
    """OpenSpiel's ``GameType.Utility``."""

    ZERO_SUM = 0
    CONSTANT_SUM = 1
    GENERAL_SUM = 2
    IDENTICAL = 3


class RewardModel(enum.IntEnum):
    """OpenSpiel's ``GameType.RewardModel``."""

    REWARDS = 0
    TERMINAL = 1


def _enums() -> tuple[Any, Any, Any, Any, Any]:
    """pyspiel's enums if OpenSpiel is installed, else this module's."""
    try:
        import pyspiel
    except ImportError:
        return Dynamics, ChanceMode, Information, Utility, RewardModel
    t = pyspiel.GameType
    return t.Dynamics, t.ChanceMode, t.Information, t.Utility, t.RewardModel


_FIELDS = (
    "short_name",
    "long_name",
    "dynamics",
    "chance_mode",
    "information",
    "utility",
    "reward_model",
    "max_num_players",
    "min_num_players",
    "provides_information_state_string",
    "provides_information_state_tensor",
    "provides_observation_string",
    "provides_observation_tensor",
    "parameter_specification",
    "default_loadable",
    "provides_factored_observation_string",
    "is_concrete",
    "action_structs_only",
)


class GameType:
    """A game's kind, with the fields of OpenSpiel's ``pyspiel.GameType``."""

    Dynamics = Dynamics
    ChanceMode = ChanceMode
    Information = Information
    Utility = Utility
    RewardModel = RewardModel

    short_name: str
    long_name: str
    dynamics: Any
    chance_mode: Any
    information: Any
    utility: Any
    reward_model: Any
    max_num_players: int
    min_num_players: int
    provides_information_state_string: bool
    provides_information_state_tensor: bool
    provides_observation_string: bool
    provides_observation_tensor: bool
    parameter_specification: dict[str, Any]
    default_loadable: bool
    provides_factored_observation_string: bool
    is_concrete: bool
    action_structs_only: bool

    def __init__(self, **fields: Any) -> None:
        missing = set(_FIELDS) - set(fields)
        unknown = set(fields) - set(_FIELDS)
        if missing or unknown:
            raise TypeError(f"GameType fields: missing {sorted(missing)}, unknown {sorted(unknown)}")
        for name in _FIELDS:
            object.__setattr__(self, name, fields[name])

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a GameType is read-only")

    def _plain(self) -> dict[str, Any]:
        """The fields, enums as integers."""
        return {
            name: int(value) if name in _ENUM_FIELDS else value
            for name, value in ((name, getattr(self, name)) for name in _FIELDS)
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameType):
            return NotImplemented
        return self._plain() == other._plain()

    def __hash__(self) -> int:
        return hash(self.short_name)

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return _from_plain, (self._plain(),)

    def __repr__(self) -> str:
        return f"<GameType '{self.short_name}'>"


_ENUM_FIELDS = ("dynamics", "chance_mode", "information", "utility", "reward_model")


def _from_plain(plain: dict[str, Any]) -> GameType:
    enums = _enums()
    fields = dict(plain)
    for name, kind in zip(_ENUM_FIELDS, enums):
        fields[name] = kind(int(fields[name]))
    return GameType(**fields)


def make_game_type(facts: dict[str, Any]) -> GameType:
    """The ``GameType`` of a game from what the native module knows of it."""
    dynamics, chance_mode, information, utility, reward_model = _enums()
    perfect = facts["perfect_information"]
    return GameType(
        short_name=facts["short_name"],
        long_name=facts["long_name"],
        dynamics=dynamics.SEQUENTIAL,
        chance_mode=chance_mode.EXPLICIT_STOCHASTIC,
        information=information.PERFECT_INFORMATION if perfect else information.IMPERFECT_INFORMATION,
        utility=utility.ZERO_SUM if facts.get("zero_sum") else utility.CONSTANT_SUM,
        reward_model=reward_model.TERMINAL,
        max_num_players=facts["max_num_players"],
        min_num_players=facts["min_num_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=facts["information_state_tensor"],
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=facts["parameter_specification"],
        default_loadable=True,
        provides_factored_observation_string=False,
        is_concrete=True,
        action_structs_only=False,
    )
