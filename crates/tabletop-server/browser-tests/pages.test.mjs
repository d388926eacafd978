// The play page of each title for people who use the keyboard, a screen
// reader or a phone: axe-core finds nothing critical or serious; every
// move has words beside its notation and the game its short rules; the
// moves and the board are one tab stop each, walked with the arrow keys
// and played with Enter; an update leaves focus where it was and the
// page where it was scrolled, the turn line on screen; a phone-sized
// window clips and overlaps nothing; offline, the page says so and offers
// no moves until the connection is back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { WAIT, browserAndServer, seatContext, seq, moves, play, until, drawn, seriousViolations, layoutProblems, tabStops, picker, parsed } from "./lib.mjs";
import en from "../web/i18n/en.js";

const TITLES = [
  { game: "age-of-war(players=2)", name: "age-of-war" },
  { game: "armadora(players=2)", name: "armadora" },
  { game: "era(players=2)", name: "era" },
];

// Unthrottled: the tests' clicks are not paced to the rate limit, which
// the server's own tests cover.
const shared = browserAndServer({ unthrottled: true });

async function seats(game) {
  const answer = await fetch(shared.server.base + "/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game }) });
  const created = await answer.json();
  const people = [];
  for (const s of created.seats) {
    const person = await seatContext(shared.browser, { viewport: { width: 1280, height: 800 } });
    await person.page.goto(shared.server.base + s.link);
    await person.page.waitForSelector("body[data-seq]");
    people.push(person);
  }
  await until(async () => (await Promise.all(people.map((p) => moves(p.page)))).some((l) => l.length), "a seat to move");
  const legal = await Promise.all(people.map((p) => moves(p.page)));
  const mover = legal.findIndex((l) => l.length);
  return { id: created.id, links: created.seats.map((s) => s.link), mover: people[mover], waiter: people[1 - mover], people };
}

/** Runs `play` on a new match of `game`, one page a seat (see `seats`);
 * then no page has logged an error, and every page is closed whatever
 * happened. */
async function atTable(game, play) {
  const table = await seats(game);
  try {
    await play(table);
    for (const p of table.people) assert.deepEqual(p.errors, [], "no console errors");
  } finally {
    for (const p of table.people) await p.context.close();
  }
}

for (const title of TITLES) {
  test(`${title.name}: accessible, words beside every move, keyboard play, focus and scroll kept, a phone, offline`, () =>
    atTable(title.game, async ({ links, mover, waiter, people }) => {
      for (const p of people) assert.deepEqual(await seriousViolations(p.page), [], `axe on the play page (${title.name})`);
      // Words beside each notation, and the rules folded away.
      const legal = await moves(mover.page);
      assert.ok(legal.length > 0 && legal.every((m) => m.words.length > m.text.length / 2), JSON.stringify(legal.slice(0, 3)));
      await mover.page.click("#help summary");
      assert.ok((await mover.page.locator("#help p").count()) >= 2, "the rules in a few paragraphs");
      assert.ok((await mover.page.locator("#help dt").count()) >= 3, "a legend");
      assert.deepEqual(await seriousViolations(mover.page), [], "axe with the rules open");

      // Keyboard: the moves are one tab stop, whatever their number.
      const stops = await tabStops(mover.page);
      assert.ok(stops < 30, `${stops} tab stops`);
      const tabbable = await mover.page.$$eval("#moves button.move", (bs) => bs.filter((b) => b.tabIndex === 0).length);
      assert.equal(tabbable, 1, "one move in the tab order");
      await mover.page.keyboard.press("m");
      const first = await mover.page.evaluate(() => document.activeElement?.dataset.action);
      assert.ok(first !== undefined, "m focuses a move");
      if (legal.length > 1) {
        await mover.page.keyboard.press("End");
        const last = await mover.page.evaluate(() => document.activeElement?.dataset.action);
        assert.equal(last, String(legal.at(-1).id), "End: the last move");
        await mover.page.keyboard.press("ArrowUp");
        assert.equal(await mover.page.evaluate(() => document.activeElement?.dataset.action), String(legal.at(-2).id), "ArrowUp: the one before");
      }
      // The board is one tab stop too, walked with the arrows.
      const onBoard = await mover.page.$$eval("#board button", (bs) => bs.length);
      if (onBoard > 1) {
        await mover.page.keyboard.press("b");
        const from = await mover.page.evaluate(() => document.activeElement?.dataset.key);
        assert.ok(from, "b focuses the board");
        await mover.page.keyboard.press("ArrowRight");
        const to = await mover.page.evaluate(() => document.activeElement?.dataset.key);
        assert.ok(to && to !== from, `an arrow moves on the board (${from} → ${to})`);
        assert.equal(await mover.page.$$eval("#board button", (bs) => bs.filter((b) => b.tabIndex === 0).length), 1);
      }

      // The other seat reads its history, scrolled down the page: the
      // update leaves both where they were, and the turn line on screen.
      await waiter.page.setViewportSize({ width: 1280, height: 480 });
      await waiter.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await waiter.page.focus("#history");
      const scrolled = await waiter.page.evaluate(() => window.scrollY);
      const before = await seq(waiter.page);
      await mover.page.keyboard.press("m");
      await mover.page.keyboard.press("Enter");
      await until(async () => (await seq(waiter.page)) !== before, "the other seat told of the move");
      await drawn(waiter.page);
      assert.equal(await waiter.page.evaluate(() => document.activeElement?.id), "history", "focus stays on the history");
      assert.equal(await waiter.page.evaluate(() => window.scrollY), scrolled, "the page did not scroll");
      const line = await waiter.page.evaluate(() => {
        const r = document.getElementById("status").getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, height: window.innerHeight };
      });
      assert.ok(scrolled > 0 && line.top >= 0 && line.bottom <= line.height, `the turn line on screen: ${JSON.stringify(line)}`);
      // The mover's focus stayed in its moves, not on the page's top.
      assert.notEqual(await mover.page.evaluate(() => document.activeElement?.tagName), "BODY", "focus lost after playing");

      // A phone: nothing wider than the screen, clipped or overlapping.
      for (const p of people) await drawn(p.page);
      for (const p of people) {
        await p.page.setViewportSize({ width: 390, height: 844 });
        assert.deepEqual(await layoutProblems(p.page), [], `${title.name} on a phone`);
      }
      assert.deepEqual(await seriousViolations(people[0].page), [], "axe on a phone");

      // Offline: said so, no moves offered; back, the table again.
      const context = await shared.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
      try {
        const page = await context.newPage();
        const link = links[people.indexOf(mover)];
        await page.goto(shared.server.base + link);
        await page.waitForSelector("body[data-connected=true]");
        await context.setOffline(true);
        await page.evaluate(() => window.dispatchEvent(new Event("offline")));
        await page.waitForSelector("body[data-connected=false]");
        assert.equal(await page.textContent("#status"), en["status.offline"]);
        assert.equal(await page.locator("#moves button.move").count(), 0);
        assert.equal(await page.isVisible("#typed"), false);
        await context.setOffline(false);
        await page.waitForSelector("body[data-connected=true]", { timeout: WAIT });
        assert.notEqual(await page.textContent("#status"), en["status.offline"]);
      } finally {
        await context.close();
      }
    }));
}

