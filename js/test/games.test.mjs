// Every game played to the end, by id and by text, ends in the record the
// Rust engines write for the same seed and moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as te from "../node.js";
import { fixtures, play } from "./play.mjs";

test("the fixture covers every game", () => {
  const covered = new Set(fixtures.map((f) => te.loadGame(f.game).name));
  assert.deepEqual([...covered].sort(), te.gameNames().sort());
});

for (const { game, seed, record, returns } of fixtures) {
  test(`${game} by id: the Rust engine's final record and returns`, () => {
    const state = play(te, game, seed);
    assert.ok(state.isTerminal());
    assert.equal(state.currentPlayer(), te.TERMINAL_PLAYER_ID);
    assert.equal(state.serialize(), record);
    assert.deepEqual(state.returns(), returns);
    assert.deepEqual(state.legalActions(), []);
  });

  test(`${game} by text: the same game, every decision applied as its text`, () => {
    const state = play(te, game, seed, { byText: true });
    assert.ok(state.isTerminal());
    assert.equal(state.serialize(), record);
  });
}
