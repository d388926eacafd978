// What every table does between people's moves: chance is drawn and bots
// move until a person is to move or the game is over.

/**
 * Whether `advance` has a step to take: the game is not over, and chance
 * is to be drawn or the seat to move has a bot (`bots[seat]`).
 */
export function needsAdvance(state, bots) {
  if (state.isTerminal()) return false;
  return state.isChanceNode() || Boolean(bots[state.currentPlayer()]);
}

/**
 * Draws chance from `rng` and lets each seat's bot (`bots[seat]`; `null`
 * or missing for a person) move as that seat, until a seat with no bot is
 * to move, the game is over or `limit` steps are taken (no limit unless
 * given). Returns the steps taken. The game is the same however it is
 * cut into calls.
 */
export function advance(state, bots, rng, limit = Infinity) {
  let steps = 0;
  while (steps < limit && needsAdvance(state, bots)) {
    if (state.isChanceNode()) {
      state.applySampledChance(rng);
    } else {
      const seat = state.currentPlayer();
      state.applyAction(bots[seat].choose(state, seat, rng), seat);
    }
    steps++;
  }
  return steps;
}

/**
 * `advance` for up to `ms` milliseconds (of `performance.now()`): steps
 * until none is left or the time is up, one at least when there is one.
 * Returns the steps taken. A page calls it once a frame while
 * `needsAdvance` holds, drawing in between, so that it answers while bots
 * think and shows a game of bots as it goes.
 */
export function advanceFor(state, bots, rng, ms) {
  const started = performance.now();
  let steps = 0;
  do {
    steps += advance(state, bots, rng, 1);
  } while (needsAdvance(state, bots) && performance.now() - started < ms);
  return steps;
}
