// The play page a capability link opens. It shows only what the server
// sends this seat: its view, its history as it saw it, its legal moves.
//
// The token travels in the URL fragment (#token=...), which the browser
// never sends to a server; it is kept in sessionStorage with the last
// sequence number, the history and the view, so a reload resumes where it
// was and a dropped connection asks only for what it missed.
import { applyPatch } from "/web/patch.js";
import { el, seatName, describe } from "/web/sentences.js";
import * as ageOfWar from "/web/age-of-war.js";
import * as armadora from "/web/armadora.js";
import * as era from "/web/era.js";
import * as generic from "/web/generic.js";

/** The protocol's version-2 opt-ins: each update's view as a JSON Patch of
 * the last one (`update.view_patch`), and each legal move's text sent once
 * per connection (`[id]` after that). */
export const VIEW_PATCHES = true;
export const KNOWN_TEXTS = true;

const DRAWERS = { "age-of-war": ageOfWar, armadora, era };
/** Each game's title, from the server's catalogue (`GET /api/games`). */
const titles = new Map();
const RECONNECT_MS = [250, 500, 1000, 2000, 4000];

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const fragment = new URLSearchParams(location.hash.slice(1));
const key = "tabletop:" + matchId;

function loadSaved() {
  try {
    return JSON.parse(sessionStorage.getItem(key)) ?? {};
  } catch {
    return {};
  }
}

const saved = loadSaved();
const token = fragment.get("token") ?? saved.token ?? null;
const spectating = !token;

const state = {
  seq: saved.token === token ? saved.seq ?? null : null,
  entries: saved.token === token ? saved.entries ?? [] : [],
  view: saved.token === token ? saved.view ?? null : null,
  welcome: null,
  update: null,
  pending: null,
  socket: null,
  attempts: 0,
  stopped: false,
  filter: null,
  counter: 0,
};

function save() {
  try {
    sessionStorage.setItem(key, JSON.stringify({ token, seq: state.seq, entries: state.entries, view: state.view }));
  } catch {
    // A full or disabled storage only costs the resume on reload.
  }
}

function drawer() {
  return DRAWERS[state.welcome?.game] ?? generic;
}

function context() {
  const update = state.update;
  const odds = new Map((update.conquest_odds ?? []).map((o) => [o.action, o]));
  return {
    game: state.welcome.game,
    config: state.welcome.config,
    seats: state.welcome.seats,
    seat: state.welcome.seat,
    players: state.welcome.seats.length,
    view: state.view,
    legal: state.socket && state.socket.readyState === WebSocket.OPEN ? update.legal : [],
    toMove: update.to_move,
    result: update.result,
    odds,
    act,
    choose: (filter) => {
      state.filter = filter;
      drawMoves();
      $("moves").querySelector("button")?.focus();
    },
  };
}

window.addEventListener("offline", () => state.socket?.close());

function act(action) {
  if (!state.socket || state.socket.readyState !== WebSocket.OPEN) return;
  state.counter += 1;
  const clientId = "web-" + Date.now().toString(36) + "-" + state.counter;
  state.pending = { type: "act", seq: state.seq, action, client_id: clientId };
  $("refusal").textContent = "";
  state.socket.send(JSON.stringify(state.pending));
}

function drawStatus(ctx) {
  const status = $("status");
  if (ctx.result) {
    status.textContent = "The game is over.";
  } else if (ctx.toMove && typeof ctx.toMove === "object" && "player" in ctx.toMove) {
    const p = ctx.toMove.player;
    status.textContent = p === ctx.seat ? "Your turn." : `${seatName(p, ctx)}’s turn.`;
  } else {
    status.textContent = "The dice are rolling…";
  }
  document.body.dataset.toMove = ctx.toMove?.player ?? "";
  document.body.dataset.myTurn = String(ctx.legal.length > 0);
}

function drawMoves() {
  const ctx = context();
  const moves = $("moves");
  moves.replaceChildren();
  const legal = state.filter ? ctx.legal.filter(([, text]) => state.filter(text)) : ctx.legal;
  for (const [id, text] of legal) {
    const odds = ctx.odds.get(id);
    const label = odds ? `${text} — ${odds.percent}% to conquer` : text;
    const b = el("button", { type: "button", className: "move", textContent: label, title: odds ? `exactly ${odds.chance}` : "" });
    b.dataset.action = id;
    b.onclick = () => act(id);
    moves.append(b);
  }
  if (state.filter) {
    const all = el("button", { type: "button", className: "move all", textContent: "show every move" });
    all.onclick = () => { state.filter = null; drawMoves(); };
    moves.append(all);
  }
  if (!ctx.legal.length) {
    moves.append(el("p", { className: "quiet", textContent: ctx.result ? "No more moves." : "Nothing to do until your turn." }));
  }
  $("typed").hidden = !ctx.legal.length;
}

function drawHistory(ctx) {
  // Only the new entries are drawn: the history grows by a few a move.
  const list = $("history");
  if (list.children.length > state.entries.length || list.dataset.seat !== String(ctx.seat)) list.replaceChildren();
  list.dataset.seat = String(ctx.seat);
  const sentence = drawer().sentence ?? generic.sentence;
  for (let i = list.children.length; i < state.entries.length; i++) {
    const entry = state.entries[i];
    list.append(el("li", { textContent: sentence(entry, ctx) ?? generic.sentence(entry, ctx), value: i + 1 }));
  }
  list.lastElementChild?.scrollIntoView?.({ block: "nearest" });
}

