"""The Ray example generates the same self-play games on a local Ray
instance as in this process, and its records replay."""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
import ray

import tabletop_engines as te

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ray_selfplay", EXAMPLES / "ray_selfplay.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def example() -> Iterator[ModuleType]:
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    # The workers import the example by name, as a cluster's would from
    # their working directory.
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        runtime_env={"env_vars": {"PYTHONPATH": str(EXAMPLES)}},
    )
    try:
        yield load_example()
    finally:
        ray.shutdown()


def test_seeds_split_into_tasks_cover_every_game_once(example: ModuleType) -> None:
    parts = example.chunks(10, 25, 4)
    assert [s for part in parts for s in part] == list(range(10, 35))
    assert len(parts) <= 4
    assert example.chunks(0, 3, 10) == [range(0, 1), range(1, 2), range(2, 3)]


def test_ray_tasks_play_the_games_this_process_plays(example: ModuleType) -> None:
    game = "pig(players=3,target=20)"
    games = example.generate(game, 24, 4, first_seed=100)
    assert [g["seed"] for g in games] == list(range(100, 124))
    assert games == example.self_play(game, range(100, 124))
    loaded = te.load_game(game)
    for played in games:
        state = loaded.deserialize_state(played["record"])
        assert state.is_terminal()
        assert state.returns() == played["returns"]
        assert state.move_number() == played["length"]


def test_the_script_writes_one_line_per_game(example: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "games.jsonl"
    assert example.main(["--game", "pig(target=15)", "--games", "10", "--tasks", "3", "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 10
    assert [json.loads(line)["seed"] for line in lines] == list(range(10))
    assert "10 games of pig(target=15)" in capsys.readouterr().out


def test_a_bad_game_string_fails_before_any_task(example: ModuleType) -> None:
    with pytest.raises(te.GameLoadError, match="targte"):
        example.generate("pig(targte=3)", 4, 2)
