// The surface: loading, chance outcomes, tensors, bots and batches.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as te from "../node.js";
import { fixtures, playOn } from "./play.mjs";

test("loadGame takes a game string or a name with parameters", () => {
  const a = te.loadGame("armadora(players=3)");
  const b = te.loadGame("armadora", { players: 3 });
  const c = te.loadGame("armadora", '{"players": 3}');
  assert.equal(a.numPlayers(), 3);
  assert.deepEqual(a.config(), b.config());
  assert.deepEqual(b.config(), c.config());
  assert.equal(a.name, "armadora");
  assert.ok(a.minPlayers() <= 3 && a.maxPlayers() >= 3);
});

test("each game's title is its listing's, the one the server's catalogue gives", () => {
  assert.equal(te.loadGame("armadora").title, "Armadöra");
  assert.equal(te.loadGame("era").title, "Era: Medieval Age");
  assert.equal(te.loadGame("liars-dice").title, "Liar's Dice");
});

test("chance outcomes come as [id, probability] and exactly, summing to one", () => {
  for (const name of te.gameNames()) {
    const state = te.loadGame(name).newInitialState();
    const rng = new te.DiceRng(11);
    for (let i = 0; i < 200 && !state.isTerminal(); i++) {
      if (state.isChanceNode()) {
        const outcomes = state.chanceOutcomes();
        const exact = state.chanceOutcomesExact();
        assert.deepEqual(state.legalActions(), outcomes.map(([id]) => id));
        assert.equal(outcomes.length, exact.length);
        let sum = 0;
        for (let k = 0; k < outcomes.length; k++) {
          const [id, p] = outcomes[k];
          const [exactId, { numerator, denominator }] = exact[k];
          assert.equal(id, exactId);
          assert.ok(Math.abs(p - Number(numerator) / Number(denominator)) < 1e-15);
          sum += p;
        }
        assert.ok(Math.abs(sum - 1) < 1e-9, `${name}: ${sum}`);
        state.applySampledChance(rng);
      } else {
        assert.deepEqual(state.chanceOutcomes(), []);
        const legal = state.legalActions();
        state.applyAction(legal[rng.below(legal.length)]);
      }
    }
  }
});

test("observation tensors are Float32Arrays of the layout's size", () => {
  for (const name of te.gameNames()) {
    const game = te.loadGame(name);
    const state = playOn(te, game.newInitialState(), new te.DiceRng(5), { steps: 30 });
    const layout = game.observationTensorLayout();
    const size = layout.reduce((n, b) => n + b.size, 0);
    assert.equal(size, game.observationTensorSize());
    for (let seat = 0; seat < game.numPlayers(); seat++) {
      const tensor = state.observationTensor(seat);
      assert.ok(tensor instanceof Float32Array);
      assert.equal(tensor.length, size);
    }
    assert.equal(state.observationTensor(te.SPECTATOR).length, size);
  }
});

test("legalFor gives the seat to move its actions with their texts", () => {
  const state = playOn(te, te.loadGame("armadora").newInitialState(), new te.DiceRng(2), { steps: 3 });
  const seat = state.currentPlayer();
  const legal = state.legalFor(seat);
  assert.deepEqual(legal.map(([id]) => id), state.legalActions());
  for (const [id, text] of legal) assert.equal(state.stringToAction(text), id);
  assert.deepEqual(state.legalFor((seat + 1) % state.numPlayers()), []);
  assert.deepEqual(state.legalActions((seat + 1) % state.numPlayers()), []);
});

