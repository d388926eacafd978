"""Type stubs of the native module ``tabletop_engines._native`` (Rust)."""

from fractions import Fraction
from typing import Any, final, overload

import numpy as np
import numpy.typing as npt

__all__ = [
    "CHANCE_PLAYER_ID",
    "DiceRng",
    "Game",
    "GameLoadError",
    "INVALID_ACTION",
    "INVALID_PLAYER_ID",
    "IllegalActionError",
    "RandomGames",
    "RolloutEvaluator",
    "SIMULTANEOUS_PLAYER_ID",
    "SPECTATOR",
    "SpielError",
    "State",
    "StateBatch",
    "TERMINAL_PLAYER_ID",
    "TensorBlock",
    "__version__",
    "_restore_state",
    "game_names",
    "load_game",
    "load_game_json",
    "play_random_games",
]

__version__: str

CHANCE_PLAYER_ID: int
"""OpenSpiel's chance player id, -1: ``current_player()`` at a chance node."""
SIMULTANEOUS_PLAYER_ID: int
"""OpenSpiel's simultaneous-move player id, -2 (no game here uses it)."""
INVALID_PLAYER_ID: int
"""OpenSpiel's invalid player id, -3."""
INVALID_ACTION: int
"""OpenSpiel's invalid action, -1: what a bot returns at a chance node."""
TERMINAL_PLAYER_ID: int
"""OpenSpiel's terminal player id, -4: ``current_player()`` at the end."""
SPECTATOR: int
"""Not in OpenSpiel (-6): a viewer who plays no seat and sees public
information only; accepted wherever a player is asked for a view."""

class SpielError(RuntimeError):
    """OpenSpiel's ``pyspiel.SpielError``: every refusal of this package is one."""

class IllegalActionError(ValueError, SpielError):
    """An action id or chance outcome id the state refuses; the state is
    unchanged."""

    rule: str
    """The rule broken, in the engine's words."""
    action: str
    """The action as text (the id, when it names no action)."""
    action_id: int
    """The id that was refused."""
    index: int
    """``StateBatch.apply_actions`` only: the index of the refusing state."""

class GameLoadError(ValueError, SpielError):
    """A game string, config or saved state that does not load; the message
    names the bad parameter."""

