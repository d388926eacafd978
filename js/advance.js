// What every table does between people's moves: chance is drawn and bots
// move until a person is to move or the game is over.

/**
 * Draws chance from `rng` and lets each seat's bot (`bots[seat]`; `null`
 * or missing for a person) move as that seat, until a seat with no bot is
 * to move or the game is over. Returns the steps taken.
 */
export function advance(state, bots, rng) {
  let steps = 0;
  while (!state.isTerminal()) {
    if (state.isChanceNode()) {
      state.applySampledChance(rng);
    } else {
      const seat = state.currentPlayer();
      const bot = bots[seat];
      if (!bot) break;
      state.applyAction(bot.choose(state, seat, rng), seat);
    }
    steps++;
  }
  return steps;
}