test("a batch of random games inside WebAssembly is seeded and repeatable", () => {
  const game = te.loadGame("armadora");
  const a = game.playRandomGames(7, 50);
  const b = game.playRandomGames(7n, 50);
  assert.deepEqual(a, b);
  assert.equal(a.finished, 50);
  assert.equal(a.unfinished, 0);
  assert.equal(a.seats, 2);
  assert.ok(a.returns instanceof Float64Array);
  assert.equal(a.returns.length, 50 * a.seats);
  // Each game's returns are one state's: played alone, it gives the same.
  for (const i of [0, 17, 49]) {
    const one = game.playRandomGames(7 + i, 1);
    assert.deepEqual([...one.returns], [...a.returns.subarray(i * a.seats, (i + 1) * a.seats)]);
  }
  assert.notDeepEqual(a, game.playRandomGames(8, 50));
  const short = game.playRandomGames(7, 5, 3);
  assert.equal(short.unfinished, 5);
  assert.equal(short.steps, 15);
});

test("every game's bots play a game to the end from their seat's view", () => {
  for (const name of te.gameNames()) {
    const game = te.loadGame(name);
    const bots = game.botNames().filter((b) => b !== "mcts").map((b) => game.newBot(b));
    bots.push(game.newBot("mcts", 20));
    const state = game.newInitialState();
    const rng = new te.DiceRng(3);
    for (let i = 0; i < 20_000 && !state.isTerminal(); i++) {
      if (state.isChanceNode()) state.applySampledChance(rng);
      else {
        const seat = state.currentPlayer();
        const bot = bots[seat % bots.length];
        const id = bot.choose(state, seat, rng);
        assert.ok(state.legalActions().includes(id), `${name} ${bot.name}: ${id}`);
        assert.equal(bot.choose(state, (seat + 1) % state.numPlayers(), rng), undefined);
        state.applyAction(id, seat);
      }
    }
    assert.ok(state.isTerminal(), name);
  }
});

test("the full record's returns match the Rust engine's", () => {
  const { game, record, returns } = fixtures[0];
  assert.deepEqual(te.loadGame(game).deserializeState(record).returns(), returns);
});

test("advance draws chance and moves bots until a person is to move", () => {
  for (const name of te.gameNames()) {
    const game = te.loadGame(name);
    const bots = [null, game.newBot(game.botNames()[0])];
    const state = game.newInitialState();
    const rng = new te.DiceRng(5);
    let people = 0;
    while (!state.isTerminal() && people < 400) {
      te.advance(state, bots, rng);
      if (state.isTerminal()) break;
      assert.equal(state.currentPlayer(), 0, `${name}: stopped for the person`);
      assert.ok(!state.isChanceNode());
      state.applyAction(state.legalActions()[0], 0);
      people++;
    }
    // The same game played by hand, step by step, ends in the same record.
    const again = game.newInitialState();
    const dice = new te.DiceRng(5);
    const bot = game.newBot(game.botNames()[0]);
    while (again.moveNumber() < state.moveNumber()) {
      if (again.isChanceNode()) again.applySampledChance(dice);
      else if (again.currentPlayer() === 0) again.applyAction(again.legalActions()[0], 0);
      else again.applyAction(bot.choose(again, 1, dice), 1);
    }
    assert.equal(again.serialize(), state.serialize(), name);
  }
  const all = te.loadGame("pig");
  const state = all.newInitialState();
  const steps = te.advance(state, [all.newBot("random"), all.newBot("random")], new te.DiceRng(1));
  assert.ok(state.isTerminal() && steps === state.moveNumber());
});

