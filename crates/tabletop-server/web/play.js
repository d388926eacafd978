// The play page a capability link opens. It shows only what the server
// sends this seat: its view, its history as it saw it (in the engine's
// words where the page has none of its own), its legal moves in words
// with their notation; and, from the lobby's public facts, the players'
// names, open seats and a rematch.
//
// The token travels in the URL fragment (#token=...), which the browser
// never sends to a server; it is kept in sessionStorage with the last
// sequence number, the history and the view, so a reload resumes where it
// was and a dropped connection asks only for what it missed.
//
// After every update the page is redrawn in place: focus stays on the
// element it was on (by its data-key), the history scrolls in its own box
// only, the turn line stays on screen, and nothing of an earlier state
// (a refusal, a lost connection, moves after the end) is left showing.
import { applyPatch } from "/web/patch.js";
import { el } from "/web/dom.js";
import { t, refusalText, translateStatic, languagePicker, onLanguage } from "/web/i18n.js";
import { seatName } from "/web/sentences.js";
import { drawerOf, loadDrawer } from "/web/drawers.js";
import { drawMoves } from "/web/moves.js";
import { drawHistory } from "/web/history.js";
import { drawPlayers, drawResult, isFree, winnersLine } from "/web/players.js";
import { drawHelp } from "/web/help.js";
import { addSidePanel } from "/web/side-panel.js";
import { focusedKey, refocus, rove, focusGroup } from "/web/focus.js";
import { goToSeat } from "/web/seat-link.js";
import { markLastMove } from "/web/last-move.js";
import { alertPicker, turnDrawn } from "/web/turn-alert.js";
import { rememberSeat } from "/web/my-seats.js";
import { drawTalk, heard, heardAll, isTalkRefusal, startTalk, talkRefused } from "/web/chat.js";

/** The protocol's opt-ins: each update's view as a JSON Patch of the last
 * one (`update.view_patch`), each legal move's text sent once per
 * connection (`[id]` after that), and each entry in the engine's words
 * (`update.narration`). */
export const VIEW_PATCHES = true;
export const KNOWN_TEXTS = true;
export const NARRATION = true;

/** Each game's title, from the server's catalogue (`GET /api/games`). */
const titles = new Map();
const RECONNECT_MS = [250, 500, 1000, 2000, 4000];
/** How often the lobby's facts are read while a seat is free or a
 * rematch may come, and for how long at most. */
const FACTS_EVERY_MS = 4000;
const FACTS_POLLS = 150;

const $ = (id) => document.getElementById(id);
addSidePanel(document.querySelector("aside.side"), { heading: "history.title", focusable: true });
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
const same = saved.token === token;

const state = {
  seq: same ? saved.seq ?? null : null,
  entries: same ? saved.entries ?? [] : [],
  narration: same ? saved.narration ?? [] : [],
  view: same ? saved.view ?? null : null,
  welcome: null,
  update: null,
  pending: null,
  socket: null,
  attempts: 0,
  stopped: false,
  filter: null,
  counter: 0,
  facts: null,
  polls: 0,
  pollTimer: null,
};

function save() {
  try {
    sessionStorage.setItem(key, JSON.stringify({ token, seq: state.seq, entries: state.entries, narration: state.narration, view: state.view }));
  } catch {
    // A full or disabled storage only costs the resume on reload.
  }
}

function connected() {
  return Boolean(state.socket && state.socket.readyState === WebSocket.OPEN);
}

function drawer() {
  return drawerOf(state.welcome?.game);
}

function context() {
  const update = state.update;
  const odds = new Map((update.conquest_odds ?? []).map((o) => [o.action, o]));
  return {
    game: state.welcome.game,
    seats: state.welcome.seats,
    names: state.facts?.names ?? [],
    free: state.facts?.free ?? [],
    seat: state.welcome.seat,
    players: state.welcome.seats.length,
    view: state.view,
    legal: connected() ? update.legal : [],
    toMove: update.to_move,
    result: update.result,
    scoreboard: update.scoreboard ?? null,
    odds,
    act,
    choose: (filter, where) => {
      state.filter = { keep: filter, where };
      drawMoves_(context());
      focusGroup($("moves"));
    },
  };
}

window.addEventListener("offline", () => state.socket?.close());

function act(action) {
  if (!connected()) return;
  state.counter += 1;
  const clientId = "web-" + Date.now().toString(36) + "-" + state.counter;
  state.pending = { type: "act", seq: state.seq, action, client_id: clientId };
  $("refusal").textContent = "";
  state.socket.send(JSON.stringify(state.pending));
}

/** Sends a line of talk; whether it went. */
function say(text) {
  if (!connected()) return false;
  state.socket.send(JSON.stringify({ type: "say", text }));
  return true;
}

