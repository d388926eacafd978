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
import { before, after } from "node:test";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const OUT = process.env.BROWSER_TESTS_OUT ?? join(here, "out");
export const BINARY = process.env.TABLETOP_SERVER ?? join(here, "..", "..", "..", "target", "debug", "tabletop-server");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How long a wait for something the server or a page must do may last:
 * far above any latency a loaded machine shows, so its end only means that
 * it did not happen at all. */
export const WAIT = 60_000;

/** Answers once `page` has drawn two more frames: what an update changes on
 * screen (focus, scroll, layout) is done by then, however fast the machine. */
export const drawn = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** The built npm package the offline table runs on (`bash js/scripts/build.sh`). */
export const ENGINES = process.env.TABLETOP_ENGINES_JS ?? join(here, "..", "..", "..", "js");

/** The server on a free loopback port with a fresh database; `seed` is the
 * hidden test-only `--dice-seed`; `offlineTable`, a package directory to
 * serve for `/offline`. */
export async function startServer({ seed, offlineTable, unthrottled } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "tabletop-browser-"));
  // The pages' tests create matches faster than a stranger may.
  const args = ["--listen", "127.0.0.1:0", "--db", join(dir, "server.db"), "--bot-budget-ms", "5000", "--create-burst", "1000"];
  // A test that plays whole games clicks faster than a person, and than the
  // 10 messages a second a connection may send.
  if (unthrottled) args.push("--rate", "1000", "--burst", "1000");
  if (seed !== undefined) args.push("--dice-seed", String(seed));
  if (offlineTable !== undefined) args.push("--offline-table", offlineTable);
  const child = spawn(BINARY, args, { stdio: ["ignore", "pipe", "inherit"] });
  const base = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start within the wait")), WAIT);
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

/** For a test file: Chromium and a server (`startServer`'s options),
 * started before its tests and stopped after them; read them from the
 * answer's `browser` and `server` inside the tests. */
export function browserAndServer(options) {
  const shared = {};
  before(async () => {
    shared.browser = await launch();
    shared.server = await startServer(options);
  });
  after(async () => {
    await shared.server?.stop();
    await shared.browser?.close();
  });
  return shared;
}

export async function launch() {
  mkdirSync(OUT, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: FLAGS, timeout: WAIT });
}

/** A browser context for one person: its page, every frame it received
 * (text, in order), its console errors, and a way to drop its connection. */
export async function seatContext(browser, { viewport = { width: 1280, height: 1000 } } = {}) {
  const context = await browser.newContext({ viewport, locale: "en-US" });
  context.setDefaultTimeout(WAIT);
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

/** The page's legal moves: `[{id, text, words, percent}]` (the text in
 * the game's notation, the words beside it, Age of War's chance of
 * conquering), empty unless it is to move. */
export async function moves(page) {
  return page.$$eval("#moves button.move[data-action]", (bs) => bs.map((b) => ({
    id: Number(b.dataset.action),
    text: b.dataset.text,
    words: b.querySelector(".words")?.textContent ?? "",
    percent: b.dataset.percent === undefined ? null : Number(b.dataset.percent),
  })));
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
  await page.waitForFunction((s) => Number(document.body.dataset.seq) !== s || document.getElementById("refusal").textContent !== "", before, { timeout: WAIT });
  const refusal = await page.textContent("#refusal");
  if (refusal) throw new Error(`refused: ${refusal} (${move.text})`);
}

/** Creates a match from the lobby page by clicking: the game, the table
 * size, the options and a kind per seat. Answers the match id and the
 * link of each seat (null for a bot). */
export async function createInLobby(browser, base, { game, players, options = {}, seats }) {
  const context = await browser.newContext({ locale: "en-US" });
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
export async function until(f, what, { timeout = WAIT, every = 50 } = {}) {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    if (await f()) return;
    await sleep(every);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** axe-core (from this folder's node_modules, the committed lock file's
 * version) run in `page`: the violations of impact critical or serious,
 * as `rule: target` lines. */
export async function seriousViolations(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) {
    await page.addScriptTag({ path: join(here, "node_modules", "axe-core", "axe.min.js") });
  }
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 3) }));
  });
  return violations.filter((v) => v.impact === "critical" || v.impact === "serious").map((v) => `${v.id}: ${v.targets.join(", ")}`);
}

/** What a phone-sized window gets wrong: the page wider than the screen,
 * text cut off at the screen's edge (outside a box that scrolls), and
 * pieces of text drawn over one another. */
export async function layoutProblems(page) {
  return page.evaluate(() => {
    // From the top: a turn line that stays on screen would lie over what
    // scrolls under it.
    window.scrollTo(0, 0);
    const problems = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth - width}px wider than the window`);
    const scrolls = (e) => {
      for (let p = e.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (/(auto|scroll)/.test(s.overflowX + s.overflowY) && p !== document.documentElement && p !== document.body) return p;
      }
      return null;
    };
    const boxes = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const e = n.parentElement;
      if (!e || e.closest("[hidden], script, style, option, select, .sr-only")) continue;
      // A closed details element's content is laid out but not shown.
      const folded = e.closest("details");
      if (folded && !folded.open && !e.closest("summary")) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.width < 1 || r.height < 1) continue;
        const box = scrolls(e);
        if (!box && (r.right > width + 1 || r.left < -1)) problems.push(`"${n.textContent.trim().slice(0, 30)}" is cut off at the edge`);
        boxes.push({ r, e, box, text: n.textContent.trim().slice(0, 30) });
      }
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i];
        const b = boxes[j];
        if (a.e === b.e || a.box !== b.box) continue;
        const x = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const y = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (x > 2 && y > 2) problems.push(`"${a.text}" and "${b.text}" overlap`);
      }
    }
    return [...new Set(problems)].slice(0, 10);
  });
}

/** How many times Tab stops on the page (visible, enabled, in the tab
 * order). */
export async function tabStops(page) {
  return page.evaluate(() => [...document.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")]
    .filter((e) => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0 && !e.closest("[hidden]"))
    .length);
}
