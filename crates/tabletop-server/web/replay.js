// A finished match stepped through as one viewer saw it: the server's
// replay (GET /api/matches/{id}/replay), each step's view rebuilt from
// the last by its patch, drawn as the play page draws it, with the
// history up to that step. The spectators' eyes when the match has
// spectators; a seat's eyes only with the seat's token this browser
// holds (kept with "Your matches", sent in a header, never in the URL), or any
// seat's when the match's replays are public. Only those are offered.
import { applyPatch } from "/web/patch.js";
import { el } from "/web/dom.js";
import { t, refusalText, translateStatic, languagePicker, onLanguage } from "/web/i18n.js";
import { seatName } from "/web/sentences.js";
import { drawerOf, loadDrawer } from "/web/drawers.js";
import { drawHistory } from "/web/history.js";
import { markLastMove } from "/web/last-move.js";
import { drawPlayers, drawResult } from "/web/players.js";
import { drawHelp } from "/web/help.js";
import { addSidePanel } from "/web/side-panel.js";
import { focusedKey, refocus } from "/web/focus.js";
import { heldSeats, tokenOf } from "/web/my-seats.js";

const $ = (id) => document.getElementById(id);
addSidePanel(document.querySelector("aside.side"), { keys: "replay.keys" });
const matchId = decodeURIComponent(location.pathname.split("/").pop());
const titles = new Map();

/** The replay loaded: its views after each step, its entries and their
 * narration, and where each step ends in them. */
let replay = null;
let at = 0;

/** The tokens this browser holds for the match's seats ("Your
 * matches" keeps each seat's link), by seat. */
function held() {
  const tokens = new Map();
  for (const s of heldSeats()) {
    const token = s.id === matchId && Number.isInteger(s.seat) ? tokenOf(s.link) : null;
    if (token) tokens.set(s.seat, token);
  }
  return tokens;
}

/** The eyes this asker may open: `null` for the spectators', seats by
 * number. */
function openable(facts) {
  const eyes = [];
  if (facts.spectators || facts.public_replays) eyes.push(null);
  const mine = held();
  facts.seats.forEach((_, seat) => {
    if (facts.public_replays || mine.has(seat)) eyes.push(seat);
  });
  return eyes;
}

let facts = null;

function viewerSeat() {
  const seat = new URLSearchParams(location.search).get("seat");
  if (/^\d+$/.test(seat ?? "")) return Number(seat);
  // No seat asked: the spectators', or the seat held when there are none.
  const eyes = facts ? openable(facts) : [null];
  return eyes.includes(null) ? null : eyes[0] ?? null;
}

async function load() {
  if (!facts) {
    const answer = await fetch(`/api/matches/${encodeURIComponent(matchId)}`).catch(() => null);
    facts = answer?.ok ? await answer.json().catch(() => null) : null;
  }
  const seat = viewerSeat();
  const query = seat === null ? "" : `?seat=${seat}`;
  const token = seat === null ? undefined : held().get(seat);
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const answer = await fetch(`/api/matches/${encodeURIComponent(matchId)}/replay${query}`, { headers }).catch(() => null);
  const json = answer ? await answer.json().catch(() => ({})) : {};
  if (!answer?.ok) {
    $("error").textContent = `${t("replay.failed")} ${refusalText(json.error)}`;
    if (facts) drawViewers(facts);
    document.body.dataset.ready = "true";
    return;
  }
  $("error").textContent = "";
  const views = [json.start];
  const entries = [];
  const narration = [];
  const ends = [0];
  for (const step of json.steps) {
    views.push(applyPatch(views.at(-1), step.view_patch));
    entries.push(...step.entries);
    narration.push(...step.narration);
    ends.push(entries.length);
  }
  await loadDrawer(json.game);
  replay = { ...json, views, entries, narration, ends };
  $("step").max = String(json.steps.length);
  drawViewers(facts ?? { ...json, spectators: json.viewer === "spectator", public_replays: false });
  go(json.steps.length);
  document.body.dataset.ready = "true";
}