@final
class TensorBlock:
    """One named block of an observation tensor: ``tensor[offset:offset+size]``."""

    @property
    def name(self) -> str: ...
    @property
    def offset(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def meaning(self) -> str: ...

@final
class DiceRng:
    """The workspace's seeded dice generator (ChaCha8): the same seed draws the
    same outcomes on every platform, in Python and in Rust."""

    def __new__(cls, seed: int) -> DiceRng: ...
    def below(self, n: int) -> int:
        """A uniform integer in ``0..n`` (``1 <= n < 2**128``)."""

@final
class Game:
    """A game with its config (``pyspiel.Game``). Equal when the name and
    config are; pickles as its name and config."""

    @property
    def name(self) -> str:
        """The game's name, e.g. ``"pig"`` (OpenSpiel's ``get_type().short_name``)."""
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int:
        """Every action id is below this bound."""
    def observation_tensor_shape(self) -> list[int]:
        """``[observation_tensor_size()]``: tensors are flat."""
    def observation_tensor_size(self) -> int: ...
    def observation_tensor_layout(self) -> list[TensorBlock]:
        """The tensor's blocks in order: what each slice means."""
    def get_parameters(self) -> dict[str, Any]:
        """The config: every parameter, defaults included (Pig's ``winscore``)."""
    def get_type(self) -> Any:
        """OpenSpiel's ``GameType`` (a ``tabletop_engines.GameType``)."""
    def min_utility(self) -> float: ...
    def max_utility(self) -> float: ...
    def utility_sum(self) -> float: ...
    def max_game_length(self) -> int:
        """``2**31 - 1``: no bound is computed."""
    def max_move_number(self) -> int: ...
    def max_chance_outcomes(self) -> int: ...
    def information_state_tensor_shape(self) -> list[int]:
        """Games of perfect information only (``SpielError`` otherwise)."""
    def information_state_tensor_size(self) -> int: ...
    def new_initial_states(self) -> list[State]: ...
    def config_json(self) -> str:
        """The config as JSON text (``load_game_json`` reads it)."""
    def new_initial_state(self) -> State: ...
    def deserialize_state(self, text: str) -> State:
        """A state written by ``State.serialize()``, replayed. Raises
        ``GameLoadError``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class State:
    """A game in progress (``pyspiel.State``).

    Decision ids are action ids below ``num_distinct_actions()``; at a
    chance node the ids are indices into ``chance_outcomes()``."""

    def current_player(self) -> int:
        """The seat to move, ``CHANCE_PLAYER_ID`` or ``TERMINAL_PLAYER_ID``."""
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def is_player_node(self) -> bool: ...
    def is_simultaneous_node(self) -> bool:
        """Always ``False``."""
    def legal_actions(self, player: int | None = None) -> list[int]:
        """Legal action ids, ascending (outcome ids at a chance node); empty
        for a ``player`` not to move."""
    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """One 0/1 flag per action id."""
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(outcome_id, probability)`` pairs; empty unless at a chance node."""
    def chance_outcomes_exact(self) -> list[tuple[int, Fraction]]:
        """``chance_outcomes()`` with exact probabilities."""
    def apply_action(self, action: int, player: int | None = None) -> None:
        """Applies an action id, or an outcome id at a chance node, as
        ``player`` if given. Raises ``IllegalActionError`` (the state is then
        unchanged)."""
    def is_mean_field_node(self) -> bool:
        """Always ``False``."""
    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """Where the game type provides it (games of perfect information,
        Liar's Dice): the observation tensor, a list as pyspiel returns."""
    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> State:
        """A state ``player_id`` cannot tell from this one, hidden things
        drawn afresh in the present and the past: the same
        ``information_state_string(player_id)`` and ``observation_string``."""
    def apply_sampled_chance(self, rng: DiceRng) -> int:
        """Draws the chance outcome from ``rng``, applies it, returns its id."""
    def child(self, action: int) -> State: ...
    @overload
    def action_to_string(self, action: int) -> str: ...
    @overload
    def action_to_string(self, player: int, action: int) -> str: ...
    @overload
    def string_to_action(self, text: str) -> int: ...
    @overload
    def string_to_action(self, player: int, text: str) -> int: ...
    def returns(self) -> list[float]:
        """Each seat's return at the end, as the game declares them: its share of the victory, or in a zero-sum game its score (Liar's Dice: +1 and -1); zeros before."""
    def rewards(self) -> list[float]:
        """The returns: rewards come only at the end."""
    def player_return(self, player: int) -> float: ...
    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s view (default: the player to move; ``SPECTATOR``: the
        public one) as a flat list of floats, as pyspiel returns it."""
    def observation_string(self, player: int | None = None) -> str:
        """``player``'s view as JSON."""
    def information_state_string(self, player: int | None = None) -> str:
        """``player``'s history as JSON: all that seat has seen; in Liar's
        Dice, OpenSpiel's string (its dice sorted, then the bids)."""
    def history(self) -> list[int]:
        """Every id applied, decisions and chance outcomes."""
    def history_str(self) -> str:
        """The ids applied, as OpenSpiel writes them: ``"2, 4, 3"``."""
    def move_number(self) -> int: ...
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int: ...
    def get_game(self) -> Game: ...
    def clone(self) -> State: ...
    def serialize(self) -> str:
        """The record (config and log) as JSON; ``Game.deserialize_state``
        reads it."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: Any) -> State: ...

@final
class RandomGames:
    """What ``play_random_games`` played: one row per seed."""

    @property
    def returns(self) -> npt.NDArray[np.float64]:
        """``(count, players)``; ``nan`` rows for games stopped at ``max_steps``."""
    @property
    def lengths(self) -> npt.NDArray[np.int64]:
        """``(count,)``: steps of each game (decisions and chance events)."""
    @property
    def finished(self) -> npt.NDArray[np.bool_]:
        """``(count,)``: which games reached their end."""
    @property
    def steps(self) -> int: ...
    @property
    def seed(self) -> int:
        """Game ``i`` was seeded ``seed + i``."""
    def __len__(self) -> int: ...

@final
class StateBatch:
    """``size`` games side by side, stepped with one call; chance is resolved
    in Rust (state ``i`` draws from ``DiceRng(seed + i)``)."""

    def __new__(cls, game: Game | str, size: int, seed: int = 0) -> StateBatch: ...
    def __len__(self) -> int: ...
    def get_game(self) -> Game: ...
    def current_players(self) -> npt.NDArray[np.int64]: ...
    def is_terminal(self) -> npt.NDArray[np.bool_]: ...
    def legal_actions_mask(self) -> npt.NDArray[np.int8]:
        """``(size, num_distinct_actions)``."""
    def observation_tensors(self, player: int | None = None) -> npt.NDArray[np.float32]:
        """``(size, observation_tensor_size)``; by default each state's player
        to move (the spectator's view for a game that is over)."""
    def returns(self) -> npt.NDArray[np.float64]:
        """``(size, players)``; zeros for a game not over."""
    def apply_actions(self, actions: Any) -> None:
        """One action id per state (ignored for a game that is over); all are
        checked before any is applied."""
    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal id per state (-1 for a game over)."""
    def reset_terminal(self) -> list[int]:
        """New games where games are over; returns their indices."""
    def state(self, index: int) -> State: ...

@final
class RolloutEvaluator:
    """OpenSpiel's ``RandomRolloutEvaluator`` with its rollouts in Rust."""

    def __new__(cls, n_rollouts: int = 1, seed: int = 0) -> RolloutEvaluator: ...
    def evaluate(self, state: State) -> npt.NDArray[np.float64]:
        """The rollouts' mean returns, one per seat."""
    def prior(self, state: State) -> list[tuple[int, float]]:
        """Uniform over legal actions; the chance outcomes at a chance node."""

def load_game(name: str, params: dict[str, Any] | None = None) -> Game:
    """``load_game("armadora(players=3)")`` or ``load_game("pig", {"players": 3})``.
    Raises ``GameLoadError`` naming the bad parameter."""

def load_game_json(name: str, config_json: str) -> Game: ...
def game_names() -> list[str]: ...
def play_random_games(
    game: Game | str,
    count: int,
    seed: int = 0,
    max_steps: int = 1_000_000,
    threads: int = 1,
) -> RandomGames:
    """Plays ``count`` random games in Rust (game ``i`` seeded ``seed + i``),
    releasing the interpreter; results do not depend on ``threads``."""

def _restore_state(name: str, config_json: str, record_json: str) -> State: ...
