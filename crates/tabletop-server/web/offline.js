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
import { el, seatName } from "/web/sentences.js";
import * as ageOfWar from "/web/age-of-war.js";
import * as armadora from "/web/armadora.js";
import * as era from "/web/era.js";
import * as generic from "/web/generic.js";
import { DiceRng, SPECTATOR, advanceFor, gameNames, loadGame, needsAdvance } from "/web/engines/index.js";

const DRAWERS = { "age-of-war": ageOfWar, armadora, era };
/** MCTS thinks this many iterations a move in the browser. */
const MCTS_ITERATIONS = 200;
/** The most time a frame spends on chance and bots, in milliseconds (one step at least). */
const FRAME_BUDGET_MS = 8;

const $ = (id) => document.getElementById(id);
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
  seats.replaceChildren(el("legend", { textContent: "Seats" }));
  for (let i = 0; i < Number(players.value); i++) {
    const select = el("select", { id: "seat-" + i });
    select.append(el("option", { value: "person", textContent: "a person" }));
    for (const bot of base.botNames()) select.append(el("option", { value: bot, textContent: "bot: " + bot }));
    select.value = old[i] ?? (i === 0 ? "person" : quickBot(base.botNames()));
    seats.append(el("label", { htmlFor: select.id, textContent: "Seat " + i }), select);
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
    table = { name, game, seats, state: game.newInitialState(), rng: new DiceRng(seed()), shown: null };
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
    config: game.config(),
    seats: table.seats.map((bot, i) => ({ seat: i, kind: bot ? "bot" : "person" })),
    seat,
    players: game.numPlayers(),
    view: update.view,
    legal: seat === null ? [] : update.legal,
    toMove: update.to_move,
    result: update.result,
    // Age of War's chances of conquering, beside the moves of the seat to
    // move, as the server sends them (undefined for other games).
    odds: new Map(seat !== null && update.legal.length ? (state.conquestOdds() ?? []).map((o) => [o.action, o]) : []),
    act,
    choose: (filter) => drawMoves(context(viewer), filter),
  };
}

function drawMoves(ctx, filter = null) {
  const moves = $("moves");
  moves.replaceChildren();
  const legal = filter ? ctx.legal.filter(([, text]) => filter(text)) : ctx.legal;
  for (const [id, text] of legal) {
    const odds = ctx.odds.get(id);
    const label = odds ? `${text} — ${odds.percent}% to conquer` : text;
    const b = el("button", { type: "button", className: "move", textContent: label, title: odds ? `exactly ${odds.chance}` : "" });
    b.dataset.action = id;
    b.onclick = () => act(id);
    moves.append(b);
  }
  if (filter) {
    const all = el("button", { type: "button", className: "move all", textContent: "show every move" });
    all.onclick = () => drawMoves(ctx);
    moves.append(all);
  }
  if (!ctx.legal.length) {
    moves.append(el("p", { className: "quiet", textContent: ctx.result ? "No more moves." : "Waiting for the next person." }));
  }
}

function drawHistory(ctx, viewer) {
  const sentence = (DRAWERS[ctx.game] ?? generic).sentence ?? generic.sentence;
  const log = table.state.history(viewer).log;
  $("history").replaceChildren(...log.map((entry, i) =>
    el("li", { value: i + 1, textContent: sentence(entry, ctx) ?? generic.sentence(entry, ctx) })));
  $("history").lastElementChild?.scrollIntoView?.({ block: "nearest" });
}

function drawResult(ctx) {
  $("result").hidden = !ctx.result;
  if (!ctx.result) return;
  const { scores = [], winners = [] } = ctx.result;
  const rows = scores.map((score, seat) => {
    const row = el("tr", { className: winners.includes(seat) ? "winner" : "" },
      el("td", { textContent: seatName(seat, ctx, true) + (table.seats[seat] ? " (bot)" : "") }),
      el("td", { className: "score", textContent: String(score) }),
      el("td", { textContent: winners.includes(seat) ? "wins" : "" }));
    row.dataset.seat = seat;
    return row;
  });
  const names = winners.map((w) => seatName(w, ctx));
  const line = winners.length === 0 ? "Nobody wins." : names.length === 1 ? `${names[0]} wins.` : `${names.join(" and ")} share the win.`;
  $("result-body").replaceChildren(el("p", { className: "winners", textContent: line }),
    el("table", { className: "scores" }, el("tr", {}, el("th", { textContent: "seat" }), el("th", { textContent: "score" }), el("th")), ...rows));
}

function draw() {
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
  const title = table.game.title;
  $("title").textContent = `${title} — offline table`;
  document.title = `${title} — offline table`;
  $("curtain").hidden = !curtain;
  if (curtain) {
    $("curtain-text").textContent = `Seat ${toMove} plays next. Everyone else, look away; seat ${toMove}, show your table when only you can see the screen.`;
  }
  $("status").textContent = over ? "The game is over."
    : waiting ? (state.isChanceNode() ? "Chance is drawn." : `Seat ${toMove} (bot) is thinking.`)
    : curtain ? `Seat ${toMove} plays next.` : `Seat ${toMove}’s turn.`;
  $("board").replaceChildren((DRAWERS[table.name] ?? generic).draw(ctx));
  drawMoves(ctx);
  drawHistory(ctx, viewer);
  drawResult(ctx);
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
  $("status").textContent = "Choose a game and who sits where.";
  delete document.body.dataset.over;
};

function ready() {
  const select = $("game");
  for (const name of gameNames()) select.append(el("option", { value: name, textContent: loadGame(name).title }));
  if (params.has("game") && gameNames().includes(params.get("game"))) select.value = params.get("game");
  select.onchange = drawSeats;
  $("players").oninput = drawSeats;
  $("setup").onsubmit = start;
  drawSeats();
  $("status").textContent = "Choose a game and who sits where.";
  document.body.dataset.ready = "true";
}

ready();