/** The eyes offered: only those this asker may open (and the one shown). */
function drawViewers(about) {
  const select = $("viewer");
  const eyes = openable(about);
  const shown = viewerSeat();
  if (!eyes.includes(shown)) eyes.push(shown);
  select.replaceChildren(...eyes.map((seat) => seat === null
    ? el("option", { value: "", textContent: t("replay.spectators") })
    : el("option", { value: String(seat), textContent: seatName(seat, { names: about.names, seat: null }, true) })));
  select.value = shown === null ? "" : String(shown);
}

function context() {
  const step = replay.steps[at - 1];
  return {
    game: replay.game,
    seats: replay.seats,
    names: replay.names,
    free: [],
    seat: viewerSeat(),
    players: replay.seats.length,
    view: replay.views[at],
    legal: [],
    toMove: step?.to_move ?? null,
    result: at === replay.steps.length ? replay.result : null,
    scoreboard: step?.scoreboard ?? null,
    odds: new Map(),
    act: () => {},
    choose: () => {},
    replay: true,
  };
}

/** Shows the table after `step` steps. */
function go(step) {
  if (!replay) return;
  const before = focusedKey();
  at = Math.max(0, Math.min(replay.steps.length, step));
  const ctx = context();
  const drawer = drawerOf(replay.game);
  const title = titles.get(replay.game) ?? replay.game;
  $("title").textContent = `${t("replay.title")} — ${title}`;
  document.title = `${title} — ${t("replay.title")}`;
  const shown = replay.ends[at];
  const told = replay.entries.slice(0, shown);
  const board = drawer.draw(ctx);
  $("board").replaceChildren(board);
  markLastMove(board, told);
  drawPlayers($("players"), ctx, drawer);
  // Whose eyes the history is told through: a seat's, or the spectators'.
  const eyes = ctx.seat === null ? t("replay.spectators") : seatName(ctx.seat, { names: replay.names, seat: null });
  $("history-title").textContent = t("replay.history", eyes);
  drawHistory($("history"), told, replay.narration, ctx, drawer, `${ctx.seat}:${document.documentElement.lang}`);
  $("result").hidden = !ctx.result;
  if (ctx.result) drawResult($("result-body"), ctx, drawer);
  drawHelp($("help"), drawer, replay.game);
  $("step").value = String(at);
  $("status").textContent = t("replay.step", at, replay.steps.length);
  $("first").disabled = $("prev").disabled = at === 0;
  $("next").disabled = $("last").disabled = at === replay.steps.length;
  // A button that became disabled gives its focus to the slider.
  if (before && !refocus(before)) $("step").focus({ preventScroll: true });
  document.body.dataset.step = String(at);
  document.body.dataset.seq = String(shown);
  document.body.dataset.over = String(Boolean(ctx.result));
}

$("first").onclick = () => go(0);
$("prev").onclick = () => go(at - 1);
$("next").onclick = () => go(at + 1);
$("last").onclick = () => go(Infinity);
$("step").oninput = () => go(Number($("step").value));
$("viewer").onchange = () => {
  const seat = $("viewer").value;
  history.replaceState(null, "", seat === "" ? location.pathname : `${location.pathname}?seat=${seat}`);
  $("history").replaceChildren();
  load();
};
document.addEventListener("keydown", (event) => {
  const inField = event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement;
  if (inField || event.ctrlKey || event.metaKey || event.altKey || !replay) return;
  const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity };
  if (event.key in moves && !event.target.closest?.("#history")) {
    go(moves[event.key]);
    event.preventDefault();
  }
});

$("language-slot").replaceWith(languagePicker());
translateStatic();
onLanguage(() => { if (facts) drawViewers(facts); if (replay) { $("history").replaceChildren(); go(at); } });
fetch("/api/games")
  .then((answer) => answer.json())
  .then((catalogue) => {
    for (const g of catalogue.games) titles.set(g.name, g.title);
    if (replay) go(at);
  })
  .catch(() => {});
load();
