// The pages as people meet them: the lobby lists a match with an open
// seat, a stranger takes it under a name (shown as text, never markup) and
// plays; a game without a drawing of its own (Pig) reads in the engine's
// words; the end leaves nothing stale (no moves, no text box), the
// rematch brings both players to a new match, and the replay steps
// through the finished one as any seat saw it, another seat's warriors
// still hidden; the pages speak English, Spanish or Polish, chosen from
// the browser and switchable, remembered; axe-core finds nothing critical
// or serious on the lobby or the replay.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { readFileSync } from "node:fs";
import { OUT, WAIT, browserAndServer, seatContext, seq, moves, play, until, seriousViolations, layoutProblems } from "./lib.mjs";
import en from "../web/i18n/en.js";
import es from "../web/i18n/es.js";
import pl from "../web/i18n/pl.js";

const shared = browserAndServer({ unthrottled: true });

async function api(path, body) {
  const answer = await fetch(shared.server.base + path, body === undefined ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: answer.status, json: await answer.json() };
}

/** A page in a browser that prefers `locale`. */
async function pageIn(locale, viewport = { width: 1280, height: 900 }) {
  const context = await shared.browser.newContext({ locale, viewport });
  context.setDefaultTimeout(WAIT);
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** Runs `visit` on a page in a browser that prefers `locale` (see
 * `pageIn`), and closes the page whatever happened. */
async function onPage(locale, visit) {
  const { context, page, errors } = await pageIn(locale);
  try {
    await visit({ page, errors });
  } finally {
    await context.close();
  }
}

/** Opens the replay at `path` on `page`: the server refused it with
 * `code`, and the page says so in its words. */
async function refusedReplay(page, path, code) {
  await page.goto(shared.server.base + path);
  await page.waitForSelector("body[data-ready=true]");
  assert.equal(await page.textContent("#error"), `${en["replay.failed"]} ${en["code." + code]}`);
}

test("every code the server refuses or errs with has words in every language", () => {
  const schema = JSON.parse(readFileSync(new URL("../../../schemas/server/error.schema.json", import.meta.url), "utf8"));
  const codes = schema.$defs.Code.oneOf.map((c) => c.const);
  assert.ok(codes.includes("not_your_turn") && codes.includes("name_confusable"), codes.join(" "));
  for (const messages of [en, es, pl]) {
    for (const code of codes) assert.ok(`code.${code}` in messages, `no words for ${code}`);
  }
});

test("every language file has every message, and each message takes the same parts", () => {
  for (const [name, messages] of [["es", es], ["pl", pl]]) {
    assert.deepEqual(Object.keys(messages).sort(), Object.keys(en).sort(), `${name}.js has other keys than en.js`);
    for (const [key, message] of Object.entries(en)) {
      assert.equal(typeof messages[key], typeof message, `${name}.js: ${key}`);
      if (typeof message === "function") assert.equal(messages[key].length, message.length, `${name}.js: ${key} takes ${message.length} parts`);
      if (Array.isArray(message) && !key.endsWith(".help")) assert.equal(messages[key].length, message.length, `${name}.js: ${key}`);
    }
  }
});

test("sentences read as written: one warrior, a seat and its faction in one bracket at most, Era's start player named once, its orientations explained", () => {
  // ARM-4: the warriors a seat has left, one of them or several.
  assert.equal(en["arm.left"]("Player 0 (you)", "Orc", 1), "Player 0 (you), Orc: 1 warrior left");
  assert.equal(en["arm.left"]("Ana", "Elf", 3), "Ana, Elf: 3 warriors left");
  assert.equal(es["arm.left"]("Ana", "Orco", 1), "Ana, Orco: queda 1 guerrero");
  assert.equal(es["arm.left"]("Ana", "Orco", 2), "Ana, Orco: quedan 2 guerreros");
  for (const messages of [en, es, pl]) {
    assert.doesNotMatch(messages["arm.left"]("Player 0 (you)", "Orc", 2), /\) \(/);
  }
  // ERA-7: a placement names its orientation, counted from 1, and the help
  // says what an orientation is.
  assert.equal(en["era.place"]("a farm", "c3", "0"), "Place a farm on c3, orientation 1");
  for (const messages of [en, es, pl]) {
    const word = messages["era.place"]("x", "c3", "1").split(", ").at(-1).split(" ")[0];
    assert.ok(messages["era.help"].some((line) => line.includes(`${word} 1, 2`)), `the help explains "${word}"`);
  }
  // Era's round line names the start player once, not "start player player 2".
  assert.equal(en["era.round"](2, "roll", "player 1"), "Round 2 · roll · player 1 starts");
  for (const messages of [en, es, pl]) {
    assert.doesNotMatch(messages["era.round"](1, "x", messages["player"](1)), new RegExp(`${messages["player"]("")}.*${messages["player"]("")}`, "i"));
  }
});

test("an open seat is listed, taken under a name shown as text, and played; the lobby speaks the browser's language", async () => {
  const created = await api("/api/matches", { game: "armadora(players=2)", seats: ["person", "open"] });
  assert.equal(created.status, 201);
  const id = created.json.id;
  // A Spanish browser: the lobby in Spanish, the match in its list.
  const stranger = await pageIn("es-ES");
  try {
    await stranger.page.goto(shared.server.base + "/");
    await stranger.page.waitForSelector("body[data-ready=true]");
    assert.equal(await stranger.page.getAttribute("html", "lang"), "es");
    assert.equal(await stranger.page.textContent("#join-title"), es["join.title"]);
    assert.deepEqual(await seriousViolations(stranger.page), [], "axe on the lobby");
    // A game's options in words, in the page's language, not the
    // config's keys.
    await stranger.page.selectOption("#game", "liars-dice");
    assert.equal(await stranger.page.textContent('label[for="opt-numdice"]'), es["option.numdice"]);
    await stranger.page.selectOption("#game", "armadora");
    assert.equal((await stranger.page.locator("label:has(#opt-peek_own)").innerText()).trim(), es["option.peek_own"]);
    const take = stranger.page.locator(`.open-match[data-match="${id}"] button.take-seat`);
    assert.equal(await take.count(), 1);
    // No name: told so, nothing taken.
    await take.click();
    assert.equal(await stranger.page.textContent("#join-error"), es["join.needName"]);
    await stranger.page.fill("#join-name", "<b>Zoë</b>");
    await take.click();
    await stranger.page.waitForURL(/\/play\//);
    await stranger.page.waitForSelector("body[data-seq]");
    assert.equal(new URL(stranger.page.url()).pathname, `/play/${id}`);
    // The name as text, in the players' table, never as markup.
    await until(async () => (await stranger.page.textContent("#players")).includes("<b>Zoë</b>"), "the name in the players' table");
    assert.equal(await stranger.page.locator("#players b").count(), 0);
    // The seat is taken: the list no longer offers it, and a second
    // taker is refused.
    const again = await api(`/api/matches/${id}/seats/1`, { name: "Eve" });
    assert.equal(again.status, 409);
    const listed = await api("/api/matches?open=true");
    assert.ok(!listed.json.matches.some((m) => m.id === id));
    // The page speaks Spanish, and switches to Polish, remembered.
    assert.equal(await stranger.page.textContent("#players-title"), es["players.title"]);
    await stranger.page.selectOption("#language", "pl");
    assert.equal(await stranger.page.textContent("#players-title"), pl["players.title"]);
    assert.equal(await stranger.page.getAttribute("html", "lang"), "pl");
    await stranger.page.reload();
    await stranger.page.waitForSelector("body[data-seq]");
    assert.equal(await stranger.page.textContent("#players-title"), pl["players.title"]);
    assert.deepEqual(stranger.errors, []);
  } finally {
    await stranger.context.close();
  }
});

test("Pig in the engine's words to its end, nothing stale after it; a rematch for both; the replay linked", async () => {
  const created = await api("/api/matches", { game: "pig(players=2,target=10)", seats: ["open", "open"] });
  const id = created.json.id;
  const people = [];
  for (const [seat, name] of ["Ana", "Ben"].entries()) {
    const taken = await api(`/api/matches/${id}/seats/${seat}`, { name });
    assert.equal(taken.status, 201);
    const person = await seatContext(shared.browser);
    await person.page.goto(shared.server.base + taken.json.link);
    await person.page.waitForSelector("body[data-seq]");
    people.push(person);
  }
  try {
    for (let n = 0; n < 400; n += 1) {
      const over = await people[0].page.evaluate(() => document.body.dataset.over === "true");
      if (over) break;
      const mover = (await Promise.all(people.map((p) => moves(p.page)))).findIndex((l) => l.length);
      if (mover < 0) {
        // Between two pages' drawings: waited for, not counted as a move.
        await until(async () => (await Promise.all(people.map((p) => moves(p.page)))).some((l) => l.length) ||
          (await people[0].page.evaluate(() => document.body.dataset.over === "true")), "a seat to move or the end");
        n -= 1;
        continue;
      }
      const legal = await moves(people[mover].page);
      if (n === 0) {
        // The tab says whose turn it is: the mover's title and icon, not
        // the other's.
        const tab = (p) => p.page.evaluate(() => [document.title, document.querySelector('link[rel="icon"]')?.dataset.yours]);
        const [mine, theirs] = [await tab(people[mover]), await tab(people[1 - mover])];
        assert.ok(mine[0].startsWith(`● ${en["tab.yours"]} — `) && mine[1] === "true", mine.join(" "));
        assert.ok(!theirs[0].startsWith("●") && theirs[1] === "false", theirs.join(" "));
      }
      // Rolls, holding once the turn is worth it.
      const hold = legal.find((m) => m.text === "hold");
      const turn = await people[mover].page.evaluate(() => Number(document.querySelector('.generic dt[data-field="turn_total"]')?.nextElementSibling.textContent ?? 0));
      await play(people[mover].page, hold && turn >= 4 ? hold : legal.find((m) => m.text === "roll") ?? legal[0]);
    }
    const page = people[0].page;
    await page.waitForSelector("body[data-over=true]");
    // The history in the engine's words, with the players' names.
    const lines = await page.locator("#history li").allTextContents();
    assert.ok(lines.some((l) => /^Ana \(you\): roll\.$/.test(l)), lines.slice(0, 6).join(" | "));
    assert.ok(lines.some((l) => /^Ben: (roll|hold)\.$/.test(l)), lines.slice(0, 6).join(" | "));
    assert.ok(lines.some((l) => /^Chance: \d\.$/.test(l)), lines.slice(0, 6).join(" | "));
    // Nothing stale at the end.
    assert.equal(await page.isVisible("#typed"), false);
    assert.equal(await page.locator("#moves button.move").count(), 0);
    assert.equal(await page.textContent("#moves"), en["moves.over"]);
    assert.ok(await page.isVisible("#result"));
    const facts = (await api(`/api/matches/${id}`)).json;
    // The turn line says who won (in Pig, the one seat that reached the
    // target).
    const won = facts.result.winners[0] === 0 ? en["result.youWin"] : en["result.wins1"]("Ben");
    assert.equal(await page.textContent("#status"), `${en["status.over"]} ${won}`);
    const totals = await page.$$eval("#result-body tr[data-seat] td.score", (tds) => tds.map((td) => Number(td.textContent)));
    assert.deepEqual(totals, facts.result.scores);
    // The replay, linked from the end, as this seat saw it; then as the
    // other seat.
    const replayHref = await page.getAttribute("#replay-link", "href");
    assert.equal(replayHref, `/replay/${id}?seat=0`);
    // In this browser, which holds the seat, the replay sends the seat's
    // token: its own eyes and the spectators' are offered, not the other
    // seat's.
    const [replayPage] = await Promise.all([page.waitForEvent("popup"), page.evaluate((href) => { window.open(href); }, replayHref)]);
    await replayPage.waitForSelector("body[data-ready=true]");
    assert.equal(await replayPage.textContent("#error"), "");
    assert.deepEqual(await replayPage.$$eval("#viewer option", (os) => os.map((o) => o.value)), ["", "0"]);
    await replayPage.close();
    // Rematch: Ana asks, lands in the new match; Ben's page offers to
    // join it, and he lands in the same one.
    await page.click("#rematch");
    const settled = (p, f, arg) => p.evaluate(f, arg).catch(() => false);
    await until(() => settled(page, (old) => !location.pathname.endsWith(old) && document.body.dataset.seq !== undefined, id), "Ana in the rematch");
    const rematch = decodeURIComponent(new URL(page.url()).pathname.split("/").pop());
    assert.notEqual(rematch, id);
    await people[1].page.waitForSelector("#rematch:has-text('" + en["rematch.join"] + "')", { timeout: WAIT });
    await people[1].page.click("#rematch");
    await until(() => settled(people[1].page, (m) => location.pathname === `/play/${m}` && document.body.dataset.seq !== undefined, rematch), "Ben in the rematch");
    await until(async () => (await people[1].page.textContent("#players")).includes("Ana"), "the names carried over");
    assert.equal((await api(`/api/matches/${rematch}`)).json.names.join(","), "Ana,Ben");
    for (const p of people) assert.deepEqual(p.errors, []);
  } finally {
    for (const p of people) await p.context.close();
  }
});

test("the replay steps through a finished Armadöra as each seat saw it, the other seat's warriors hidden until the end", async () => {
  // Bots only: the match plays itself to its end.
  // Public replays: any seat's eyes are anyone's after the end.
  const created = await api("/api/matches", { game: "armadora(players=2)", seats: ["greedy", "greedy"], public_replays: true });
  const id = created.json.id;
  await until(async () => (await api(`/api/matches/${id}`)).json.status === "over", "the bots' match to end", { timeout: 2 * WAIT, every: 250 });
  await onPage("en-US", async ({ page, errors }) => {
    await page.goto(`${shared.server.base}/replay/${id}?seat=0`);
    await page.waitForSelector("body[data-ready=true]");
    const last = Number(await page.getAttribute("#step", "max"));
    assert.ok(last > 10, `only ${last} steps`);
    assert.equal(await page.getAttribute("body", "data-over"), "true");
    assert.ok(await page.isVisible("#result"));
    assert.deepEqual(await seriousViolations(page), [], "axe on the replay");
    // The history says whose eyes it is told through.
    assert.equal(await page.textContent("#history-title"), en["replay.history"](en["player"](0)));
    // Keys: Home goes to the start, → one step on, End to the end.
    await page.focus("#next");
    await page.keyboard.press("Home");
    assert.equal(await page.getAttribute("body", "data-step"), "0");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.getAttribute("body", "data-step"), "1");
    // Halfway: seat 1's warriors without their value, seat 0's with it.
    const mid = Math.floor(last * 0.6);
    await page.fill("#step", String(mid));
    await page.dispatchEvent("#step", "input");
    assert.equal(await page.getAttribute("body", "data-step"), String(mid));
    const warriors = async () => page.$$eval("#board .warrior", (ws) => ws.map((w) => ({ owner: w.className.match(/owner-(\d)/)[1], text: w.textContent })));
    let seen = await warriors();
    assert.ok(seen.some((w) => w.owner === "1") && seen.filter((w) => w.owner === "1").every((w) => w.text === "?"), JSON.stringify(seen));
    assert.ok(seen.filter((w) => w.owner === "0").every((w) => /^\d/.test(w.text)), JSON.stringify(seen));
    assert.equal(await page.isVisible("#result"), false);
    // As seat 1: the other way round.
    await page.selectOption("#viewer", "1");
    await until(async () => new URL(page.url()).search === "?seat=1" && (await page.getAttribute("body", "data-step")) === String(last), "seat 1's replay");
    await page.fill("#step", String(mid));
    await page.dispatchEvent("#step", "input");
    seen = await warriors();
    assert.ok(seen.filter((w) => w.owner === "0").every((w) => w.text === "?"), JSON.stringify(seen));
    assert.ok(seen.filter((w) => w.owner === "1").every((w) => /^\d/.test(w.text)), JSON.stringify(seen));
    await page.screenshot({ path: join(OUT, "replay.png"), fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await layoutProblems(page), [], "the replay on a phone");
    assert.deepEqual(await seriousViolations(page), [], "axe on the replay on a phone");
    // A match under way has no replay: the page says why.
    const playing = await api("/api/matches", { game: "pig", seats: ["person", "person"] });
    await refusedReplay(page, `/replay/${playing.json.id}`, "not_over");
    assert.deepEqual(errors.filter((e) => !/409/.test(e)), []);
  });
});

test("the creator names their seat from the lobby; a stranger's replay offers only the spectators' view", async () => {
  await onPage("en-US", async ({ page, errors }) => {
    await page.goto(shared.server.base + "/");
    await page.waitForSelector("body[data-ready=true]");
    await page.selectOption("#game", "pig");
    await page.fill("#create-name", "Zoë <b>");
    await page.click("#create-button");
    await page.waitForSelector("#links:not([hidden])");
    const id = await page.getAttribute("#links", "data-match");
    assert.deepEqual((await api(`/api/matches/${id}`)).json.names, ["Zoë <b>", null]);
    // Remembered, and the name a free seat is taken with.
    assert.equal(await page.inputValue("#join-name"), "Zoë <b>");
    assert.equal(await page.evaluate(() => localStorage.getItem("tabletop:name")), "Zoë <b>");
    // A finished match of bots, without public replays.
    const bots = await api("/api/matches", { game: "pig(players=2,target=10)", seats: ["greedy", "greedy"] });
    const done = bots.json.id;
    await until(async () => (await api(`/api/matches/${done}`)).json.status === "over", "the bots' match to end", { every: 250 });
    await page.goto(`${shared.server.base}/replay/${done}`);
    await page.waitForSelector("body[data-ready=true]");
    assert.deepEqual(await page.$$eval("#viewer option", (os) => os.map((o) => o.value)), [""]);
    assert.equal(await page.getAttribute("body", "data-over"), "true");
    // A seat's eyes asked for by hand: refused, in the page's words.
    await refusedReplay(page, `/replay/${done}?seat=1`, "seat_replay_private");
    assert.deepEqual(errors.filter((e) => !/403/.test(e)), []);
  });
});

test("the lobby pages through the open matches, one address taking at most three places a page", async () => {
  // Five open matches from this one address: more than its share of a page.
  for (let i = 0; i < 5; i += 1) assert.equal((await api("/api/matches", { game: "pig", seats: ["open", "random"] })).status, 201);
  const pages = [];
  for (let after = null; pages.length < 20; ) {
    const page = (await api(`/api/matches?open=true${after ? `&after=${encodeURIComponent(after)}` : ""}`)).json;
    pages.push(page.matches.map((m) => m.id));
    after = page.next;
    if (!after) break;
  }
  assert.ok(pages.length >= 2, `${pages.length} page`);
  assert.ok(pages[0].length <= 3, `the first page gives this address ${pages[0].length} places`);
  await onPage("en-US", async ({ page, errors }) => {
    await page.goto(shared.server.base + "/");
    await page.waitForSelector("body[data-ready=true]");
    const listed = () => page.$$eval(".open-match[data-match]", (ms) => ms.map((m) => m.dataset.match));
    await until(async () => (await listed()).length === pages[0].length, "the first page");
    assert.deepEqual(await listed(), pages[0]);
    // "Show more matches" appends each next page, then goes away.
    for (let shown = 1; shown < pages.length; shown += 1) {
      assert.ok(await page.isVisible("#join-more"), `a button for page ${shown + 1}`);
      await page.click("#join-more");
      const expected = pages.slice(0, shown + 1).flat();
      await until(async () => (await listed()).length === expected.length, `page ${shown + 1}`);
      assert.deepEqual(await listed(), expected);
    }
    assert.equal(await page.isVisible("#join-more"), false);
    assert.deepEqual(errors, []);
  });
});

test("two seats talk: a line shows as text under its seat's name, again after a reload, and a mute hides that seat's lines", async () => {
  const created = await api("/api/matches", { game: "pig(players=2)", seats: ["person", "person"], names: ["Ana", "Bo"] });
  assert.equal(created.status, 201, JSON.stringify(created.json));
  const [ana, bo] = [await pageIn("en-US"), await pageIn("en-US")];
  const lines = (page) => page.$$eval("#talk li.talk-line", (ls) => ls.map((l) => `${l.dataset.n}|${l.querySelector(".name").textContent}|${l.querySelector(".text").textContent}`));
  const say = async (page, text) => {
    await page.fill("#talk-text", text);
    await page.click("#talk-form button");
  };
  try {
    for (const [i, seat] of [ana, bo].entries()) {
      await seat.page.goto(shared.server.base + created.json.seats[i].link);
      await seat.page.waitForSelector("#talk-form:not([hidden])");
    }
    assert.equal(await ana.page.getAttribute("#talk-text", "maxlength"), "200");
    const markup = `<img src=x onerror="window.pwned=1">`;
    await say(ana.page, markup);
    await bo.page.waitForSelector('#talk li[data-n="1"]');
    assert.deepEqual(await lines(bo.page), [`1|Ana|${markup}`]);
    assert.equal(await bo.page.locator("#talk img").count(), 0);
    assert.equal(await bo.page.evaluate(() => window.pwned), undefined);
    // Bo mutes Ana: her lines, those said and those to come, are hidden.
    await bo.page.click('.talk-mutes .mute[data-seat="0"]');
    await say(ana.page, "second");
    await ana.page.waitForSelector('#talk li[data-n="2"]');
    await say(bo.page, "hello Ana");
    await bo.page.waitForSelector('#talk li[data-n="3"]');
    assert.deepEqual(await lines(bo.page), ["3|Bo|hello Ana"]);
    // A reload shows the lines again, the mute remembered.
    await bo.page.reload();
    await bo.page.waitForSelector('#talk li[data-n="3"]');
    assert.deepEqual(await lines(bo.page), ["3|Bo|hello Ana"]);
    assert.equal(await bo.page.getAttribute('.talk-mutes .mute[data-seat="0"]', "aria-pressed"), "true");
    await bo.page.click('.talk-mutes .mute[data-seat="0"]');
    assert.deepEqual(await lines(bo.page), [`1|Ana|${markup}`, "2|Ana|second", "3|Bo|hello Ana"]);
    // Refused, in the page's words.
    await say(ana.page, "bell\u0007");
    await ana.page.waitForSelector(".talk-refusal:not(:empty)");
    assert.equal(await ana.page.textContent(".talk-refusal"), en["code.talk_character"]);
    assert.deepEqual([...ana.errors, ...bo.errors], []);
  } finally {
    await ana.context.close();
    await bo.context.close();
  }
});
