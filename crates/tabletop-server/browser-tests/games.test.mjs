// Every title played to its end by clicking: two people in two browser
// contexts and one bot, one reload and one dropped connection in the
// middle, the final score checked against GET /api/matches/{id}; no hidden
// value in a page's text; no console errors; a screenshot of each board.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OUT, WAIT, startServer, launch, seatContext, seq, moves, play, picker, createInLobby, until, sleep, parsed, seriousViolations, layoutProblems } from "./lib.mjs";

const ONLY = process.env.ONLY;
const TITLES = [
  { game: "age-of-war", players: 3, seats: ["person", "person", "random"], shot: "age-of-war.png" },
  { game: "armadora", players: 3, seats: ["person", "person", "greedy"], shot: "armadora.png" },
  { game: "era", players: 3, seats: ["person", "person", "greedy"], shot: "era.png" },
];
const MAX_DECISIONS = 2_000;
// The test's own bound only catches a hang: the game is bounded in
// decisions, and every wait in it in time.
const HANG_MS = 3_600_000;

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

/** The persons' choice: Age of War takes the move with the best chance
 * of conquering (the page shows it); the others a seeded pick. */
export function choose(game, legal, pick, centre = new Set()) {
  if (game === "age-of-war") {
    // The best chance of conquering a castle still in the centre (so the
    // game ends), else the best chance of any.
    const chance = (m) => m.percent ?? -1;
    const aimed = legal.filter((m) => m.text !== "lose die" && m.percent !== null && centre.has(m.text.split(" ")[1]));
    const pool = aimed.length ? aimed : legal;
    return pool.reduce((best, m) => (chance(m) > chance(best) ? m : best), pool[0]);
  }
  return legal[pick(legal.length)];
}


/** What one seat's page must not show of what the other seat's own view
 * holds before the reveal, checked once both pages have drawn the same
 * step (a bot may still be moving: then the page's drawing is newer than
 * the views compared, and the check is made again at the next step). */
async function noHiddenValues(game, me, other, token) {
  for (let attempt = 0; ; attempt += 1) {
    const at = await settled(me, other);
    try {
      await hiddenAt(game, me, other, token, at);
    } catch (e) {
      if (attempt < 5 && (await seq(me.page)) !== at) continue;
      throw e;
    }
    if ((await seq(me.page)) === at || attempt >= 5) return;
  }
}

/** The step both pages have drawn, once neither has moved on for 100 ms
 * (a heuristic only: a page that moves on later is checked again), for at
 * most the wait. */
async function settled(me, other) {
  const end = Date.now() + WAIT;
  while (Date.now() < end) {
    const a = await seq(me.page);
    if (a === (await seq(other.page))) {
      await sleep(100);
      if (a === (await seq(me.page)) && a === (await seq(other.page))) return a;
    } else {
      await sleep(50);
    }
  }
  throw new Error("the two pages did not draw the same step within the wait");
}

async function hiddenAt(game, me, other, token, at) {
  const text = await me.page.innerText("body");
  assert.ok(!text.includes(token), "a token in the page's text");
  const viewAt = (seat) => parsed(seat).filter((f) => f.update && f.seq <= at).at(-1).update.view;
  const mine = viewAt(me);
  const theirs = viewAt(other);
  if (game === "age-of-war") {
    // Nothing is hidden in Age of War: both seats see the same table.
    assert.deepEqual({ ...mine, viewer: null }, { ...theirs, viewer: null });
  } else if (game === "armadora") {
    if (mine.phase === "over") return;
    const seat = theirs.viewer.seat;
    for (const [sq, w] of Object.entries(theirs.warriors)) {
      if (w.owner !== seat || w.face_up) continue;
      assert.equal(mine.warriors[sq].value, null, `the value on ${sq} in the frame`);
      const cell = me.page.locator(`#board [data-square="${sq}"]`);
      assert.equal(await cell.locator(".warrior").innerText(), "?", `${sq} drawn face down`);
      const label = (await cell.getAttribute("aria-label")) + (await cell.locator(".warrior").getAttribute("title"));
      assert.ok(!/value/.test(label), `${sq}: ${label}`);
    }
  } else if (game === "era") {
    const seat = theirs.viewer.seat;
    const own = theirs.seats[seat];
    const seen = mine.seats[seat];
    const box = me.page.locator(`.domain[data-seat="${seat}"]`);
    if (seen.dice.showing_faces === null && (own.dice.showing_faces ?? []).length) {
      // Dice behind another seat's screen: counted, no face drawn.
      assert.equal(await box.locator(".die").count(), 0, "dice behind another seat's screen drawn");
      // The dice lines of that seat (the grid's marks use letters too).
      const text = (await box.locator(".behind, .dice-row").allInnerTexts()).join(" ");
      for (const g of own.dice.showing_faces) assert.ok(!text.includes(g.symbols), `a hidden face ${g.symbols} in the page`);
    }
    if (own.domain && !seen.domain) {
      assert.equal(await box.locator(".grid").count(), 0, "a domain still being laid out drawn");
    }
  }
}

