// Refusals: JavaScript Errors carrying the rule, the state unchanged, and
// nothing that reaches a panic (a trap would be a WebAssembly.RuntimeError).
import { test } from "node:test";
import assert from "node:assert/strict";
import * as te from "../node.js";
import { fixtures, playOn } from "./play.mjs";

/** `fn()` throws an Error named `name` (never a WebAssembly trap). */
function refuses(fn, name, pattern) {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof Error, `not an Error: ${e}`);
    assert.ok(!(e instanceof WebAssembly.RuntimeError), `a trap: ${e.message}`);
    assert.equal(e.name, name, e.message);
    if (pattern) assert.match(e.message, pattern);
    return e;
  }
  assert.fail(`no ${name}`);
}

test("ARM-5: a table size the rules do not seat is refused naming the rule", () => {
  refuses(() => te.loadGame("armadora(players=9)"), "GameLoadError", /ARM-5/);
  refuses(() => te.loadGame("armadora(playrs=3)"), "GameLoadError", /unknown field `playrs`/);
  refuses(() => te.loadGame("chess"), "GameLoadError", /no game is called "chess"/);
  refuses(() => te.loadGame("pig(players=3"), "GameLoadError", /between \( and \)/);
  refuses(() => te.loadGame("pig", 42), "GameLoadError");
  refuses(() => te.loadGame("armadora").newBot("deep-blue"), "GameLoadError", /greedy/);
});

test("an illegal action carries the rule it breaks and changes nothing", () => {
  for (const name of te.gameNames()) {
    const state = playOn(te, te.loadGame(name).newInitialState(), new te.DiceRng(4), { steps: 25 });
    while (state.isChanceNode()) state.applySampledChance(new te.DiceRng(9));
    const before = state.serialize();
    const legal = new Set(state.legalActions());
    let refusedOne = false;
    for (let id = 0; id < state.numDistinctActions(); id++) {
      if (legal.has(id)) continue;
      const e = refuses(() => state.applyAction(id), "IllegalActionError");
      assert.equal(e.actionId, id);
      assert.equal(typeof e.rule, "string");
      assert.ok(e.rule.length > 0);
      refusedOne = true;
      assert.equal(state.serialize(), before);
    }
    assert.ok(refusedOne, name);
  }
});

test("rules are named: ARM rule ids in Armadöra's refusals", () => {
  const state = playOn(te, te.loadGame("armadora").newInitialState(), new te.DiceRng(1), { steps: 6 });
  const legal = new Set(state.legalActions());
  const rules = new Set();
  for (let id = 0; id < state.numDistinctActions(); id++) {
    if (legal.has(id)) continue;
    try { state.applyAction(id); } catch (e) { rules.add(e.rule.match(/ARM-\d+/)?.[0]); }
  }
  rules.delete(undefined);
  assert.ok(rules.size > 0, "no ARM rule named");
});

test("a move as a seat that is not to move names who is", () => {
  const state = playOn(te, te.loadGame("armadora(players=3)").newInitialState(), new te.DiceRng(3), { steps: 4 });
  const seat = state.currentPlayer();
  const other = (seat + 1) % 3;
  const id = state.legalActions()[0];
  const e = refuses(() => state.applyAction(id, other), "IllegalActionError", new RegExp(`player ${seat} is to move`));
  assert.equal(e.actionId, id);
  refuses(() => state.applyAction(id, te.CHANCE_PLAYER_ID), "IllegalActionError", /no chance event/);
  refuses(() => state.applyAction(id, 3), "RangeError", /not a seat/);
  state.applyAction(id, seat);
});

