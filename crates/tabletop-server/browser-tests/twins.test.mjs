// Twins at the browser edge: two servers with the same test-only dice seed
// run one match each (the same dice, the same first player). Seat 0 plays
// the same clicks in both; seat 1 plays moves that differ only in what
// seat 0 may not know (Armadöra: a warrior's value on the same square;
// Era: the same piece laid out on another cell behind the screen). Every
// frame seat 0's browser context received must be byte-identical in both
// matches (the match id, random per match, written as ID) up to the
// reveal: Armadöra's end, Era's end of the layout. Age of War hides
// nothing, so its twins are the same game, compared over its first 60
// steps (a few battles each way: what more steps would add is the same
// frames again).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startServer, launch, seatContext, seq, moves, play, picker, until, parsed } from "./lib.mjs";

/** Every page of both twins at the same step. */
async function sameStep(a, b) {
  const at = await Promise.all([...a.seats, ...b.seats].map((s) => seq(s.page)));
  return at.every((x) => x === at[0]);
}

const SEED = 20;
const MAX_STEPS = 1_500;
const TITLES = [
  { game: "age-of-war(players=2)", title: "age-of-war", maxSteps: 60 },
  { game: "armadora(players=2)", title: "armadora" },
  { game: "era(players=2)", title: "era" },
];

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function side(game) {
  const server = await startServer({ seed: SEED, unthrottled: true });
  const answer = await fetch(server.base + "/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game }) });
  const m = await answer.json();
  const seats = [];
  for (const s of m.seats) {
    const seat = await seatContext(browser);
    await seat.page.goto(server.base + s.link);
    await seat.page.waitForSelector("body[data-seq]");
    seats.push(seat);
  }
  return { server, id: m.id, seats };
}

/** Seat 1's move in the twin: one seat 0 cannot tell from `move`. */
function twinMove(title, move, legal, view) {
  const same = legal.find((m) => m.text === move.text);
  if (title === "armadora") {
    const w = move.text.match(/^warrior ([a-h][1-5]) (\d)$/);
    if (w) return legal.find((m) => m.text.startsWith(`warrior ${w[1]} `) && m.text !== move.text) ?? same;
  }
  if (title === "era" && view.step && view.step.layout) {
    const p = move.text.match(/^place (\S+) at ([a-i][1-9]) turn (\d)$/);
    if (p) return legal.find((m) => m.text.startsWith(`place ${p[1]} at `) && m.text !== move.text) ?? same;
  }
  return same;
}

const normal = (frames, id) => frames.map((f) => f.split(id).join("ID"));

function revealed(title, frame) {
  if (!frame.update) return false;
  if (title === "armadora") return frame.update.result !== null;
  if (title === "era") return frame.update.view.seats.some((s) => s.seat !== 0 && s.domain !== null);
  return false;
}

async function act(s, i, move) {
  await play(s.seats[i].page, move);
}

for (const { game, title, maxSteps = MAX_STEPS } of TITLES) {
  // The test's own bound only catches a hang; every wait in it is bounded.
  test(`${title}: twins seat 0 cannot tell apart send its browser byte-identical frames`, { timeout: 3_600_000 }, async () => {
    const a = await side(game);
    const b = await side(game);
    try {
      const pick = picker(SEED + title.length);
      let steps = 0;
      for (; steps < maxSteps; steps++) {
        const last = parsed(a.seats[0]).at(-1);
        if (revealed(title, last) || last.update?.result) break;
        // Both sides settle at the same step, then the seat to move acts.
        await until(() => sameStep(a, b), "the twins at the same step");
        const legalA = await Promise.all(a.seats.map((s) => moves(s.page)));
        const legalB = await Promise.all(b.seats.map((s) => moves(s.page)));
        const mover = legalA.findIndex((l) => l.length);
        if (mover < 0) {
          if (await a.seats[0].page.evaluate(() => document.body.dataset.over === "true")) break;
          // A page not drawn yet: waited for, not counted as a step.
          await until(async () => (await Promise.all(a.seats.map((s) => moves(s.page)))).some((l) => l.length) ||
            (await a.seats[0].page.evaluate(() => document.body.dataset.over === "true")), "a seat to move or the end");
          steps -= 1;
          continue;
        }
        assert.ok(legalB[mover].length, `step ${steps}: seat ${mover} to move in both twins`);
        const move = legalA[mover][pick(legalA[mover].length)];
        let other = move;
        if (mover === 0) {
          assert.deepEqual(legalB[0], legalA[0], "seat 0 is offered the same moves");
        } else {
          other = twinMove(title, move, legalB[1], parsed(b.seats[1]).filter((f) => f.update).at(-1).update.view);
          assert.ok(other, `step ${steps}: a twin of ${move.text}`);
        }
        await act(a, mover, move);
        await act(b, mover, other);
      }
      // The last moves' frames in both twins: every page at the same step.
      await until(() => sameStep(a, b), "the twins at the same step");
      // The raw frames (view patches, known texts) up to the first whose
      // rebuilt view reveals what seat 0 could not know.
      const cut = (twin) => {
        const frames = normal(twin.seats[0].frames, twin.id);
        const i = parsed(twin.seats[0]).findIndex((f) => revealed(title, f));
        return i < 0 ? frames : frames.slice(0, i);
      };
      const before = cut(a);
      assert.ok(before.length > 10, `${title}: only ${before.length} frames before the reveal`);
      assert.deepEqual(cut(b), before, "seat 0's frames before the reveal");
      if (title !== "age-of-war") {
        assert.notDeepEqual(normal(a.seats[1].frames, a.id), normal(b.seats[1].frames, b.id), "the twins differ for seat 1");
      }
      for (const s of [...a.seats, ...b.seats]) assert.deepEqual(s.errors, []);
      console.log(`# ${title} twins: ${steps} steps, ${before.length} frames to seat 0 compared byte for byte (${before.reduce((n, f) => n + f.length, 0)} bytes)`);
    } finally {
      for (const s of [a, b]) {
        for (const seat of s.seats) await seat.context.close().catch(() => {});
        await s.server.stop();
      }
    }
  });
}
