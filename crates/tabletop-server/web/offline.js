// The offline table: people at one screen and bots, all in this page. The
// rules and the bots are the npm package tabletop-engines in WebAssembly
// (served under /web/engines/ when the server runs with --offline-table);
// after the page has loaded no request goes to the server, no socket is
// opened. The board is drawn by the play page's drawings from the view
// of the seat to move, exactly the view a server would send that seat.
//
// Hot seat: when the screen passes from one person to another and the
// game hides something from the next one (their view differs from a
// spectator's), a curtain shows only the public table until that person
// asks to see their own.
//
// Chance and bots are played on the page's frames, a few milliseconds of
// steps a frame (at least one), so that the page answers while bots think
// and a table of bots only shows its game as it goes. Meanwhile the screen
// stays with the person it showed, or the public table: a bot's view is
// never drawn.
import { el } from "/web/dom.js";
import { t, translateStatic, languagePicker, onLanguage } from "/web/i18n.js";
import { seatName } from "/web/sentences.js";
import { drawerOf, loadDrawer } from "/web/drawers.js";
import { drawMoves } from "/web/moves.js";
import { drawHistory } from "/web/history.js";
import { drawPlayers, drawResult, winnersLine } from "/web/players.js";
import { drawHelp } from "/web/help.js";
import { addSidePanel } from "/web/side-panel.js";
import { focusedKey, refocus, rove, focusGroup } from "/web/focus.js";
import { DiceRng, SPECTATOR, advanceFor, gameNames, loadGame, needsAdvance } from "/web/engines/index.js";
/** MCTS thinks this many iterations a move in the browser. */
const MCTS_ITERATIONS = 200;
/** The most time a frame spends on chance and bots, in milliseconds (one step at least). */
const FRAME_BUDGET_MS = 8;

const $ = (id) => document.getElementById(id);
addSidePanel(document.querySelector("aside.side"), { players: "player-table", heading: "offline.history" });
const params = new URLSearchParams(location.search);

/** The game being played: its seats (null for a person, else a bot), the
 * state, the dice, and the person whose own view is on the screen. */
let table = null;

function info(name, players) {
  return loadGame(name, players ? { players } : {});
}

function drawSeats() {
  const name = $("game").value;
  const base = info(name);
  const players = $("players");
  players.min = base.minPlayers();
  players.max = base.maxPlayers();
  if (Number(players.value) < base.minPlayers() || Number(players.value) > base.maxPlayers()) {
    players.value = base.numPlayers();
  }
  const seats = $("seats");
  const old = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.replaceChildren(el("legend", { textContent: t("lobby.seats") }));
  for (let i = 0; i < Number(players.value); i++) {
    const select = el("select", { id: "seat-" + i });
    select.append(el("option", { value: "person", textContent: t("offline.person") }));
    for (const bot of base.botNames()) select.append(el("option", { value: bot, textContent: t("lobby.bot", bot) }));
    select.value = old[i] ?? (i === 0 ? "person" : quickBot(base.botNames()));
    seats.append(el("label", { htmlFor: select.id, textContent: t("lobby.seat", i) }), select);
  }
}

/** The bot a new seat gets: one that answers at once in a browser. */
function quickBot(bots) {
  return bots.find((b) => b === "greedy") ?? bots.find((b) => b === "random") ?? bots[0];
}

function seed() {
  if (/^\d+$/.test(params.get("seed") ?? "")) return BigInt(params.get("seed"));
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (BigInt(words[0]) << 32n) | BigInt(words[1]);
}

function start(event) {
  event.preventDefault();
  $("setup-error").textContent = "";
  try {
    const name = $("game").value;
    const game = info(name, Number($("players").value));
    const seats = [...$("seats").querySelectorAll("select")].map((s) =>
      s.value === "person" ? null : game.newBot(s.value, s.value.endsWith("mcts") ? MCTS_ITERATIONS : undefined));
    const kinds = [...$("seats").querySelectorAll("select")].map((s) => s.value);
    table = { name, game, seats, kinds, state: game.newInitialState(), rng: new DiceRng(seed()), shown: null, filter: null };
  } catch (e) {
    $("setup-error").textContent = e.message;
    return;
  }
  $("setup-box").hidden = true;
  $("table").hidden = false;
  play();
}

/** Draws the table, then plays chance and bots on the next frame and draws
 * again, until a person is to move or the game is over. */
function play() {
  draw();
  const { state, seats, rng } = table;
  if (!needsAdvance(state, seats)) return;
  const current = table;
  requestAnimationFrame(() => {
    // Left for a new table since: this game stays as it is.
    if (table !== current) return;
    advanceFor(state, seats, rng, FRAME_BUDGET_MS);
    play();
  });
}

/** Whether `seat` sees more than a spectator now: its view must wait for it. */
function hidesFrom(seat) {
  const mine = JSON.stringify({ ...table.state.view(seat), viewer: null });
  const public_ = JSON.stringify({ ...table.state.view(SPECTATOR), viewer: null });
  return mine !== public_;
}

function act(id) {
  const { state } = table;
  const seat = state.currentPlayer();
  if (seat < 0 || table.seats[seat] || table.shown !== seat) return;
  $("refusal").textContent = "";
  table.filter = null;
  try {
    state.applyAction(id, seat);
  } catch (e) {
    $("refusal").textContent = e.rule ?? e.message;
    return;
  }
  play();
}