async function openSeat(base, link) {
  const seat = await seatContext(browser);
  await seat.page.goto(new URL(link, base).href);
  await seat.page.waitForSelector("body[data-seq]");
  return seat;
}

for (const title of TITLES.filter((t) => !ONLY || t.game === ONLY)) {
  test(`${title.game}: a full game by clicking, two people and a bot, a reload and a dropped connection`, { timeout: HANG_MS }, async () => {
    const server = await startServer({ unthrottled: true });
    try {
      const lobby = await createInLobby(browser, server.base, title);
      assert.deepEqual(lobby.errors, []);
      const people = [await openSeat(server.base, lobby.links[0]), await openSeat(server.base, lobby.links[1])];
      const tokens = lobby.links.slice(0, 2).map((l) => new URL(l, server.base).hash.split("=")[1]);
      const pick = picker(title.game.length);
      let decisions = 0;
      let reloaded = false;
      let dropped = false;
      const allOver = async () => (await Promise.all(people.map((p) => p.page.evaluate(() => document.body.dataset.over === "true")))).every(Boolean);
      while (decisions < MAX_DECISIONS) {
        let acted = false;
        for (const [i, person] of people.entries()) {
          const legal = await moves(person.page);
          if (!legal.length) continue;
          if (decisions === 5) {
            // One move by keyboard: `m` focuses the moves, Enter plays one.
            const at = await seq(person.page);
            await person.page.keyboard.press("m");
            const focused = await person.page.evaluate(() => document.activeElement?.dataset.action);
            assert.ok(legal.some((m) => String(m.id) === focused), "m focuses a move");
            await person.page.keyboard.press("Enter");
            await person.page.waitForFunction((s) => Number(document.body.dataset.seq) !== s, at);
            decisions += 1;
            acted = true;
            break;
          }
          const centre = title.game !== "age-of-war" ? new Set() :
            new Set(await person.page.$$eval("#board article.castle:not(.owned)", (cs) => cs.map((c) => c.dataset.castle)));
          const chosen = choose(title.game, legal, pick, centre);
          await play(person.page, chosen);
          const squares = [...chosen.text.matchAll(/\b([a-i][1-9])[es]?\b/g)].map((m) => m[1]);
          if (title.game === "armadora" && i === 0 && decisions < 6 && squares.length === 1) {
            // The move just made is marked on the board (seat 1, a
            // person, moves next: nothing else has been played yet).
            assert.deepEqual(await person.page.$$eval("#board .last-move", (es) => es.map((e) => e.dataset.square)), squares, chosen.text);
          }
          decisions += 1;
          acted = true;
          break;
        }
        if (!acted) {
          // The end, a bot to move, or a page not drawn yet.
          if (await allOver()) break;
          await until(async () => (await Promise.all(people.map((p) => moves(p.page)))).some((l) => l.length) || (await allOver()), "a person to move or the end");
          continue;
        }
        if (decisions % 7 === 0) await noHiddenValues(title.game, people[0], people[1], tokens[1]);
        if (decisions === 12 && !reloaded) {
          // A reload: the page resumes from sessionStorage and is sent only
          // what it missed.
          reloaded = true;
          const at = await seq(people[0].page);
          const before = await people[0].page.locator("#history li").count();
          const frames = people[0].frames.length;
          await people[0].page.reload();
          await people[0].page.waitForSelector("body[data-seq]");
          const welcome = parsed(people[0]).filter((f) => f.type === "welcome").at(-1);
          // Sent only what it missed: from the last step it saw (moves of
          // others may arrive while it reloads), never from the start.
          const seen = Math.max(...parsed(people[0]).slice(0, frames).map((f) => f.seq ?? 0));
          assert.ok(welcome.update.from >= at && welcome.update.from <= seen, `the welcome after a reload starts at ${welcome.update.from}, not at the last step seen (${at} to ${seen})`);
          assert.ok(await people[0].page.locator("#history li").count() >= before, "the history survives the reload");
        }
        if (decisions === 24 && !dropped) {
          // A dropped connection: the page reconnects and resumes.
          dropped = true;
          const welcomes = parsed(people[1]).filter((f) => f.type === "welcome").length;
          const at = await seq(people[1].page);
          assert.ok((await people[1].drop()) > 0, "a connection to drop");
          await until(() => parsed(people[1]).filter((f) => f.type === "welcome").length > welcomes, "the reconnect");
          const welcome = parsed(people[1]).filter((f) => f.type === "welcome").at(-1);
          assert.ok(welcome.update.from >= at && welcome.update.from <= welcome.seq, `resumed from ${welcome.update.from}, not from the last step seen (${at})`);
        }
      }
      assert.ok(reloaded && dropped, `${title.game}: the game was too short for a reload and a drop`);
      const facts = await (await fetch(`${server.base}/api/matches/${lobby.id}`)).json();
      assert.equal(facts.status, "over");
      for (const person of people) {
        await person.page.waitForSelector("#result:not([hidden])");
        const scores = await person.page.$$eval("#result-body tr[data-seat] td.score", (tds) => tds.map((td) => Number(td.textContent)));
        assert.deepEqual(scores, facts.result.scores, "the page's final score is the server's");
        const winners = await person.page.$$eval("#result-body tr.winner", (trs) => trs.map((tr) => Number(tr.dataset.seat)));
        assert.deepEqual(winners, facts.result.winners, "the page's winners are the server's");
        const history = await person.page.locator("#history li").count();
        assert.equal(history, facts.entries, "every entry in the history");
        if (title.game.startsWith("age-of-war")) {
          // The dice box goes with the last die rolled.
          assert.equal(await person.page.locator("#board .aow").count(), 1, "Age of War's board");
          assert.equal(await person.page.locator("#board .aow section.dice").count(), 0, "no dice box at the end");
        }
        if (title.game === "era") {
          // Every letter on the dice the game showed is in the help's
          // legend of the dice.
          const letters = new Set(parsed(person).flatMap((f) => (f.update?.view?.seats ?? []).flatMap((s) => (s.dice?.showing_faces ?? []).flatMap((g) => [...g.symbols]))));
          assert.ok(letters.size > 3, [...letters].join(""));
          const legend = await person.page.$$eval("#help dl.legend:last-of-type dt", (dts) => dts.map((d) => d.textContent));
          for (const letter of letters) assert.ok(legend.includes(letter), `${letter} missing from the dice legend (${legend.join(" ")})`);
        }
        if (title.game === "armadora") {
          // A territory's row, focused or pointed at, lights its squares
          // on the board, and only those.
          const final = parsed(person).filter((f) => f.update?.view).at(-1).update.view;
          const row = person.page.locator("#board .territories p.territory").first();
          await row.focus();
          const lit = await person.page.$$eval("#board .arm-board .sq.lit", (cs) => cs.map((c) => c.dataset.square));
          assert.deepEqual(lit.sort(), [...final.territories[0].squares].sort(), "the focused territory's squares lit");
          await row.blur();
          assert.equal(await person.page.locator("#board .arm-board .sq.lit").count(), 0, "nothing lit once the row is left");
          await person.page.locator("#board .territories p.territory").last().hover();
          assert.ok(await person.page.locator("#board .arm-board .sq.lit").count() > 0, "the pointed territory's squares lit");
        }
      }
      await people[0].page.screenshot({ path: join(OUT, title.shot), fullPage: true });
      assert.deepEqual(await seriousViolations(people[0].page), [], "axe on the final score");
      // A phone-sized window: nothing wider than the screen, clipped or
      // overlapping.
      await people[1].page.setViewportSize({ width: 390, height: 844 });
      assert.deepEqual(await layoutProblems(people[1].page), [], "the end on a phone");
      await people[1].page.screenshot({ path: join(OUT, title.shot.replace(".png", "-phone.png")), fullPage: false });
      for (const person of people) assert.deepEqual(person.errors, [], "no console errors");
      for (const person of people) await person.context.close();
      console.log(`# ${title.game}: ${decisions} decisions by the two people, ${facts.entries} entries, scores ${JSON.stringify(facts.result.scores)}; frames received ${people.map((p) => p.frames.length).join(" and ")}`);
    } finally {
      await server.stop();
    }
  });
}
