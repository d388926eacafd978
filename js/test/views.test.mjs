// Views do not leak: twins a seat cannot tell apart (the hidden parts drawn
// afresh with resampleHidden) give it byte-identical views, histories,
// updates, tensors and legal actions.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as te from "../node.js";
import { playOn } from "./play.mjs";

const hidden = ["armadora", "armadora(players=3)", "era", "era(players=3)", "age-of-war"];

for (const text of hidden) {
  test(`${text}: twins give each seat identical views`, () => {
    const rng = new te.DiceRng(21);
    const game = te.loadGame(text);
    let differed = 0;
    let compared = 0;
    for (let round = 0; round < 6; round++) {
      const state = playOn(te, game.newInitialState(), rng, { steps: 20 + 15 * round });
      if (state.isTerminal()) continue;
      for (let seat = 0; seat < game.numPlayers(); seat++) {
        for (let k = 0; k < 3; k++) {
          const twin = state.resampleHidden(seat, rng);
          if (twin.toString() !== state.toString()) differed++;
          compared++;
          assert.equal(JSON.stringify(twin.view(seat)), JSON.stringify(state.view(seat)));
          assert.deepEqual(twin.observationTensor(seat), state.observationTensor(seat));
          assert.deepEqual(twin.legalFor(seat), state.legalFor(seat));
          assert.equal(
            JSON.stringify(twin.update(seat, 0).view),
            JSON.stringify(state.update(seat, 0).view),
          );
          assert.equal(JSON.stringify(twin.view(te.SPECTATOR)), JSON.stringify(state.view(te.SPECTATOR)));
          twin.free();
        }
      }
    }
    assert.ok(compared > 0);
    // The twins really hid something from someone: otherwise the test proves nothing.
    if (!text.startsWith("age-of-war")) assert.ok(differed > 0, `${text}: no twin differed`);
  });
}

test("a seat's history is the same for twins made at the start of a hand", () => {
  const game = te.loadGame("armadora");
  const rng = new te.DiceRng(5);
  const state = playOn(te, game.newInitialState(), rng, { steps: 10 });
  const seat = 0;
  const a = state.history(seat);
  const b = state.clone().history(seat);
  assert.deepEqual(a, b);
  assert.equal(a.viewer.seat, seat);
  // A spectator sees no warrior values that a seat keeps to itself.
  const spectator = JSON.stringify(state.history(te.SPECTATOR));
  const full = state.serialize();
  assert.notEqual(spectator, full);
  assert.match(full, /"value":\d/);
  assert.doesNotMatch(spectator, /"value":\d/, "a spectator's history shows a hidden value");
});