test("advance one step at a time plays the game one call plays, and needsAdvance says when to call", () => {
  for (const name of te.gameNames()) {
    const game = te.loadGame(name);
    const bots = () => [game.newBot("random"), game.newBot("random")];
    const whole = game.newInitialState();
    const steps = te.advance(whole, bots(), new te.DiceRng(9));
    assert.ok(whole.isTerminal(), name);
    const paced = game.newInitialState();
    const pacedBots = bots();
    const rng = new te.DiceRng(9);
    let calls = 0;
    while (te.needsAdvance(paced, pacedBots)) {
      assert.equal(te.advance(paced, pacedBots, rng, 1), 1, `${name}: one step a call`);
      calls++;
    }
    assert.equal(calls, steps, name);
    assert.equal(paced.serialize(), whole.serialize(), name);
    assert.equal(te.advance(paced, pacedBots, rng, 1), 0, `${name}: no step once over`);
    // advanceFor: one step at least however short the time, and all of
    // them given the time; the same game again.
    const timed = game.newInitialState();
    const timedBots = bots();
    const dice = new te.DiceRng(9);
    assert.equal(te.advanceFor(timed, timedBots, dice, 0), 1, name);
    assert.equal(te.advanceFor(timed, timedBots, dice, 60_000), steps - 1, name);
    assert.equal(timed.serialize(), whole.serialize(), name);
    assert.equal(te.advanceFor(timed, timedBots, dice, 60_000), 0, `${name}: no step once over`);
    // A person to move: nothing to advance; chance to draw: something.
    const state = game.newInitialState();
    const people = [null, null];
    while (state.isChanceNode()) state.applySampledChance(rng);
    assert.equal(te.needsAdvance(state, people), false, name);
    assert.equal(te.advance(state, people, rng, 1), 0, name);
    assert.equal(te.needsAdvance(state, [game.newBot("random"), game.newBot("random")]), true, name);
  }
});

test("scoreboard: the running scores a seat's view shows, as the reference server sends them", () => {
  // Pig: the points banked, by seat.
  const pig = te.loadGame("pig").newInitialState();
  assert.deepEqual(pig.scoreboard(0), { unit: "points", totals: [0, 0], parts: [] });
  const rng = new te.DiceRng(3);
  for (let i = 0; i < 40 && !pig.isTerminal(); i++) {
    if (pig.isChanceNode()) pig.applySampledChance(rng);
    else pig.applyAction(pig.legalActions().at(-1));
  }
  const banked = pig.scoreboard(te.SPECTATOR).totals;
  assert.ok(banked.some((n) => n > 0), JSON.stringify(banked));
  assert.deepEqual(pig.scoreboard(0), pig.scoreboard(1), "Pig hides nothing");
  // Armadöra: before the end, the gold already settled (ARM-10), in one part.
  assert.deepEqual(te.loadGame("armadora").newInitialState().scoreboard(0),
    { unit: "gold", totals: [0, 0], parts: [{ name: "settled", points: [0, 0] }] });
  // Era, once its first round is under way: in parts, the totals their sums.
  const era = te.loadGame("era").newInitialState();
  const dice = new te.DiceRng(5);
  let board = null;
  for (let i = 0; i < 400 && !board; i++) {
    if (era.isChanceNode()) era.applySampledChance(dice);
    else era.applyAction(era.legalActions()[0]);
    board = era.scoreboard(te.SPECTATOR);
  }
  assert.ok(board && board.parts.length > 0, "Era's scoreboard in parts");
  board.totals.forEach((total, seat) => assert.equal(total, board.parts.reduce((sum, p) => sum + p.points[seat], 0)));
  assert.throws(() => pig.scoreboard(7), RangeError);
});

test("aow: conquestOdds gives a chance of conquering per legal action of the seat to move, undefined in other games", () => {
  const game = te.loadGame("age-of-war");
  const state = game.newInitialState();
  assert.deepEqual(state.conquestOdds(), [], "nobody is to move at the first roll");
  const rng = new te.DiceRng(7);
  while (state.isChanceNode()) state.applySampledChance(rng);
  const odds = state.conquestOdds();
  assert.deepEqual(odds.map((o) => o.action), state.legalActions());
  for (const { chance, percent } of odds) {
    const [n, d] = chance.split("/").map(BigInt);
    assert.ok(n <= d && d > 0n, chance);
    assert.match(percent, /^\d{1,3}\.\d\d$/);
    // The percentage is the fraction's, to two decimals rounded half up.
    assert.equal(BigInt(percent.replace(".", "")), (n * 20000n / d + 1n) / 2n, `${chance} ${percent}`);
  }
  for (const name of ["pig", "armadora", "era"]) assert.equal(te.loadGame(name).newInitialState().conquestOdds(), undefined, name);
});