/** Plays seeded moves on whichever page offers some, until `done()` or
 * the end; bounded in moves. */
async function playUntil(people, done, what, max = 600) {
  const pick = picker(11);
  for (let n = 0; n < max; n++) {
    if (await done()) return;
    const over = await Promise.all(people.map((p) => p.page.evaluate(() => document.body.dataset.over === "true")));
    if (over.every(Boolean)) return;
    await until(async () => (await Promise.all(people.map((p) => moves(p.page)))).some((l) => l.length), "a seat to move");
    const legal = await Promise.all(people.map((p) => moves(p.page)));
    const mover = legal.findIndex((l) => l.length);
    await play(people[mover].page, legal[mover][pick(legal[mover].length)]);
  }
  assert.fail(`${what} within ${max} moves`);
}

/** The running score in the players' table: each seat's total and its
 * parts line. */
const runningScore = (page) => page.$$eval("#players tr[data-seat] td.score-now", (tds) => tds.map((td) => ({
  total: Number(td.querySelector(".total").textContent),
  parts: td.querySelector(".parts")?.textContent ?? "",
})));

test("era 23 to 27: the running score is the final formula so far, part by part, the server's scoreboard", () =>
  atTable("era(players=2)", async ({ people }) => {
    const board = () => parsed(people[0]).filter((f) => f.update).at(-1)?.update.scoreboard ?? null;
    await playUntil(people, async () => board() !== null && (board().parts ?? []).some((p) => p.points[0] !== 0), "a scoreboard with a part");
    await until(async () => (await seq(people[0].page)) === parsed(people[0]).filter((f) => f.update).at(-1).seq, "the page drawn");
    const sent = board();
    const shown = await runningScore(people[0].page);
    assert.deepEqual(shown.map((s) => s.total), sent.totals, "the page's running score is the server's scoreboard");
    const header = await people[0].page.textContent("#players tr:first-child");
    assert.ok(!header.includes("culture −"), `no longer culture less disasters: ${header}`);
    for (const p of sent.parts.filter((p) => p.points[0] !== 0)) {
      assert.ok(shown[0].parts.includes(en["part." + p.name]), `${p.name} in "${shown[0].parts}"`);
    }
  }));