function context(viewer) {
  const { state, name, game } = table;
  const seat = viewer === SPECTATOR ? null : viewer;
  const update = state.update(viewer, state.moveNumber());
  return {
    game: name,
    seats: table.kinds,
    names: [],
    free: [],
    seat,
    players: game.numPlayers(),
    view: update.view,
    legal: seat === null ? [] : update.legal,
    toMove: update.to_move,
    result: update.result,
    // The running scores by the game's final formula, as the server sends
    // them.
    scoreboard: state.scoreboard(viewer),
    // Age of War's chances of conquering, beside the moves of the seat to
    // move, as the server sends them (undefined for other games).
    odds: new Map(seat !== null && update.legal.length ? (state.conquestOdds() ?? []).map((o) => [o.action, o]) : []),
    act,
    choose: (filter, where) => {
      table.filter = { keep: filter, where };
      drawMoves_(context(viewer));
      focusGroup($("moves"));
    },
  };
}

function drawMoves_(ctx) {
  drawMoves($("moves"), ctx, drawerOf(table.name), {
    filter: table.filter?.keep ?? null,
    where: table.filter?.where ?? "",
    onAll: () => { table.filter = null; drawMoves_(ctx); focusGroup($("moves")); },
    none: ctx.result ? t("moves.over") : t("offline.waitNext"),
  });
}

function draw() {
  const before = focusedKey();
  const { state } = table;
  const over = state.isTerminal();
  const waiting = needsAdvance(state, table.seats);
  const toMove = over ? null : state.currentPlayer();
  const people = table.seats.filter((s) => s === null).length;
  // A curtain when the screen passes to another person who has secrets.
  const curtain = !over && !waiting && toMove !== table.shown && people > 1 && hidesFrom(toMove);
  if (!over && !waiting && !curtain) table.shown = toMove;
  const viewer = over || curtain ? SPECTATOR : waiting ? (table.shown ?? SPECTATOR) : toMove;
  const ctx = context(viewer);
  const drawer = drawerOf(table.name);
  const title = table.game.title;
  $("title").textContent = `${title} — ${t("offline.title")}`;
  document.title = `${title} — ${t("offline.title")}`;
  $("curtain").hidden = !curtain;
  const who = (seat) => seatName(seat, { names: [], seat: null }, true);
  if (curtain) $("curtain-text").textContent = t("offline.curtain", who(toMove));
  $("status").textContent = over ? `${t("status.over")} ${winnersLine(ctx)}`
    : waiting ? (state.isChanceNode() ? t("offline.chance") : t("offline.thinking", who(toMove)))
      : curtain ? t("offline.next", who(toMove)) : t("offline.turn", who(toMove));
  $("status").className = toMove === null ? "" : `owner-${toMove}`;
  $("board").replaceChildren(drawer.draw(ctx));
  rove($("board"), "button", "board");
  drawPlayers($("player-table"), ctx, drawer);
  if (table.filter && (waiting || curtain || ctx.legal.length === 0)) table.filter = null;
  drawMoves_(ctx);
  const log = state.history(viewer).log;
  drawHistory($("history"), log, [], ctx, drawer, `${viewer}:${document.documentElement.lang}`);
  $("result").hidden = !ctx.result;
  if (ctx.result) drawResult($("result-body"), ctx, drawer);
  drawHelp($("help"), drawer, table.name);
  if (before && !refocus(before) && document.activeElement === document.body) $("moves-title").focus({ preventScroll: true });
  Object.assign(document.body.dataset, {
    game: table.name,
    seq: String(state.moveNumber()),
    over: String(over),
    curtain: String(curtain),
    waiting: String(waiting),
    shown: viewer === SPECTATOR ? "spectator" : String(viewer),
    toMove: toMove === null ? "" : String(toMove),
  });
}

$("unveil").onclick = () => {
  table.shown = table.state.currentPlayer();
  draw();
};

$("again").onclick = () => {
  table = null;
  $("table").hidden = true;
  $("result").hidden = true;
  $("setup-box").hidden = false;
  $("status").textContent = t("offline.choose");
  $("status").className = "";
  delete document.body.dataset.over;
};

document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
  if (typing || event.ctrlKey || event.metaKey || event.altKey || !table) return;
  if (event.key === "m") { if (!focusGroup($("moves"))) $("moves-title").focus(); event.preventDefault(); }
  if (event.key === "b") { focusGroup($("board")); event.preventDefault(); }
  if (event.key === "h") { $("history").focus(); event.preventDefault(); }
});

async function ready() {
  // Every game's drawing, loaded before the table is ready: once it is,
  // the page asks the server for nothing.
  await Promise.all(gameNames().map(loadDrawer));
  $("language-slot").replaceWith(languagePicker());
  translateStatic();
  onLanguage(() => {
    drawSeats();
    if (table) { $("history").replaceChildren(); draw(); } else $("status").textContent = t("offline.choose");
  });
  const select = $("game");
  for (const name of gameNames()) select.append(el("option", { value: name, textContent: loadGame(name).title }));
  if (params.has("game") && gameNames().includes(params.get("game"))) select.value = params.get("game");
  select.onchange = drawSeats;
  $("players").oninput = drawSeats;
  $("setup").onsubmit = start;
  drawSeats();
  $("status").textContent = t("offline.choose");
  document.body.dataset.ready = "true";
}

ready();
