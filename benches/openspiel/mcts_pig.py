#!/usr/bin/env python3
"""This workspace's MCTS against OpenSpiel's C++ MCTSBot on Pig, in one run.

Both bots search with random rollouts (one per simulation), the same number
of simulations and the same UCT exploration constant, on 2-player Pig to
100 points. Reports each bot's simulations per second on the same positions
and the win rate of each against the other (seats alternate).

Our bot runs in the bench binary `mcts_pig serve` (a line protocol; the time
it reports is the time inside the search, so the pipe is not counted); the
OpenSpiel bot is `pyspiel.MCTSBot` with `pyspiel.RandomRolloutEvaluator`,
`solve=False`, timed around `bot.step`.

Rules: OpenSpiel's Pig lets a player stop before rolling (a pass); ours
(`dice_core::pig`) requires a roll first. Games are refereed on
OpenSpiel's state with our rule: at a turn's start the roll is forced for
both bots (neither is asked). OpenSpiel's search still considers passes
inside its own tree and rollouts. Its returns are -1/+1 where ours are 0/1,
so the same constant explores twice as much in ours, relative to the value
spread.

    bash benches/openspiel/run.sh [--games N] [--simulations N] ...
"""

import argparse
import random
import subprocess
import sys
import time

import pyspiel

ROLL, STOP = 0, 1


class OurBot:
    """`mcts_pig serve`: fed every move and die, asked for a move."""

    def __init__(self, binary, simulations, target, exploration, seed):
        self.proc = subprocess.Popen(
            [binary, "serve", str(simulations), str(target), str(exploration), str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline().strip()
        if reply.startswith("error"):
            raise RuntimeError(f"{line!r}: {reply}")
        return reply

    def stats(self):
        searches, seconds, simulations = self.send("stats").split()
        return int(searches), float(seconds), int(simulations)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


def new_state(game, ours):
    ours.send("new")
    return game.new_initial_state(), 0


def apply(state, turn_total, action, ours):
    """Applies a decision or a die to both states; returns the turn total."""
    if state.is_chance_node():
        face = action + 1
        ours.send(f"die {face}")
        state.apply_action(action)
        return 0 if face == 1 else turn_total + face
    ours.send("roll" if action == ROLL else "hold")
    state.apply_action(action)
    return turn_total if action == ROLL else 0


def draw_die(state, rng):
    outcomes = state.chance_outcomes()
    return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]


def positions(game, count, rng):
    """Decision points with a real choice, from random games: each as the
    list of actions that reach it."""
    found = []
    while len(found) < count:
        state, total, history = game.new_initial_state(), 0, []
        while not state.is_terminal() and len(found) < count:
            if state.is_chance_node():
                action = draw_die(state, rng)
                total = 0 if action == 0 else total + action + 1
            else:
                if total > 0 and rng.random() < 1 / 7:
                    found.append(list(history))
                action = ROLL if total == 0 else rng.choice([ROLL, STOP])
                total = total if action == ROLL else 0
            history.append(action)
            state.apply_action(action)
    return found


def speed(game, bots, theirs, count, rng):
    """Every bot on the same positions: each of ours as (simulations per
    second, simulations), and OpenSpiel's seconds for as many."""
    their_seconds = 0.0
    before = [bot.stats() for bot in bots]
    for history in positions(game, count, rng):
        state = None
        for bot in bots:
            state, total = new_state(game, bot)
            for action in history:
                total = apply(state, total, action, bot)
            bot.send("move")
        start = time.perf_counter()
        theirs.step(state)
        their_seconds += time.perf_counter() - start
    rates = []
    for bot, (_, seconds, simulations) in zip(bots, before):
        _, seconds_after, simulations_after = bot.stats()
        done = simulations_after - simulations
        rates.append((done / (seconds_after - seconds), done))
    return rates, their_seconds


def match(game, ours, theirs, games, rng):
    """Games between the two, seats alternating; our wins."""
    wins = 0
    for g in range(games):
        our_seat = g % 2
        state, total = new_state(game, ours)
        while not state.is_terminal():
            if state.is_chance_node():
                action = draw_die(state, rng)
            elif total == 0:
                action = ROLL  # our rule: a turn starts with a roll
            elif state.current_player() == our_seat:
                action = ROLL if ours.send("move") == "roll" else STOP
            else:
                action = theirs.step(state)
            total = apply(state, total, action, ours)
        wins += state.returns()[our_seat] > 0
    return wins


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", default="target/release/mcts_pig")
    parser.add_argument(
        "--baseline", help="another build of mcts_pig, measured on the same positions in the same run"
    )
    parser.add_argument("--simulations", type=int, default=1000)
    parser.add_argument("--exploration", type=float, default=1.4)
    parser.add_argument("--target", type=int, default=100)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = pyspiel.load_game(
        "pig", {"players": 2, "winscore": args.target, "horizon": 1_000_000}
    )
    evaluator = pyspiel.RandomRolloutEvaluator(1, args.seed)
    theirs = pyspiel.MCTSBot(
        game, evaluator, args.exploration, args.simulations, 1000, False, args.seed, False
    )
    bots = [("ours", OurBot(args.binary, args.simulations, args.target, args.exploration, args.seed))]
    if args.baseline:
        bots.append(
            ("baseline", OurBot(args.baseline, args.simulations, args.target, args.exploration, args.seed))
        )
    rng = random.Random(args.seed)

    print(
        f"Pig, 2 players to {args.target}; {args.simulations} simulations, "
        f"exploration {args.exploration}, random rollouts"
    )
    rates, their_seconds = speed(game, [bot for _, bot in bots], theirs, args.positions, rng)
    their_rate = rates[0][1] / their_seconds
    print(f"positions: {args.positions}")
    for (name, _), (rate, _) in zip(bots, rates):
        print(f"{name + ':':10} {rate:12,.0f} simulations/s ({rate / their_rate:.2f} x openspiel)")
    print(f"openspiel: {their_rate:12,.0f} simulations/s")
    if args.baseline:
        print(f"ours / baseline: {rates[0][0] / rates[1][0]:.2f}")
    if args.games:
        for name, bot in bots:
            wins = match(game, bot, theirs, args.games, rng)
            print(
                f"{name} against openspiel, {args.games} games (seats alternate): "
                f"{name} won {wins} ({100 * wins / args.games:.1f}%), "
                f"openspiel won {args.games - wins} ({100 * (args.games - wins) / args.games:.1f}%)"
            )
    for _, bot in bots:
        bot.close()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
