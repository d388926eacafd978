// Shared by the browser tests: the server binary on 127.0.0.1 with a fresh
// database, Debian's Chromium, one browser context per seat recording
// every WebSocket frame it receives, and a bounded driver that plays a
// game by clicking.
import { applyPatch } from "../web/patch.js";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const OUT = process.env.BROWSER_TESTS_OUT ?? join(here, "out");
export const BINARY = process.env.TABLETOP_SERVER ?? join(here, "..", "..", "..", "target", "debug", "tabletop-server");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The built npm package the offline table runs on (`bash js/scripts/build.sh`). */
export const ENGINES = process.env.TABLETOP_ENGINES_JS ?? join(here, "..", "..", "..", "js");

/** The server on a free loopback port with a fresh database; `seed` is the
 * hidden test-only `--dice-seed`; `offlineTable`, a package directory to
 * serve for `/offline`. */
export async function startServer({ seed, offlineTable } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "tabletop-browser-"));
  // The pages' tests create matches faster than a stranger may.
  const args = ["--listen", "127.0.0.1:0", "--db", join(dir, "server.db"), "--bot-budget-ms", "5000", "--create-burst", "1000"];
  if (seed !== undefined) args.push("--dice-seed", String(seed));
  if (offlineTable !== undefined) args.push("--offline-table", offlineTable);
  const child = spawn(BINARY, args, { stdio: ["ignore", "pipe", "inherit"] });
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start within 20 s")), 20_000);
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const m = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code})`)); });
  });
  return {
    base,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launch() {
  mkdirSync(OUT, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, timeout: 30_000 });
}

/** A browser context for one person: its page, every frame it received
 * (text, in order), its console errors, and a way to drop its connection. */
export async function seatContext(browser, { viewport = { width: 1280, height: 1000 } } = {}) {
  const context = await browser.newContext({ viewport });
  context.setDefaultTimeout(15_000);
  const seat = { context, frames: [], sent: [], errors: [], routes: [] };
  await context.routeWebSocket(/\/ws$/, (ws) => {
    const server = ws.connectToServer();
    seat.routes.push({ ws, server });
    server.onMessage((message) => {
      seat.frames.push(String(message));
      ws.send(message);
    });
    ws.onMessage((message) => {
      seat.sent.push(String(message));
      server.send(message);
    });
  });
  seat.page = await context.newPage();
  seat.page.on("console", (m) => { if (m.type() === "error") seat.errors.push(m.text()); });
  seat.page.on("pageerror", (e) => seat.errors.push(String(e)));
  seat.drop = async () => {
    const open = seat.routes.splice(0);
    for (const { ws, server } of open) {
      await server.close({ code: 1000, reason: "dropped by the test" }).catch(() => {});
      await ws.close({ code: 4000, reason: "dropped by the test" }).catch(() => {});
    }
    return open.length;
  };
  return seat;
}

export const seq = (page) => page.evaluate(() => Number(document.body.dataset.seq ?? -1));

/** Frames as JSON, each update with its whole view and every legal text,
 * rebuilt as the page does from the version-2 forms (a view patch of the
 * last view; `[id]` for a text the connection was already sent). A
 * `welcome` starts a new connection. */
export function parsed(seat) {
  let view = null;
  let texts = new Map();
  return seat.frames.map((raw) => {
    const frame = JSON.parse(raw);
    const update = frame.update;
    if (!update) return frame;
    if (frame.type === "welcome") texts = new Map();
    if ("view_patch" in update) {
      update.view = applyPatch(view, update.view_patch);
      delete update.view_patch;
    }
    view = update.view;
    update.legal = (update.legal ?? []).map(([id, text]) => {
      if (text === undefined) return [id, texts.get(id)];
      texts.set(id, text);
      return [id, text];
    });
    return frame;
  });
}

/** The page's legal moves: `[{id, text}]`, empty unless it is to move. */
export async function moves(page) {
  return page.$$eval("#moves button.move[data-action]", (bs) => bs.map((b) => ({ id: Number(b.dataset.action), text: b.textContent })));
}

/** A small deterministic generator for the test's choices. */
export function picker(seed) {
  let s = BigInt(seed) | 1n;
  return (n) => {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return Number((s >> 33n) % BigInt(Math.max(1, n)));
  };
}

/** Clicks move `move` the way a person would: on the board where the game
 * draws it there (a castle line, a square), else in the list of moves.
 * Answers once the page shows a new sequence number or a refusal. */
export async function play(page, move) {
  const before = await seq(page);
  const onBoard = await page.$(`#board [data-action="${move.id}"]`);
  const square = move.text.match(/\b([a-i][1-9])[es]?\b/);
  const cell = square && `#board button[data-square="${square[1]}"], #board button[data-cell="${square[1]}"]`;
  if (onBoard) {
    await onBoard.click();
  } else if (cell && (await page.$(cell))) {
    await page.click(cell);
    await page.click(`#moves button.move[data-action="${move.id}"]`);
  } else {
    await page.click(`#moves button.move[data-action="${move.id}"]`);
  }
  await page.waitForFunction((s) => Number(document.body.dataset.seq) !== s || document.getElementById("refusal").textContent !== "", before, { timeout: 15_000 });
  const refusal = await page.textContent("#refusal");
  if (refusal) throw new Error(`refused: ${refusal} (${move.text})`);
}

/** Creates a match from the lobby page by clicking: the game, the table
 * size, the options and a kind per seat. Answers the match id and the
 * link of each seat (null for a bot). */
export async function createInLobby(browser, base, { game, players, options = {}, seats }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base + "/");
  await page.waitForSelector("body[data-ready=true]");
  await page.selectOption("#game", game);
  await page.fill("#players", String(players));
  await page.dispatchEvent("#players", "input");
  for (const [key, value] of Object.entries(options)) {
    if (typeof value === "boolean") await page.setChecked(`#opt-${key}`, value);
    else await page.fill(`#opt-${key}`, String(value));
  }
  for (const [i, kind] of seats.entries()) await page.selectOption(`#seat-${i}`, kind);
  await page.click("#create-button");
  await page.waitForFunction(() => !document.getElementById("links").hidden || document.getElementById("lobby-error").textContent !== "");
  const refused = await page.textContent("#lobby-error");
  if (refused) throw new Error(`the lobby refused: ${refused} (${JSON.stringify(errors)})`);
  const id = await page.getAttribute("#links", "data-match");
  const links = [];
  for (let i = 0; i < seats.length; i++) {
    const a = await page.$(`a.seat-link[data-seat="${i}"]`);
    links.push(a ? await a.getAttribute("href") : null);
  }
  await context.close();
  return { id, links, errors };
}

/** Waits, bounded, until `f()` is true. */
export async function until(f, what, { timeout = 30_000, every = 50 } = {}) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await f()) return;
    await sleep(every);
  }
  throw new Error(`timed out waiting for ${what}`);
}