function drawStatus(ctx) {
  const status = $("status");
  const to = ctx.toMove && typeof ctx.toMove === "object" && "player" in ctx.toMove ? ctx.toMove.player : null;
  if (ctx.result) {
    // Who won, in the sticky turn line: in view on a phone scrolled down to
    // the history, where the final score above the board is not.
    status.textContent = `${t("status.over")} ${winnersLine(ctx)}`;
  } else if (!connected()) {
    status.textContent = t("status.offline");
  } else if (to !== null) {
    status.textContent = to === ctx.seat ? t("status.yours")
      : isFree(to, ctx) ? t("status.waitingFor", seatName(to, ctx)) : t("status.of", seatName(to, ctx));
  } else {
    status.textContent = t("status.chance");
  }
  status.className = to !== null && !ctx.result ? `owner-${to}` : "";
  document.body.dataset.toMove = to ?? "";
  document.body.dataset.myTurn = String(ctx.legal.length > 0);
}

/** The tab says when it is this seat's turn, for a person looking at
 * another tab: its title starts with the words and its icon turns from
 * grey to the focus colour. */
function drawTab(ctx, title) {
  const yours = ctx.legal.length > 0 && !ctx.result;
  document.title = (yours ? `● ${t("tab.yours")} — ` : "") + title + " — tabletop";
  let icon = document.querySelector('link[rel="icon"]');
  if (!icon) {
    icon = el("link", { rel: "icon", type: "image/svg+xml" });
    document.head.append(icon);
  }
  const fill = yours ? "%23c25e00" : "%23888888";
  icon.href = `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='1' y='1' width='14' height='14' rx='3' fill='${fill}'/><circle cx='8' cy='8' r='2.5' fill='white'/></svg>`;
  icon.dataset.yours = String(yours);
  turnDrawn(yours, title);
}

function drawMoves_(ctx) {
  const none = ctx.result ? t("moves.over") : spectating ? t("moves.watching") : !connected() ? t("moves.offline") : t("moves.wait");
  $("moves-title").textContent = spectating ? t("offline.moves") : t("moves.title");
  drawMoves($("moves"), ctx, drawer(), {
    filter: state.filter?.keep ?? null,
    where: state.filter?.where ?? "",
    onAll: () => { state.filter = null; drawMoves_(context()); focusGroup($("moves")); },
    none,
  });
  $("typed").hidden = !ctx.legal.length;
}

/** After the end: the rematch (ask for it, or join the one a seat asked
 * for) and the replay. */
function drawAfter(ctx) {
  const after = $("after");
  const parts = [];
  const facts = state.facts;
  if (!spectating) {
    if (facts?.rematch) parts.push(el("p", { textContent: t("rematch.open") }));
    const b = el("button", { type: "button", id: "rematch", className: "rematch", textContent: facts?.rematch ? t("rematch.join") : t("rematch.ask") });
    b.onclick = rematch;
    parts.push(b);
  } else if (facts?.rematch) {
    parts.push(el("p", {}, el("a", { href: `/play/${encodeURIComponent(facts.rematch)}#spectate`, textContent: t("rematch.open") + " " + t("watching") })));
  }
  // A seat replays its own eyes; anyone the spectators' view, or every
  // seat's when the match's replays are public.
  if (facts?.spectators || facts?.public_replays || !spectating) {
    const query = ctx.seat === null || ctx.seat === undefined ? "" : `?seat=${ctx.seat}`;
    parts.push(el("p", {}, el("a", { id: "replay-link", href: `/replay/${encodeURIComponent(matchId)}${query}`, textContent: t("replay.link") })));
  }
  parts.push(el("p", { id: "rematch-note", className: "quiet", role: "status" }));
  after.replaceChildren(...parts);
}

async function rematch() {
  const refused = await goToSeat(`/api/matches/${encodeURIComponent(matchId)}/rematch`, { token });
  const note = $("rematch-note");
  if (refused !== null && note) note.textContent = refused || t("lobby.failed");
}

function draw() {
  if (!state.update || !state.view || !state.welcome) return;
  const before = focusedKey();
  const ctx = context();
  const title = titles.get(ctx.game) ?? ctx.game;
  $("title").textContent = title + " — " + (ctx.seat === null ? t("watching") : t("seat.you", ctx.seat));
  drawTab(ctx, title);
  drawStatus(ctx);
  const board = drawer().draw(ctx);
  $("board").replaceChildren(board);
  markLastMove(board, state.entries);
  rove($("board"), "button", "board");
  drawPlayers($("players"), ctx, drawer());
  drawTalk($("talk-box"), ctx, say);
  drawMoves_(ctx);
  drawHistory($("history"), state.entries, state.narration, ctx, drawer(), `${ctx.seat}:${document.documentElement.lang}:${(state.facts?.names ?? []).join("|")}`);
  $("result").hidden = !ctx.result;
  if (ctx.result) {
    drawResult($("result-body"), ctx, drawer());
    drawAfter(ctx);
  }
  drawHelp($("help"), drawer(), ctx.game);
  // Focus stays where it was; on an element the update took away, it
  // goes to the moves' heading, not to the top of the page.
  if (before && !refocus(before) && document.activeElement === document.body) {
    $("moves-title").focus({ preventScroll: true });
  }
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.game = ctx.game;
  document.body.dataset.over = String(!!ctx.result);
  document.body.dataset.connected = String(connected());
}

