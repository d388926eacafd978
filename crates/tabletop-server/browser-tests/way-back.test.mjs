// A way back to a table: the lobby lists the seats this browser holds
// ("Your matches"), each with whose turn it is as that seat sees it and a
// link that opens it; the list of open matches reads itself again while
// the lobby is in view, keeping the focus and the scroll where they were.
import { test } from "node:test";
import assert from "node:assert/strict";
import { WAIT, browserAndServer, until, seriousViolations } from "./lib.mjs";

const shared = browserAndServer();

async function api(path, body) {
  const answer = await fetch(shared.server.base + path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: answer.status, json: await answer.json() };
}

async function lobby(query = "", viewport = { width: 1280, height: 900 }) {
  const context = await shared.browser.newContext({ locale: "en-US", viewport });
  context.setDefaultTimeout(WAIT);
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${shared.server.base}/${query}`);
  await page.waitForSelector("body[data-ready=true]");
  return { context, page, errors };
}

test("your matches: a match this browser created is listed with each seat's own turn, and its link opens the seat", async () => {
  const { context, page, errors } = await lobby();
  try {
    assert.equal(await page.isVisible("#mine"), false, "no seat held yet");
    await page.selectOption("#game", "pig");
    await page.fill("#players", "2");
    await page.click("#create-button");
    await page.waitForSelector("#links:not([hidden])");
    const id = await page.getAttribute("#links", "data-match");
    const row = (seat) => `.my-match[data-match="${id}"][data-seat="${seat}"]`;
    // Pig: seat 0 rolls first; seat 1 waits, and is told so with its own token.
    await page.waitForSelector(`${row(0)}[data-state=yours]`);
    await page.waitForSelector(`${row(1)}[data-state=waiting]`);
    assert.match(await page.textContent(row(0)), /^Pig · Seat 0 · Your turn/);
    assert.match(await page.title(), /^● Your turn/);
    assert.deepEqual(await seriousViolations(page), [], "axe on the lobby with its matches");
    // Forgotten, a seat leaves the list, for good.
    await page.click(`${row(1)} .forget`);
    await page.reload();
    await page.waitForSelector(`${row(0)}[data-state=yours]`);
    assert.equal(await page.$(row(1)), null);
    // The link opens the seat, whose turn it is.
    const link = await page.getAttribute(`${row(0)} a`, "href");
    assert.match(link, new RegExp(`^/play/${id}#token=[0-9a-f]{32}$`));
    await page.click(`${row(0)} a`);
    await page.waitForSelector("body[data-my-turn=true]");
    assert.equal(new URL(page.url()).pathname, `/play/${id}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test("the open matches read themselves again: a match opened elsewhere is listed without a reload, the focus and the scroll kept", async () => {
  const first = await api("/api/matches", { game: "pig", seats: ["open", "random"] });
  assert.equal(first.status, 201);
  const { context, page, errors } = await lobby("?refresh=1", { width: 1280, height: 400 });
  try {
    const button = `.take-seat[data-match="${first.json.id}"]`;
    await page.waitForSelector(button);
    await page.focus(button);
    await page.evaluate((b) => { document.querySelector(b).marked = true; window.scrollTo(0, 120); }, button);
    const scrolled = await page.evaluate(() => window.scrollY);
    assert.ok(scrolled > 0, "the lobby scrolls in this window");
    const second = await api("/api/matches", { game: "pig", seats: ["open", "random"] });
    assert.equal(second.status, 201);
    await page.waitForSelector(`.open-match[data-match="${second.json.id}"]`);
    // The very button focused before, still focused, the page where it was.
    assert.equal(await page.evaluate(() => document.activeElement.marked === true), true);
    assert.equal(await page.evaluate(() => window.scrollY), scrolled);
    // A seat taken elsewhere leaves the list the same way.
    assert.equal((await api(`/api/matches/${second.json.id}/seats/0`, { name: "Ana" })).status, 201);
    await until(async () => (await page.$(`.open-match[data-match="${second.json.id}"]`)) === null, "the taken match to leave the list");
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
