"""Shared fixtures: every registered game, by name."""

from __future__ import annotations

import pytest

import tabletop_engines as te


@pytest.fixture(params=te.game_names())
def game_name(request: pytest.FixtureRequest) -> str:
    """Each game ``load_game`` knows, so every test covers every game."""
    return request.param


@pytest.fixture
def game(game_name: str) -> te.Game:
    return te.load_game(game_name)