function drawResult(ctx) {
  const box = $("result");
  box.hidden = !ctx.result;
  if (!ctx.result) return;
  const { scores = [], winners = [] } = ctx.result;
  const table = el("table", { className: "scores" });
  table.append(el("tr", {}, el("th", { textContent: "seat" }), el("th", { textContent: "score" }), el("th", { textContent: "" })));
  scores.forEach((score, seat) => {
    const row = el("tr", { className: winners.includes(seat) ? "winner" : "" },
      el("td", { textContent: seatName(seat, ctx, true) }),
      el("td", { className: "score", textContent: String(score) }),
      el("td", { textContent: winners.includes(seat) ? "wins" : "" }));
    row.dataset.seat = seat;
    table.append(row);
  });
  const names = winners.map((w) => seatName(w, ctx));
  const line = winners.length === 0 ? "Nobody wins." : names.length === 1 ? `${names[0]} ${winners[0] === ctx.seat ? "win" : "wins"}.` : `${names.join(" and ")} share the win.`;
  $("result-body").replaceChildren(el("p", { className: "winners", textContent: line }), table);
}

function draw() {
  if (!state.update || !state.view) return;
  const ctx = context();
  const title = titles.get(ctx.game) ?? ctx.game;
  $("title").textContent = title + (ctx.seat === null ? " — watching" : ` — seat ${ctx.seat} (you)`);
  document.title = title + " — tabletop";
  drawStatus(ctx);
  $("board").replaceChildren(drawer().draw(ctx));
  drawMoves();
  drawHistory(ctx);
  drawResult(ctx);
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.game = ctx.game;
  document.body.dataset.over = String(!!ctx.result);
}

/** Each legal move's text, learnt on this connection (`known_texts`). */
let texts = new Map();

function take(seq, update) {
  update.legal = (update.legal ?? []).map(([id, text]) => {
    if (text === undefined) return [id, texts.get(id) ?? String(id)];
    texts.set(id, text);
    return [id, text];
  });
  if (update.view_patch && state.view) {
    state.view = applyPatch(state.view, update.view_patch);
  } else {
    state.view = update.view;
  }
  // The entries `from..to`; anything this client held from `from` on is
  // replaced (a reconnect may overlap).
  if (update.from < state.entries.length) {
    state.entries = state.entries.slice(0, update.from);
    $("history").replaceChildren();
  }
  state.entries = state.entries.concat(update.entries);
  state.seq = seq;
  state.update = update;
  state.filter = null;
  save();
  draw();
}

function onFrame(frame) {
  switch (frame.type) {
    case "welcome":
      state.welcome = frame;
      state.attempts = 0;
      take(frame.seq, frame.update);
      $("connection").textContent = "";
      if (state.pending && state.pending.seq === frame.seq) {
        // Sent before the connection dropped and not applied: sent again
        // with the same client id, so it is applied at most once.
        state.socket.send(JSON.stringify(state.pending));
      }
      break;
    case "update":
      state.pending = null;
      take(frame.seq, frame.update);
      break;
    case "stale":
      state.pending = null;
      take(frame.seq, frame.update);
      $("refusal").textContent = "The table changed before your move arrived; here it is now.";
      break;
    case "refused":
      state.pending = null;
      $("refusal").textContent = frame.reason.text;
      break;
    case "error":
      $("connection").textContent = frame.reason.text;
      // Codes a reconnection would only meet again: a newer tab of this
      // seat took this one's place, the match is full of spectators, the
      // page is not the server's own.
      if (["unknown_token", "unknown_match", "no_spectators", "bad_message", "replaced", "spectators_full", "forbidden_origin"].includes(frame.reason.code)) {
        state.stopped = true;
      }
      break;
    default:
      break;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(scheme + "//" + location.host + "/ws");
  state.socket = socket;
  texts = new Map();
  socket.onopen = () => {
    const hello = spectating
      ? { type: "spectate", match: matchId }
      : { type: "hello", token };
    if (state.seq !== null && state.view) hello.last_seq = state.seq;
    if (VIEW_PATCHES) hello.view_patches = true;
    if (KNOWN_TEXTS) hello.known_texts = true;
    socket.send(JSON.stringify(hello));
  };
  socket.onmessage = (event) => onFrame(JSON.parse(event.data));
  socket.onclose = () => {
    if (state.socket !== socket) return;
    draw();
    if (state.stopped) return;
    const wait = RECONNECT_MS[Math.min(state.attempts, RECONNECT_MS.length - 1)];
    state.attempts += 1;
    $("connection").textContent = "Connection lost; reconnecting…";
    document.body.dataset.connected = "false";
    setTimeout(connect, wait);
  };
  socket.addEventListener("open", () => { document.body.dataset.connected = "true"; });
}

$("typed").onsubmit = (event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (text) act(text);
  $("move-text").value = "";
};

document.addEventListener("keydown", (event) => {
  if (event.target instanceof HTMLInputElement || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "m") { $("moves").querySelector("button")?.focus(); event.preventDefault(); }
  if (event.key === "t") { $("move-text").focus(); event.preventDefault(); }
  if (event.key === "h") { $("history").lastElementChild?.scrollIntoView(); $("history-title").focus?.(); }
  if (event.key === "Escape" && state.filter) { state.filter = null; drawMoves(); }
});

if (token) save();
if (state.view && saved.welcome) state.welcome = saved.welcome;
// The titles come once; the page plays without them (the name stands in).
fetch("/api/games")
  .then((answer) => answer.json())
  .then((catalogue) => {
    for (const g of catalogue.games) titles.set(g.name, g.title);
    draw();
  })
  .catch(() => {});
connect();
