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
 * given). Returns the steps taken. A page passes 1 and calls again on the
 * next frame while `needsAdvance` holds: it draws every step and stays
 * responsive while bots think, and the game is the same as in one call.
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
