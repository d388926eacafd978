"""Tabletop rules engines for Python: every game of the registry
(``game_names()``).

Every game speaks OpenSpiel's API::

    import tabletop_engines as te

    game = te.load_game("pig(players=2,winscore=100)")
    state = game.new_initial_state()
    while not state.is_terminal():
        ...
    print(state.returns())

``tabletop_engines.pettingzoo`` has a PettingZoo AEC environment for each
game; ``play_random_games`` and ``StateBatch`` keep loops in Rust;
``RolloutEvaluator`` is OpenSpiel's ``RandomRolloutEvaluator`` played in
Rust, for OpenSpiel's ``MCTSBot``; ``evaluate_bots`` plays bots against each
other. ``import tabletop_engines.openspiel`` (OpenSpiel installed) registers
every game with pyspiel, for OpenSpiel's C++ tools.
"""

from __future__ import annotations

from ._native import (
    CHANCE_PLAYER_ID,
    INVALID_ACTION,
    INVALID_PLAYER_ID,
    SIMULTANEOUS_PLAYER_ID,
    SPECTATOR,
    TERMINAL_PLAYER_ID,
    DiceRng,
    Game,
    GameLoadError,
    IllegalActionError,
    RandomGames,
    RolloutEvaluator,
    SpielError,
    State,
    StateBatch,
    TensorBlock,
    __version__,
    game_names,
    load_game,
    load_game_json,
    play_random_games,
)
from ._bots import evaluate_bots
from ._game_type import GameType


class PlayerId:
    """OpenSpiel's special player ids (``pyspiel.PlayerId``), plus ``SPECTATOR``."""

    CHANCE = CHANCE_PLAYER_ID
    SIMULTANEOUS = SIMULTANEOUS_PLAYER_ID
    INVALID = INVALID_PLAYER_ID
    TERMINAL = TERMINAL_PLAYER_ID
    SPECTATOR = SPECTATOR


def registered_names() -> list[str]:
    """The games ``load_game`` knows: OpenSpiel's name for ``game_names``."""
    return game_names()


__all__ = [
    "CHANCE_PLAYER_ID",
    "INVALID_ACTION",
    "INVALID_PLAYER_ID",
    "SIMULTANEOUS_PLAYER_ID",
    "SPECTATOR",
    "TERMINAL_PLAYER_ID",
    "DiceRng",
    "Game",
    "GameLoadError",
    "GameType",
    "IllegalActionError",
    "PlayerId",
    "RandomGames",
    "RolloutEvaluator",
    "SpielError",
    "State",
    "StateBatch",
    "TensorBlock",
    "__version__",
    "evaluate_bots",
    "game_names",
    "load_game",
    "load_game_json",
    "play_random_games",
    "registered_names",
]
