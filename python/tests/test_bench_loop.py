"""``bench/bench_loop.py`` compares like with like: each of its games is
the same game on both sides (random games in lockstep with the same ids,
outcomes and returns), and each of its loops plays whole games and counts
every step, chance steps included."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pyspiel
import pytest

import tabletop_engines as te

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import bench_loop  # noqa: E402 - the bench directory is put on the path first


@pytest.mark.parametrize(("title", "ours", "theirs"), bench_loop.GAMES)
def test_each_bench_game_is_the_same_game_on_both_sides(title: str, ours: str, theirs: str) -> None:
    rng = random.Random(3)
    for _ in range(20):
        a = te.load_game(ours).new_initial_state()
        b = pyspiel.load_game(theirs).new_initial_state()
        while not b.is_terminal():
            assert a.current_player() == b.current_player(), title
            if b.is_chance_node():
                outcomes = b.chance_outcomes()
                assert [(x, pytest.approx(p)) for x, p in outcomes] == a.chance_outcomes(), title
                action = rng.choices([x for x, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                assert a.legal_actions() == b.legal_actions(), title
                action = rng.choice(b.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        assert a.is_terminal()
        assert a.returns() == b.returns()


@pytest.mark.parametrize(("title", "ours", "theirs"), bench_loop.GAMES)
def test_each_bench_loop_counts_every_step_of_whole_games(title: str, ours: str, theirs: str) -> None:
    native, spiel = te.load_game(ours), pyspiel.load_game(theirs)
    rng = random.Random(5)
    dice = te.DiceRng(5)
    # Liar's Dice: two rolls and at least one bid before liar is called.
    fewest = 3 if title == "Liar's Dice" else 2
    runs = {
        "pyspiel, chance in Python": bench_loop.play(spiel, 10, rng, bench_loop.PYTHON),
        "pyspiel, sample_action": bench_loop.play(spiel, 10, rng, bench_loop.SAMPLER),
        "ours, chance in Python": bench_loop.play(native, 10, rng, bench_loop.PYTHON),
        "ours, chance in Rust": bench_loop.play(native, 10, rng, bench_loop.RUST, dice),
    }
    for name, steps in runs.items():
        assert steps >= 10 * fewest, name
    recorded = bench_loop._Scripted(native.new_initial_state(), random.Random(0))
    length = len(recorded._lists[0]) - 1
    assert bench_loop.play(recorded, 1, rng, bench_loop.PYTHON) == length
    assert bench_loop.play(recorded, 1, rng, bench_loop.RUST, dice) == length
