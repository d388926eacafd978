"""``evaluate_bots``: OpenSpiel's ``pyspiel.evaluate_bots`` for this
package's states (pyspiel's own takes only pyspiel's states)."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any

from ._native import CHANCE_PLAYER_ID, DiceRng, State


def _own(bot: Any, method: str) -> Any:
    """``bot.method`` if it is written in Python (not pyspiel's C++ default,
    which accepts only pyspiel's states), else ``None``."""
    found = getattr(type(bot), method, None)
    if found is None or not (inspect.isfunction(found) or inspect.ismethod(found)):
        return None
    return getattr(bot, method)


def evaluate_bots(state: State, bots: Sequence[Any], seed: int) -> list[float]:
    """Plays ``state`` to the end with ``bots[p]`` choosing for seat ``p``
    (its ``step(state)``), chance drawn from ``DiceRng(seed)``; returns the
    returns. Like pyspiel's: every bot is restarted first (``restart_at``
    or ``restart``, when it has one) and told each action taken
    (``inform_action(state, player, action)``, when it has one). ``state``
    itself is left as it is."""
    if len(bots) != state.num_players():
        raise ValueError(f"{len(bots)} bots for {state.num_players()} seats")
    state = state.clone()
    rng = DiceRng(seed)
    for bot in bots:
        restart_at = _own(bot, "restart_at")
        restart = _own(bot, "restart")
        if restart_at is not None:
            restart_at(state)
        elif restart is not None:
            restart()
    while not state.is_terminal():
        if state.is_chance_node():
            player = CHANCE_PLAYER_ID
            before = state.clone()
            action = state.apply_sampled_chance(rng)
        else:
            player = state.current_player()
            before = state.clone()
            action = bots[player].step(state)
            state.apply_action(action, player)
        for bot in bots:
            inform = _own(bot, "inform_action")
            if inform is not None:
                inform(before, player, action)
    return state.returns()
