// The offline table (web/) in a real browser: Debian's Chromium driven by
// playwright-core. The files are handed to the page from disk by request
// interception, so no server of any kind runs; every request the page makes
// is recorded and must be one of the package's own files.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import * as te from "../node.js";

const root = new URL("..", import.meta.url).pathname;
const origin = "http://table.test";
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
// How long a wait for something the page must do may last: far above any
// latency a loaded machine shows, so its end only means it did not happen.
const WAIT = 60_000;

async function openTable(t) {
  assert.ok(existsSync("/usr/bin/chromium"), "Chromium is missing: bash .ci/chromium installs it");
  const profile = mkdtempSync(join(tmpdir(), "tabletop-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  context.setDefaultTimeout(WAIT);
  t.after(async () => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });
  const requests = [];
  await context.route("**/*", async (route) => {
    const url = new URL(route.request().url());
    requests.push(url.href);
    if (url.origin !== origin) return route.abort();
    const path = join(root, url.pathname.endsWith("/") ? url.pathname + "index.html" : url.pathname);
    if (!path.startsWith(root) || !existsSync(path)) return route.fulfill({ status: 404, body: "" });
    const ext = path.slice(path.lastIndexOf("."));
    return route.fulfill({ status: 200, contentType: types[ext] ?? "application/octet-stream", body: readFileSync(path) });
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, requests, errors };
}

test("a person plays Armadöra against two bots at the offline table", async (t) => {
  const { page, requests, errors } = await openTable(t);
  await page.goto(`${origin}/web/?game=armadora(players=3)&seed=5`);
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.inputValue("#seat-0"), "person");
  await page.click("#start");
  let moves = 0;
  for (; moves < 400; moves++) {
    if (await page.$("body[data-over]")) break;
    await page.waitForSelector("#moves button, body[data-over]");
    if (await page.$("body[data-over]")) break;
    // The person sees their own view, not the spectator's.
    const view = JSON.parse(await page.textContent("#view"));
    assert.deepEqual(view.viewer, { seat: 0 });
    await page.click("#moves button >> nth=0");
  }
  assert.ok(await page.$("body[data-over]"), "the game did not end");
  assert.ok(moves > 0, "the person never moved");
  assert.match(await page.textContent("#status"), /Game over/);
  // The page's record replays in Node to the same end.
  const record = await page.getAttribute("body", "data-record");
  const state = te.loadGame("armadora(players=3)").deserializeState(record);
  assert.ok(state.isTerminal());
  assert.match(await page.textContent("#status"), new RegExp(state.returns().join(", ")));
  assert.deepEqual(errors, []);
  for (const url of requests) assert.ok(url.startsWith(origin), `a request left the page: ${url}`);
  assert.ok(requests.some((u) => u.endsWith(".wasm")));
});

test("a table of bots only draws its game as it goes, not only its end", async (t) => {
  const { page, errors } = await openTable(t);
  await page.goto(`${origin}/web/?game=era&seed=4`);
  await page.waitForSelector("body[data-ready]");
  for (const seat of [0, 1]) await page.selectOption(`#seat-${seat}`, "bot: mcts");
  await page.click("#start");
  // Checked on the page's frames: a bot thinking, and moves already told,
  // while the game is not over yet.
  await page.waitForFunction(
    () => !document.body.dataset.over && /\(bot\) is thinking/.test(document.getElementById("status").textContent) &&
      document.getElementById("log").textContent.split("\n").length > 10,
    null,
    { polling: "raf", timeout: 2 * WAIT },
  );
  await page.waitForSelector("body[data-over]", { timeout: 4 * WAIT });
  assert.match(await page.textContent("#status"), /Game over/);
  assert.deepEqual(errors, []);
});

test("bots alone play every game to the end in the browser", async (t) => {
  const { page, errors } = await openTable(t);
  for (const game of ["pig", "age-of-war", "era"]) {
    await page.goto(`${origin}/web/?game=${game}&seed=3`);
    await page.waitForSelector("body[data-ready]");
    const bot = await page.$eval("#seat-0 option:nth-child(2)", (o) => o.value);
    await page.selectOption("#seat-0", bot);
    await page.click("#start");
    await page.waitForSelector("body[data-over]", { timeout: 2 * WAIT });
    assert.match(await page.textContent("#status"), /Game over/, game);
  }
  assert.deepEqual(errors, []);
});
