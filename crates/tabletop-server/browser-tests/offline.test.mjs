// The offline table (`/offline`, with --offline-table js/): every title
// played to its end by clicking (Age of War's moves with their chance of
// conquering), entirely in the browser on the npm
// package; no WebSocket opened and no request to the server once the page
// has loaded; between two people's turns a curtain shows only the public
// table where the game hides something; no console errors. The server
// serves the package's own files only, WebAssembly as application/wasm,
// and without the option neither the page nor the files exist and the
// lobby does not link to them.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { OUT, ENGINES, WAIT, startServer, launch, moves, play, picker, until, seriousViolations, layoutProblems } from "./lib.mjs";

const TITLES = [
  // Two people and nothing hidden: no curtain.
  { game: "pig", players: 2, seats: ["person", "person"] },
  { game: "age-of-war", players: 2, seats: ["person", "solver"] },
  { game: "armadora", players: 3, seats: ["person", "person", "greedy"], curtains: true },
  { game: "era", players: 2, seats: ["person", "person"], curtains: true },
];
const MAX_DECISIONS = 5_000;

let browser;
let server;
before(async () => {
  browser = await launch();
  // Fails (the server exits) when the package is not built: nothing is skipped.
  server = await startServer({ offlineTable: ENGINES });
});
after(async () => {
  await server?.stop();
  await browser?.close();
});

/** A page that records console errors, WebSockets and every request. */
async function offlinePage() {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, locale: "en-US" });
  context.setDefaultTimeout(WAIT);
  const page = await context.newPage();
  const seen = { errors: [], sockets: [], requests: [] };
  page.on("console", (m) => { if (m.type() === "error") seen.errors.push(m.text()); });
  page.on("pageerror", (e) => seen.errors.push(String(e)));
  page.on("websocket", (ws) => seen.sockets.push(ws.url()));
  page.on("request", (r) => seen.requests.push(r.url()));
  return { context, page, seen };
}

test("the lobby links to the offline table when the server serves the engines", async () => {
  const { context, page, seen } = await offlinePage();
  try {
    await page.goto(server.base + "/");
    await page.waitForSelector("body[data-ready=true]");
    assert.ok(await page.isVisible("#offline-link"));
    await page.click("#offline-link");
    await page.waitForSelector("body[data-ready=true]");
    assert.equal(new URL(page.url()).pathname, "/offline");
    assert.deepEqual(await seriousViolations(page), [], "axe on the offline table's setup");
    assert.deepEqual(seen.errors, []);
  } finally {
    await context.close();
  }
});

test("without --offline-table there is no offline page, no engines and no link", async () => {
  const plain = await startServer();
  const { context, page, seen } = await offlinePage();
  try {
    for (const path of ["/offline", "/web/engines/index.js", "/web/engines/pkg/tabletop_engines_bg.wasm"]) {
      assert.equal((await fetch(plain.base + path)).status, 404, path);
    }
    const catalogue = await (await fetch(plain.base + "/api/games")).json();
    assert.equal(catalogue.offline, undefined);
    await page.goto(plain.base + "/");
    await page.waitForSelector("body[data-ready=true]");
    assert.equal(await page.isVisible("#offline-link"), false);
    assert.deepEqual(seen.errors, []);
  } finally {
    await context.close();
    await plain.stop();
  }
});

test("/web/engines/ serves the package's files only, WebAssembly as application/wasm", async () => {
  const wasm = await fetch(server.base + "/web/engines/pkg/tabletop_engines_bg.wasm");
  assert.equal(wasm.status, 200);
  assert.equal(wasm.headers.get("content-type"), "application/wasm");
  assert.ok((await wasm.arrayBuffer()).byteLength > 100_000);
  const index = await fetch(server.base + "/web/engines/index.js");
  assert.equal(index.headers.get("content-type"), "text/javascript; charset=utf-8");
  // Files of the folder that the package does not list, and paths out of it.
  for (const path of ["package.json", "src/lib.rs", "Cargo.toml", "%2e%2e/Cargo.toml", "..%2fCargo.toml", "pkg/", "%2fetc%2fpasswd", "web/table.js"]) {
    const answer = await fetch(server.base + "/web/engines/" + path);
    assert.equal(answer.status, 404, path);
  }
});

/** Records every value the page's `data-shown` takes from now on (whose
 * view is on the screen); `shownSoFar` reads them. */
async function watchShown(page) {
  await page.evaluate(() => {
    window.shownSoFar = new Set();
    new MutationObserver((records) => {
      for (const r of records) if (r.oldValue !== null) window.shownSoFar.add(r.oldValue);
      window.shownSoFar.add(document.body.dataset.shown);
    }).observe(document.body, { attributes: true, attributeFilter: ["data-shown"], attributeOldValue: true });
  });
}

async function shownSoFar(page) {
  return page.evaluate(() => [...window.shownSoFar].filter((v) => v !== undefined));
}

