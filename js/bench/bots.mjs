// How long each bot thinks over a move, for the offline tables, which run
// the bots on the page's thread: every game's bots on every seat, MCTS at
// the tables' 200 iterations, over the first 60 decisions of one game
// (seed 7). Prints the mean and the longest move in milliseconds.
//
//   node bench/bots.mjs             (from js/, after npm run build)
import { DiceRng, gameNames, loadGame } from "../node.js";

/** The MCTS iterations web/table.js and the server's offline table give. */
const MCTS_ITERATIONS = 200;
const DECISIONS = 60;

for (const name of gameNames()) {
  const game = loadGame(name);
  for (const botName of game.botNames()) {
    const bot = game.newBot(botName, botName.endsWith("mcts") ? MCTS_ITERATIONS : undefined);
    const state = game.newInitialState();
    const rng = new DiceRng(7n);
    let longest = 0;
    let total = 0;
    let moves = 0;
    while (!state.isTerminal() && moves < DECISIONS) {
      if (state.isChanceNode()) {
        state.applySampledChance(rng);
        continue;
      }
      const seat = state.currentPlayer();
      const started = performance.now();
      const id = bot.choose(state, seat, rng);
      const took = performance.now() - started;
      longest = Math.max(longest, took);
      total += took;
      moves++;
      state.applyAction(id, seat);
    }
    console.log(`${name} ${botName}: ${moves} moves, mean ${(total / moves).toFixed(1)} ms, longest ${longest.toFixed(1)} ms`);
  }
}
