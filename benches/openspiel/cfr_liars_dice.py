#!/usr/bin/env python3
"""This workspace's CFR against OpenSpiel's C++ CFRSolver on Liar's Dice,
side by side in one run.

Both run vanilla CFR (alternating updates, regret matching, reach-weighted
average) on `liars_dice(players=2,numdice=1)` for the same iterations. The
iterations alone are timed (the exploitability of the average policy at
each checkpoint is computed outside the timed part, by each side's own
exact best response: `pyspiel.exploitability` for OpenSpiel's). Reports
each side's exploitability at the checkpoints, their largest difference,
and iterations per second of wall and of CPU time (this process's for
OpenSpiel's, the binary's own for ours).

    bash benches/openspiel/run.sh cfr [--iterations N] [--checkpoints 1 10 100]
"""

import argparse
import subprocess
import sys
import time

import pyspiel


def openspiel(numdice, iterations, checkpoints):
    """Runs pyspiel.CFRSolver; returns {checkpoint: exploitability}, wall
    seconds and CPU seconds of the iterations."""
    game = pyspiel.load_game(f"liars_dice(players=2,numdice={numdice})")
    solver = pyspiel.CFRSolver(game)
    found, wall, cpu = {}, 0.0, 0.0
    for i in range(1, iterations + 1):
        w, c = time.perf_counter(), time.process_time()
        solver.evaluate_and_update_policy()
        wall += time.perf_counter() - w
        cpu += time.process_time() - c
        if i in checkpoints:
            found[i] = pyspiel.exploitability(game, solver.average_policy())
    return found, wall, cpu


def ours(binary, numdice, iterations, checkpoints):
    """Runs the bench binary; returns {checkpoint: exploitability} and its
    reported figures."""
    out = subprocess.run(
        [binary, "vanilla", str(numdice), str(iterations), *map(str, checkpoints)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    found, figures = {}, {}
    for line in out.splitlines():
        words = line.split()
        if words[0] == "checkpoint":
            found[int(words[1])] = float(words[2])
        elif len(words) == 2:
            figures[words[0]] = float(words[1])
    return found, figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/cfr_liars_dice")
    parser.add_argument("--numdice", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--checkpoints", type=int, nargs="*", default=[1, 10, 100])
    args = parser.parse_args()
    checkpoints = sorted(c for c in set(args.checkpoints) if c <= args.iterations)

    theirs, their_wall, their_cpu = openspiel(args.numdice, args.iterations, checkpoints)
    mine, figures = ours(args.binary, args.numdice, args.iterations, checkpoints)

    print(f"liars_dice(players=2,numdice={args.numdice}), vanilla CFR, {args.iterations} iterations")
    print(f"{'iterations':>10} {'openspiel':>22} {'ours':>22} {'difference':>12}")
    worst = 0.0
    for c in checkpoints:
        diff = abs(theirs[c] - mine[c])
        worst = max(worst, diff)
        print(f"{c:>10} {theirs[c]:>22.17g} {mine[c]:>22.17g} {diff:>12.3g}")
    print(f"largest difference: {worst:.3g}")
    n = args.iterations
    our_wall, our_cpu = figures["iterate_seconds"], figures["iterate_cpu_seconds"]
    print(f"openspiel: {n / their_wall:10.2f} iterations/s wall, {n / their_cpu:10.2f} /s CPU ({their_cpu / n * 1000:.1f} ms CPU each)")
    print(f"ours:      {n / our_wall:10.2f} iterations/s wall, {n / our_cpu:10.2f} /s CPU ({our_cpu / n * 1000:.2f} ms CPU each; tree laid out in {figures['build_seconds']:.2f} s, not counted)")
    print(f"ours / openspiel: {their_wall / our_wall:.1f}x wall, {their_cpu / our_cpu:.1f}x CPU")
    return 0 if worst < 1e-9 else 1


if __name__ == "__main__":
    sys.exit(main())
