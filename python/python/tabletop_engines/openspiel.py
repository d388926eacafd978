"""Every game of the package as a pyspiel game, for OpenSpiel's C++ tools.

Importing this module registers each game with ``pyspiel.register_game``
under ``tabletop_`` and its name (``tabletop_pig``, ``tabletop_age_of_war``,
``tabletop_armadora``, ``tabletop_era``, ``tabletop_liars_dice``), as
``open_spiel.python.games`` registers OpenSpiel's own Python games on
import. The import is the one call: pyspiel refuses a name registered
twice, and Python imports a module once, so registering on import is the
only way that cannot fail the second time. The main package does not import
it (OpenSpiel is an optional dependency).

    import pyspiel
    import tabletop_engines.openspiel  # registers the games

    game = pyspiel.load_game("tabletop_liars_dice(players=2,numdice=1)")
    solver = pyspiel.CFRSolver(game)

The games and states are ``pyspiel.Game`` and ``pyspiel.State`` subclasses
whose every method delegates to the package's native game and state (kept
in the state's one attribute, ``native``), so pyspiel's C++ (CFR, best
response, bots, ``evaluate_bots``, serialization) runs on them; each call
crosses from C++ into Python and back.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ._game_type import _FIELDS as _TYPE_FIELDS
from ._native import CHANCE_PLAYER_ID, SPECTATOR, game_names, load_game

PREFIX = "tabletop_"
"""What the pyspiel name of a game adds to the package's name."""

LIST_SEPARATOR = "+"
"""Joins a list parameter's items in a pyspiel string parameter
(``factions=orc+elf``): pyspiel's parameters have no lists, and its game
strings split on commas."""


def pyspiel_name(name: str) -> str:
    """The pyspiel name of the package's game ``name`` (``liars-dice`` →
    ``tabletop_liars_dice``)."""
    return PREFIX + name.replace("-", "_")


def _pyspiel_spec(spec: dict[str, Any]) -> dict[str, Any]:
    """The package's parameter specification in pyspiel's types: a list
    becomes a string, empty for the engine's default (which may depend on
    other parameters, as Armadöra's factions on the number of players)."""
    return {key: "" if isinstance(value, list) else value for key, value in spec.items()}


def _native_params(params: dict[str, Any], spec: dict[str, Any]) -> dict[str, Any]:
    """pyspiel's parameters as the package's ``load_game`` takes them."""
    native: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(spec.get(key), list):
            if value != "":
                native[key] = str(value).split(LIST_SEPARATOR)
        else:
            native[key] = value
    return native


class Observer:
    """OpenSpiel's Python observer (``make_py_observer``) over the native
    state's views: a seat's (``PrivateInfoType.SINGLE_PLAYER``) or the
    public one (``NONE``: ``SPECTATOR``'s), as the observation
    (``perfect_recall=False``) or the information state (``True``)."""

    def __init__(self, native_game: Any, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        private = iig_obs_type.private_info
        if not iig_obs_type.public_info or private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError(f"observation type not offered: {iig_obs_type}")
        self._public_only = private == pyspiel.PrivateInfoType.NONE
        self._recall = iig_obs_type.perfect_recall
        has_tensor = not self._recall or (
            native_game.get_type().provides_information_state_tensor and not self._public_only
        )
        if has_tensor:
            size = (
                native_game.information_state_tensor_size()
                if self._recall
                else native_game.observation_tensor_size()
            )
            self.tensor: np.ndarray | None = np.zeros(size, np.float32)
            self.dict = {"info_state" if self._recall else "observation": self.tensor}
        else:
            self.tensor = None
            self.dict = {}

    def _viewer(self, player: int) -> int:
        return SPECTATOR if self._public_only else player

    def set_from(self, state: Any, player: int) -> None:
        """Writes ``state`` as ``player`` sees it into ``tensor``."""
        if self.tensor is None:
            return
        native = state.native
        viewer = self._viewer(player)
        if self._recall:
            self.tensor[:] = native.information_state_tensor(viewer)
        else:
            self.tensor[:] = native.observation_tensor(viewer)

    def string_from(self, state: Any, player: int) -> str:
        """``state`` as ``player`` sees it, as text."""
        native = state.native
        viewer = self._viewer(player)
        if self._recall:
            return native.information_state_string(viewer)
        return native.observation_string(viewer)


class PyspielState(pyspiel.State):
    """A pyspiel state over a native state (``native``, its one attribute:
    pyspiel's ``clone`` deep-copies it and ``serialize`` pickles it)."""

    def __init__(self, game: PyspielGame) -> None:
        super().__init__(game)
        self.native = game.native_game.new_initial_state()

    def current_player(self) -> int:
        return self.native.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.native.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.native.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.native.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        text = self.native.action_to_string(player, action)
        if player == CHANCE_PLAYER_ID:
            # Two outcomes may read the same (Era's white die has two C
            # faces); pyspiel wants every outcome's text to be its own.
            return f"{text} (outcome {action})"
        return text

    def is_terminal(self) -> bool:
        return self.native.is_terminal()

    def returns(self) -> list[float]:
        return self.native.returns()

    def rewards(self) -> list[float]:
        return self.native.rewards()

    def __str__(self) -> str:
        return str(self.native)


class PyspielGame(pyspiel.Game):
    """A pyspiel game over a native game (``native_game``); one subclass a
    game, made by ``_register``."""

    game_type: pyspiel.GameType
    native_name: str
    native_spec: dict[str, Any]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        native = load_game(self.native_name, _native_params(params, self.native_spec))
        info = pyspiel.GameInfo(
            num_distinct_actions=native.num_distinct_actions(),
            max_chance_outcomes=native.max_chance_outcomes(),
            num_players=native.num_players(),
            min_utility=native.min_utility(),
            max_utility=native.max_utility(),
            utility_sum=native.utility_sum(),
            max_game_length=native.max_game_length(),
        )
        # An empty list parameter is the engine's default: left out of the
        # game string, so that the string loads the same game again.
        shown = {key: value for key, value in params.items() if value != ""}
        super().__init__(self.game_type, info, shown)
        self.native_game = native

    def new_initial_state(self) -> PyspielState:
        return PyspielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        return Observer(self.native_game, iig_obs_type, params)


_COPIED_TYPE_FIELDS = tuple(
    field for field in _TYPE_FIELDS if field not in ("short_name", "parameter_specification", "is_concrete")
)
"""What pyspiel's ``GameType`` takes from the native one as it is."""


def _game_type(name: str) -> tuple[pyspiel.GameType, dict[str, Any]]:
    """pyspiel's ``GameType`` for the package's game ``name`` and the
    package's parameter specification."""
    native_type = load_game(name).get_type()
    spec = dict(native_type.parameter_specification)
    game_type = pyspiel.GameType(
        short_name=pyspiel_name(name),
        parameter_specification=_pyspiel_spec(spec),
        **{field: getattr(native_type, field) for field in _COPIED_TYPE_FIELDS},
    )
    return game_type, spec


def _register(name: str) -> type[PyspielGame]:
    game_type, spec = _game_type(name)
    cls = type(
        "PyspielGame_" + name.replace("-", "_"),
        (PyspielGame,),
        {"game_type": game_type, "native_name": name, "native_spec": spec},
    )
    pyspiel.register_game(game_type, cls)
    return cls


GAMES: dict[str, str] = {name: pyspiel_name(name) for name in game_names()}
"""The package's name of each game → its pyspiel name."""

_CLASSES = {name: _register(name) for name in GAMES}