test("a table of bots only draws its game as it goes, and never a bot's view", async () => {
  const { context, page, seen } = await offlinePage();
  try {
    await page.goto(`${server.base}/offline?seed=4`);
    await page.waitForSelector("body[data-ready=true]");
    await page.selectOption("#game", "era");
    await page.fill("#players", "2");
    await page.dispatchEvent("#players", "input");
    for (const seat of [0, 1]) await page.selectOption(`#seat-${seat}`, "mcts");
    await watchShown(page);
    await page.click("#start");
    // Checked on the page's frames: a bot thinking, with moves already in
    // the history, before the end.
    await page.waitForFunction(
      () => document.body.dataset.over === "false" && document.body.dataset.waiting === "true" &&
        /\(bot\) is thinking/.test(document.getElementById("status").textContent) &&
        document.querySelectorAll("#history li").length > 10,
      null,
      { polling: "raf", timeout: 2 * WAIT },
    );
    await page.waitForSelector("body[data-over=true]", { timeout: 4 * WAIT });
    assert.ok(await page.isVisible("#result"));
    assert.deepEqual(await shownSoFar(page), ["spectator"]);
    assert.deepEqual(seen.errors, []);
  } finally {
    await context.close();
  }
});

for (const title of TITLES) {
  test(`${title.game}: played to the end offline by clicking (${title.seats.join(", ")}), no socket, no request, no console error`, async () => {
    const { context, page, seen } = await offlinePage();
    try {
      await page.goto(`${server.base}/offline?seed=7`);
      await page.waitForSelector("body[data-ready=true]");
      await page.selectOption("#game", title.game);
      await page.fill("#players", String(title.players));
      await page.dispatchEvent("#players", "input");
      for (const [i, kind] of title.seats.entries()) await page.selectOption(`#seat-${i}`, kind);
      const loaded = seen.requests.length;
      await watchShown(page);
      await page.click("#start");
      assert.equal(await page.isVisible("#setup"), false, "the setup shown during the game");
      const pick = picker(title.game.length * 977);
      let decisions = 0;
      let curtains = 0;
      let oddsShown = false;
      while ((await page.getAttribute("body", "data-over")) !== "true") {
        assert.ok(decisions < MAX_DECISIONS, `no end after ${MAX_DECISIONS} decisions`);
        // Chance and bots play on the page's frames: a person's turn, or the end.
        await page.waitForSelector("body[data-waiting=false], body[data-over=true]");
        if ((await page.getAttribute("body", "data-over")) === "true") break;
        if ((await page.getAttribute("body", "data-curtain")) === "true") {
          // The public table only: no move to click, the spectator's view.
          curtains += 1;
          assert.equal(await page.getAttribute("body", "data-shown"), "spectator");
          assert.deepEqual(await moves(page), []);
          const next = await page.getAttribute("body", "data-to-move");
          await page.click("#unveil");
          assert.equal(await page.getAttribute("body", "data-shown"), next);
          continue;
        }
        const legal = await moves(page);
        assert.ok(legal.length > 0, "a person to move with no move to click");
        assert.equal(await page.getAttribute("body", "data-shown"), await page.getAttribute("body", "data-to-move"));
        // Age of War's person fills a line when it can (losing dice at
        // random makes for games of thousands of moves).
        const filling = legal.filter((m) => !m.text.startsWith("lose die"));
        if (title.game === "age-of-war") oddsShown ||= legal.some((m) => m.percent !== null);
        const pool = title.game === "age-of-war" && filling.length ? filling : legal;
        await play(page, pool[pick(pool.length)]);
        decisions += 1;
      }
      await until(() => page.isVisible("#result"), "the final score");
      const rows = await page.$$eval("#result tr[data-seat]", (rs) => rs.length);
      assert.equal(rows, title.players);
      // The players' table, with the running score the engine counts
      // (Era's in its parts), as on the play page.
      assert.equal(await page.locator("#player-table tr[data-seat]").count(), title.players);
      assert.equal(await page.locator("#player-table td.score-now").count(), title.players);
      if (title.game === "era") assert.ok(await page.locator("#player-table td.score-now .parts").count() > 0, "Era's score in its parts");
      // Age of War's moves carry their chance of conquering, as online.
      if (title.game === "age-of-war") assert.ok(oddsShown, "no chance of conquering beside a move");
      if (title.curtains) assert.ok(curtains > 0, "no curtain between two people's turns");
      else assert.equal(curtains, 0, "a curtain where nothing is hidden");
      // Only people's views and the public table were ever on the screen.
      const people = title.seats.flatMap((kind, seat) => (kind === "person" ? [String(seat)] : []));
      for (const shown of await shownSoFar(page)) assert.ok(shown === "spectator" || people.includes(shown), `seat ${shown}'s view shown`);
      await page.screenshot({ path: join(OUT, `offline-${title.game}.png`), fullPage: true });
      assert.deepEqual(await seriousViolations(page), [], "axe on the offline table at the end");
      if (title.game === "armadora") {
        await page.setViewportSize({ width: 390, height: 844 });
        assert.deepEqual(await layoutProblems(page), [], "the offline table on a phone");
      }
      assert.deepEqual(seen.sockets, [], "a WebSocket was opened");
      assert.deepEqual(seen.requests.slice(loaded), [], "a request once the page had loaded");
      assert.deepEqual(seen.errors, []);
    } finally {
      await context.close();
    }
  });
}