test("pig: the generic drawing in the view's declared order, the seats' records as a table", () =>
  atTable("pig(players=2)", async ({ people }) => {
    const page = people[0].page;
    const labels = await page.$$eval("#board dl.generic > dt", (dts) => dts.map((d) => d.textContent));
    // Declared: config, scores, current, turn_total, rolled, rolling (the
    // wire sorts them: config, current, rolled, rolling, scores, turn_total).
    const order = ["field.config", "field.current", "field.turn_total", "field.rolled", "field.rolling"].map((k) => labels.indexOf(en[k].charAt(0).toUpperCase() + en[k].slice(1)));
    assert.ok(order.every((i, n) => i >= 0 && (n === 0 || i > order[n - 1])), `declared order: ${JSON.stringify(labels)}`);
    const header = await page.$$eval("#board .seat-table:not(.scoreboard) tr:first-child th", (ths) => ths.map((th) => th.textContent));
    assert.ok(header.some((h) => h.toLowerCase() === en["field.scores"]), `points banked by seat: ${JSON.stringify(header)}`);
    assert.equal(await page.locator("#board .seat-table:not(.scoreboard) tr[data-seat]").count(), 2);
    assert.equal(await page.locator("#board .scoreboard tr[data-seat]").count(), 2, "the scoreboard drawn");
    assert.deepEqual(await seriousViolations(page), [], "axe on the generic drawing");
  }));

test("a game with a per-seat score sheet, drawn by the generic drawing from its schema", async () => {
  const context = await shared.browser.newContext({ locale: "en-US" });
  try {
    const page = await context.newPage();
    await page.goto(shared.server.base + "/");
    const drawn_ = await page.evaluate(async () => {
      const generic = await import("/web/generic.js");
      const schema = {
        required: ["round", "sheets", "bonus"],
        properties: { round: { title: "Round" }, sheets: { type: "array", items: { $ref: "#/$defs/Sheet" } }, bonus: { title: "Bonus box" } },
        $defs: { Sheet: { required: ["ones", "twos", "total"], properties: { ones: { title: "Ones" }, twos: { title: "Twos" }, total: { title: "Sheet total" } } } },
      };
      // The wire's order: keys sorted.
      const view = { bonus: null, round: 3, sheets: [{ ones: 3, total: 3, twos: null }, { ones: 2, total: 8, twos: 6 }] };
      const scoreboard = { unit: "points", totals: [3, 8], parts: [{ name: "ones", points: [3, 2] }, { name: "twos", points: [0, 6] }] };
      const node = generic.draw({ game: "yacht", view, schema, scoreboard, players: 2, seat: 0, names: [], seats: ["person", "person"] });
      document.body.append(node);
      const rows = (sel) => [...node.querySelectorAll(sel + " tr")].map((tr) => [...tr.children].map((c) => c.textContent));
      return { labels: [...node.querySelectorAll("dl.generic > dt")].map((d) => d.textContent), values: [...node.querySelectorAll("dl.generic > dd")].map((d) => d.textContent), sheet: rows(".seat-table:not(.scoreboard)"), scores: rows(".scoreboard") };
    });
    assert.deepEqual(drawn_.labels, ["Round", "Bonus box"], "the declared order, the schema's titles");
    assert.deepEqual(drawn_.values, ["3", en["generic.none"]], "an unused entry says so");
    assert.deepEqual(drawn_.sheet[0], [en["result.seat"], "Ones", "Twos", "Sheet total"]);
    assert.deepEqual(drawn_.sheet[1], ["Player 0 (you)", "3", en["generic.none"], "3"]);
    assert.deepEqual(drawn_.sheet[2], ["Player 1", "2", "6", "8"]);
    assert.deepEqual(drawn_.scores.map((r) => r.at(-1)), [en["unit.points"], "3", "8"], "the scoreboard's totals");
  } finally {
    await context.close();
  }
});

