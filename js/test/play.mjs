// How the tests play: chance drawn from a seeded DiceRng, each seat choosing
// legal[rng.below(legal.length)], exactly as tests/records.rs plays the Rust
// engines for test/fixtures/records.json.
import { readFileSync } from "node:fs";

export const fixtures = JSON.parse(
  readFileSync(new URL("./fixtures/records.json", import.meta.url), "utf8"),
);

/** A bound on steps, so a loop that never ends fails instead. */
export const MAX_STEPS = 50_000;

/** Plays `state` on with `rng` for at most `steps` steps, each decision by id or by text. */
export function playOn(te, state, rng, { byText = false, steps = MAX_STEPS } = {}) {
  for (let i = 0; i < steps && !state.isTerminal(); i++) {
    if (state.isChanceNode()) {
      // Chance is drawn, not chosen: its outcome is applied by id (an
      // outcome's text may not tell two outcomes apart).
      state.applySampledChance(rng);
    } else {
      const legal = state.legalActions();
      const id = legal[rng.below(legal.length)];
      if (byText) state.applyActionText(state.actionToString(id));
      else state.applyAction(id);
    }
  }
  return state;
}

/** A game played from the start to the end. */
export function play(te, text, seed, options) {
  const state = te.loadGame(text).newInitialState();
  return playOn(te, state, new te.DiceRng(seed), options);
}
