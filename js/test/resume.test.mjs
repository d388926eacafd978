// Records saved and resumed exactly: a game saved halfway, read back and
// played on ends as the uninterrupted one does.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as te from "../node.js";
import { fixtures, playOn } from "./play.mjs";

for (const { game: text, seed, record } of fixtures) {
  test(`${text}: saved at every tenth of the game, resumed, same end`, () => {
    const game = te.loadGame(text);
    const total = JSON.parse(record).log.length;
    for (const fraction of [0, 0.3, 0.7]) {
      const rng = new te.DiceRng(seed);
      const state = playOn(te, game.newInitialState(), rng, { steps: Math.floor(total * fraction) });
      const saved = state.serialize();
      const asText = game.deserializeState(saved);
      const asObject = game.deserializeState(state.toRecord());
      assert.equal(asText.serialize(), saved);
      assert.equal(asObject.serialize(), saved);
      assert.deepEqual(asText.historyIds(), state.historyIds());
      assert.equal(JSON.stringify(asText.view(te.SPECTATOR)), JSON.stringify(state.view(te.SPECTATOR)));
      assert.equal(asText.toString(), state.toString());
      playOn(te, asText, rng);
      assert.equal(asText.serialize(), record);
    }
  });
}