test("liars-dice: cups, pips, the bid in words, a bid picker, the call lifting every cup, in en/es/pl", () =>
  atTable("liars-dice(players=2,numdice=2)", async ({ people, mover, waiter }) => {
    const me = mover;
    // Your dice as pips under your lifted cup; the other cup closed with
    // its count, no face shown.
    const mine = await me.page.$$eval("#board .cup-seat.lifted .pips", (ds) => ds.map((d) => Number(d.dataset.face)));
    assert.equal(mine.length, 2, "two dice of mine drawn");
    const view = parsed(me).filter((f) => f.update).at(-1).update.view;
    const seat = view.viewer.seat;
    assert.deepEqual(mine, view.hands[seat].faces, "my dice as rolled");
    assert.equal(await me.page.locator("#board .cup-seat:not(.lifted)").count(), 1, "the other cup closed");
    assert.match(await me.page.textContent("#board .cup-seat:not(.lifted) .under"), /^2 dice under the cup$/);
    assert.equal(await me.page.locator("#board .cup-seat:not(.lifted) .pips").count(), 0, "no die of the other drawn");
    // The picker: a count, then a face; not a button per bid.
    assert.equal(await me.page.locator("#moves select#ld-count").count(), 1, "a count to choose");
    const buttons = await me.page.locator("#moves button.move").count();
    assert.ok(buttons <= 7, `${buttons} move buttons`);
    await me.page.selectOption("#ld-count", "2");
    const legal = await moves(me.page);
    const fives = legal.find((m) => m.text === "2-5");
    assert.ok(fives && fives.words === "two fives", JSON.stringify(legal));
    await play(me.page, fives);
    await until(async () => (await waiter.page.textContent("#board .bid-words")).startsWith("two fives"), "the bid told");
    assert.ok((await waiter.page.textContent("#history")).includes("bids two fives"), "the bid in the history's words");
    const size = await waiter.page.$eval("#board .bid-words", (p) => parseFloat(getComputedStyle(p).fontSize));
    assert.ok(size >= 24, `the standing bid large (${size}px)`);
    // The call: every cup lifted, the count of that face, who lost.
    const call = (await moves(waiter.page)).find((m) => m.text === "Liar");
    assert.ok(call, "liar offered");
    await play(waiter.page, call);
    for (const p of people) {
      await p.page.waitForSelector("#board .loser");
      assert.equal(await p.page.locator("#board .cup-seat.lifted").count(), 2, "every cup lifted");
      const end = parsed(p).filter((f) => f.update).at(-1).update;
      const faces = end.view.hands.flatMap((h) => h.faces);
      const n = faces.filter((f) => f === 5 || f === 6).length;
      assert.equal(await p.page.locator("#board .pips.counts").count(), n, "the dice that count marked");
      const holds = n >= 2;
      assert.match(await p.page.textContent("#board .showdown"), holds ? /the bid holds/ : /the bid fails/);
      const loser = end.result.scores.indexOf(-1);
      assert.ok((await p.page.textContent("#board .loser")).startsWith(`Player ${loser}`), "who lost a die");
    }
    assert.deepEqual(await seriousViolations(me.page), [], "axe on Liar's Dice");
    // Help, legend and narration in Spanish and Polish.
    for (const [lang, words] of [["es", /apuesta/], ["pl", /zgłasza/]]) {
      await me.page.selectOption("#language", lang);
      await drawn(me.page);
      const help = await me.page.textContent("#help");
      const history = await me.page.textContent("#history");
      assert.ok(!/\b(rolls|bids|calls|the bid)\b/.test(help + history), `${lang}: no English left: ${history}`);
      assert.match(history, words, `${lang}: the history in words`);
      assert.ok((await me.page.locator("#help dt").count()) >= 3, `${lang}: a legend`);
      assert.deepEqual(await seriousViolations(me.page), [], `axe in ${lang}`);
    }
  }));

test("pig: on a phone scrolled down to the history, the end says who won where the reader is", () =>
  atTable("pig(players=2,target=3)", async ({ people }) => {
    for (const p of people) await p.page.setViewportSize({ width: 390, height: 480 });
    // Both read the history at the bottom of the page when the game ends.
    for (const p of people) await p.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await playUntil(people, async () => false, "the end", 400);
    const result = parsed(people[0]).filter((f) => f.update).at(-1).update.result;
    for (const [seat, p] of people.entries()) {
      await p.page.waitForSelector("body[data-over=true]");
      await drawn(p.page);
      const won = result.winners[0] === seat ? en["result.youWin"] : en["result.wins1"](`Player ${result.winners[0]}`);
      assert.equal(await p.page.textContent("#status"), `${en["status.over"]} ${won}`, "who won, in the turn line");
      const line = await p.page.evaluate(() => {
        const r = document.getElementById("status").getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, height: window.innerHeight, scrolled: window.scrollY };
      });
      assert.ok(line.scrolled > 0 && line.top >= 0 && line.bottom <= line.height, `the turn line in view, the page still scrolled down: ${JSON.stringify(line)}`);
    }
  }));