test("ids, seats, seeds and counts that are not what they stand for", () => {
  const game = te.loadGame("pig");
  const state = game.newInitialState();
  for (const bad of [-1, 1.5, NaN, Infinity, 2 ** 32, 2 ** 60, "x", undefined]) {
    refuses(() => state.applyAction(bad), "IllegalActionError", /not an action id/);
    refuses(() => state.actionToString(bad), "IllegalActionError");
  }
  for (const bad of [-2, 2, 0.5, NaN, 1e20]) {
    refuses(() => state.view(bad), "RangeError");
    refuses(() => state.observationTensor(bad), "RangeError");
    refuses(() => state.history(bad), "RangeError");
  }
  for (const bad of [-1, 0.5, NaN, 2 ** 64, -1n, 2n ** 64n, "1", null, {}]) {
    refuses(() => new te.DiceRng(bad), "RangeError");
    refuses(() => game.playRandomGames(bad, 1), "RangeError");
  }
  refuses(() => game.playRandomGames(1, -1), "RangeError");
  refuses(() => game.playRandomGames(1, 1e12), "RangeError");
  refuses(() => new te.DiceRng(1).below(0), "RangeError");
  refuses(() => state.applySampledChance(new te.DiceRng(1)), "IllegalActionError", /no chance event/);
  refuses(() => state.applyActionText("fly"), "IllegalActionError");
  refuses(() => state.stringToAction("fly"), "IllegalActionError");
});

test("a finished game refuses every step", () => {
  const { game, record } = fixtures[0];
  const state = te.loadGame(game).deserializeState(record);
  refuses(() => state.applyAction(0), "IllegalActionError", /the game is over/);
  refuses(() => state.applyActionText("roll"), "IllegalActionError", /the game is over/);
  assert.equal(state.serialize(), record);
});

test("records that are not records of this game and config are refused", () => {
  const armadora = fixtures.find((f) => f.game === "armadora");
  const game = te.loadGame("armadora");
  const rec = JSON.parse(armadora.record);
  refuses(() => game.deserializeState("not json"), "GameLoadError");
  refuses(() => game.deserializeState("{}"), "GameLoadError");
  refuses(() => game.deserializeState(42), "TypeError");
  refuses(() => te.loadGame("pig").deserializeState(armadora.record), "GameLoadError");
  refuses(() => te.loadGame("armadora(players=3)").deserializeState(armadora.record), "GameLoadError", /another config/);
  // A log entry moved: the replay hits a rule.
  const swapped = structuredClone(rec);
  const i = swapped.log.findIndex((e) => "player" in e);
  [swapped.log[i], swapped.log[i + 1]] = [swapped.log[i + 1], swapped.log[i]];
  refuses(() => game.deserializeState(swapped), "GameLoadError");
  // Every truncation of the text is refused or loads a prefix; none traps.
  for (let cut = 0; cut < armadora.record.length; cut += 97) {
    try {
      game.deserializeState(armadora.record.slice(0, cut));
    } catch (e) {
      assert.equal(e.name, "GameLoadError");
    }
  }
});

test("random calls with hostile arguments never trap", () => {
  const rng = new te.DiceRng(99);
  const values = [-6, -4, -1, 0, 1, 2, 3, 7, 1e9, -1e9, 0.5, NaN, Infinity, "a", null, undefined, {}, [], 2n];
  const pick = () => values[rng.below(values.length)];
  for (const name of te.gameNames()) {
    const state = playOn(te, te.loadGame(name).newInitialState(), rng, { steps: 40 });
    const calls = [
      () => state.applyAction(pick(), pick()),
      () => state.applyActionText(String(pick()), pick()),
      () => state.legalActions(pick()),
      () => state.legalFor(pick()),
      () => state.view(pick()),
      () => state.history(pick()),
      () => state.update(pick(), pick()),
      () => state.observationTensor(pick()),
      () => state.actionToString(pick()),
      () => state.resampleHidden(pick(), rng),
    ];
    for (let i = 0; i < 3000; i++) {
      try {
        calls[rng.below(calls.length)]();
      } catch (e) {
        assert.ok(e instanceof Error);
        assert.ok(!(e instanceof WebAssembly.RuntimeError), `${name}: a trap: ${e.message}`);
        assert.ok(["IllegalActionError", "RangeError", "TypeError", "GameLoadError"].includes(e.name), `${e.name}: ${e.message}`);
      }
    }
    // The module still answers after all that.
    assert.ok(te.loadGame(name).newInitialState().legalActions().length > 0);
  }
});