/** Reads the lobby's facts (names, free seats, the rematch); reads them
 * again a while later as long as one may still change. */
async function readFacts() {
  clearTimeout(state.pollTimer);
  const answer = await fetch(`/api/matches/${encodeURIComponent(matchId)}`).catch(() => null);
  if (answer?.ok) {
    state.facts = await answer.json();
    draw();
  }
  const over = state.facts?.status === "over" || Boolean(state.update?.result);
  const waiting = (state.facts?.free ?? []).length > 0 || (over && !state.facts?.rematch) || !state.facts;
  if (waiting && state.polls < FACTS_POLLS) {
    state.polls += 1;
    state.pollTimer = setTimeout(readFacts, FACTS_EVERY_MS);
  }
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
    state.narration = state.narration.slice(0, update.from);
    $("history").replaceChildren();
  }
  state.narration = state.narration.slice(0, state.entries.length).concat(update.narration ?? update.entries.map(() => null));
  state.entries = state.entries.concat(update.entries);
  if (seq !== state.seq) $("refusal").textContent = "";
  const ended = Boolean(update.result) && !state.update?.result;
  // An open seat that moved was taken: its player's name is in the facts.
  const taken = update.entries.some((e) => "player" in e && (state.facts?.free ?? []).includes(e.player));
  state.seq = seq;
  state.update = update;
  state.filter = null;
  save();
  draw();
  if (ended || taken) {
    state.polls = 0;
    readFacts();
  }
}

function onFrame(frame) {
  switch (frame.type) {
    case "welcome":
      state.welcome = frame;
      // The lobby lists this seat under "Your matches" from now on.
      if (token && typeof frame.seat === "number") {
        rememberSeat({ id: matchId, seat: frame.seat, game: frame.game, link: `/play/${encodeURIComponent(matchId)}#token=${token}` });
      }
      state.attempts = 0;
      $("connection").textContent = "";
      heardAll(frame.talk);
      take(frame.seq, frame.update);
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
      $("refusal").textContent = t("stale");
      break;
    case "said":
      heard(frame);
      if (state.update) drawTalk($("talk-box"), context(), say);
      break;
    case "refused":
      if (isTalkRefusal(frame.reason)) {
        talkRefused($("talk-box"), frame.reason);
        break;
      }
      state.pending = null;
      $("refusal").textContent = refusalText(frame.reason);
      break;
    case "error":
      $("connection").textContent = refusalText(frame.reason);
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
    if (NARRATION) hello.narration = true;
    socket.send(JSON.stringify(hello));
  };
  // Frames are taken in order; a welcome first loads its game's drawing.
  let frames = Promise.resolve();
  socket.onmessage = (event) => {
    const frame = JSON.parse(event.data);
    frames = frames
      .then(() => (frame.type === "welcome" ? loadDrawer(frame.game) : null))
      .then(() => onFrame(frame))
      .catch((e) => console.error(e));
  };
  socket.onclose = () => {
    if (state.socket !== socket) return;
    draw();
    if (state.stopped) return;
    const wait = RECONNECT_MS[Math.min(state.attempts, RECONNECT_MS.length - 1)];
    state.attempts += 1;
    setTimeout(connect, wait);
  };
}

$("typed").onsubmit = (event) => {
  event.preventDefault();
  const text = $("move-text").value.trim();
  if (text) act(text);
  $("move-text").value = "";
};

document.addEventListener("keydown", (event) => {
  const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "m") { if (!focusGroup($("moves"))) $("moves-title").focus(); event.preventDefault(); }
  if (event.key === "b") { focusGroup($("board")); event.preventDefault(); }
  if (event.key === "t" && !$("typed").hidden) { $("move-text").focus(); event.preventDefault(); }
  if (event.key === "h") { $("history").focus(); event.preventDefault(); }
  if (event.key === "Escape" && state.filter) { state.filter = null; drawMoves_(context()); focusGroup($("moves")); }
});

$("language-slot").replaceWith(languagePicker());
if (token) $("alert-slot").replaceWith(alertPicker());
translateStatic();
startTalk(matchId);
onLanguage(() => { $("history").replaceChildren(); draw(); });
if (token) save();
// The titles come once; the page plays without them (the name stands in).
fetch("/api/games")
  .then((answer) => answer.json())
  .then((catalogue) => {
    for (const g of catalogue.games) titles.set(g.name, g.title);
    draw();
  })
  .catch(() => {});
readFacts();
connect();
