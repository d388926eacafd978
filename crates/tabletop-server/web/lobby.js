// The lobby: GET /api/games fills the form (and says where the offline
// table is, when there is one); POST /api/matches answers one capability
// link per person seat; GET /api/matches?open=true lists the matches
// with a free seat, and POST /api/matches/{id}/seats/{n} takes one with
// the player's name (its link opens the play page). "Your matches" lists
// the seats this browser holds (my-matches.js). While the page is in
// view, the open matches are read again every REFRESH seconds (the pages
// shown, redrawn in place), and the seats held every few of those.
import { el } from "/web/dom.js";
import { t, lang, wordsFor, refusalText, botName, translateStatic, languagePicker, onLanguage } from "/web/i18n.js";
import { goToSeat } from "/web/seat-link.js";
import { redrawKeyed } from "/web/keyed.js";
import { focusedKey, refocus } from "/web/focus.js";
import { rememberSeat } from "/web/my-seats.js";
import { drawMine, readMine } from "/web/my-matches.js";

const $ = (id) => document.getElementById(id);
const NAME_KEY = "tabletop:name";
let games = [];
let open = [];
// The cursor of the list's next page, null when the last page is shown.
let nextPage = null;
// How many pages of the list are shown.
let pagesShown = 1;
// The list's readings, one after the other.
let listing = Promise.resolve();

/** Seconds between two readings of the list while the page is in view:
 * 15, or `?refresh=SECONDS`. */
const REFRESH = Number(new URLSearchParams(location.search).get("refresh")) || 15;
/** The seats held are read again every this many readings of the list. */
const MINE_EVERY = 4;
let ticks = 0;
let timer = null;

function chosen() {
  return games.find((g) => g.name === $("game").value);
}

function title(name) {
  return games.find((g) => g.name === name)?.title ?? name;
}

function drawOptions() {
  const game = chosen();
  const players = $("players");
  players.min = game.min_players;
  players.max = game.max_players;
  if (Number(players.value) < game.min_players || Number(players.value) > game.max_players) {
    players.value = game.players;
  }
  const options = $("options");
  const values = Object.fromEntries([...options.querySelectorAll("input")].map((i) => [i.dataset.key, i.type === "checkbox" ? i.checked : i.value]));
  options.replaceChildren(el("legend", { textContent: t("lobby.options") }));
  for (const [key, value] of Object.entries(game.config)) {
    if (key === "players" || Array.isArray(value) || (value !== null && typeof value === "object")) continue;
    const id = "opt-" + key;
    const kept = options.dataset.game === game.name ? values[key] : undefined;
    if (typeof value === "boolean") {
      options.append(el("label", {}, el("input", { id, type: "checkbox", checked: kept ?? value, dataset: { key } }), " " + wordsFor("option.", key)));
    } else {
      options.append(el("label", { htmlFor: id, textContent: wordsFor("option.", key) }),
        el("input", { id, type: typeof value === "number" ? "number" : "text", value: String(kept ?? value), dataset: { key } }));
    }
  }
  options.dataset.game = game.name;
  options.hidden = options.children.length === 1;
  drawSeats();
}

function drawSeats() {
  const game = chosen();
  const seats = $("seats");
  const old = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.replaceChildren(el("legend", { textContent: t("lobby.seats") }));
  const n = Math.min(Math.max(Number($("players").value) || game.players, game.min_players), game.max_players);
  for (let i = 0; i < n; i++) {
    const select = el("select", { id: "seat-" + i });
    select.append(el("option", { value: "person", textContent: t("lobby.person") }));
    select.append(el("option", { value: "open", textContent: t("lobby.open") }));
    // Levels by name first, weakest first; the bots by their own names after.
    const kinds = [...(game.levels ?? []).map((level) => "level:" + level.name), ...game.bots];
    for (const kind of kinds) select.append(el("option", { value: kind, textContent: t("lobby.bot", botName(kind)) }));
    select.value = old[i] && [...select.options].some((o) => o.value === old[i]) ? old[i] : "person";
    seats.append(el("label", { htmlFor: select.id, textContent: t("lobby.seat", i) }), select);
  }
}

function gameString() {
  const game = chosen();
  const params = ["players=" + Number($("players").value)];
  for (const input of $("options").querySelectorAll("input")) {
    const key = input.dataset.key;
    const value = input.type === "checkbox" ? String(input.checked) : input.value.trim();
    if (String(game.config[key]) !== value) params.push(key + "=" + value);
  }
  return game.name + "(" + params.join(",") + ")";
}

async function create(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const body = { game: gameString(), seats, spectators: $("spectators").checked };
  if ($("public-replays").checked) body.public_replays = true;
  // The creator's name goes to the first person's seat, theirs.
  const name = $("create-name").value.trim();
  const mine = seats.indexOf("person");
  if (name && mine >= 0) {
    body.names = seats.map((_, seat) => (seat === mine ? name : null));
    remember(name);
  }
  const seconds = $("turn-seconds").value.trim();
  if (seconds) body.turn_seconds = Number(seconds);
  const answer = await fetch("/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = await answer.json();
  if (!answer.ok) {
    $("lobby-error").textContent = json.error ? refusalText(json.error) : t("lobby.failed");
    return;
  }
  const list = $("link-list");
  list.replaceChildren();
  for (const seat of json.seats) {
    if (seat.kind === "open") {
      list.append(el("li", { textContent: t("lobby.openSeat", seat.seat) }));
    } else if (!seat.link) {
      list.append(el("li", { textContent: t("lobby.botSeat", seat.seat, botName(seat.kind)) }));
    } else {
      const url = new URL(seat.link, location.href).href;
      list.append(el("li", {}, t("lobby.linkSeat", seat.seat), el("a", { href: url, target: "_blank", className: "seat-link", dataset: { seat: seat.seat }, textContent: url })));
    }
  }
  if (json.spectate) {
    const url = new URL(json.spectate, location.href).href;
    list.append(el("li", {}, t("lobby.spectate"), el("a", { href: url, target: "_blank", className: "spectate-link", textContent: url })));
  }
  $("links").hidden = false;
  $("links").dataset.match = json.id;
  holdCreated(json, body.game.split("(")[0]);
  if (json.seats.some((s) => s.kind === "open")) listOpen();
}

/** Keeps `name` for the next visit. */
function keepName(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // The name is only not remembered.
  }
}

/** Keeps `name` for the next visit, and as the name a free seat is
 * taken with. */
function remember(name) {
  keepName(name);
  if (!$("join-name").value.trim()) $("join-name").value = name;
}

/** The person seats of a match this browser created join "Your
 * matches": it holds their links. */
function holdCreated(created, game) {
  for (const seat of created.seats) {
    if (seat.link) rememberSeat({ id: created.id, seat: seat.seat, game, link: seat.link });
  }
  drawMine(title);
  readMine(title);
}

/** Takes seat `seat` of match `id` under the name typed; its link opens
 * the play page in this tab. */
async function take(id, seat) {
  $("join-error").textContent = "";
  const name = $("join-name").value.trim();
  if (!name) {
    $("join-error").textContent = t("join.needName");
    $("join-name").focus();
    return;
  }
  keepName(name);
  const refused = await goToSeat(`/api/matches/${encodeURIComponent(id)}/seats/${seat}`, { name });
  if (refused === null) return;
  $("join-error").textContent = refused || t("lobby.failed");
  listOpen();
}

function openItem(m) {
  const who = m.seats.map((kind, seat) => (m.free.includes(seat) ? t("open seat") : m.names[seat] || (kind === "person" || kind === "open" ? t("player", seat) : t("bot", botName(kind)))));
  const item = el("li", { className: "open-match" },
    el("strong", { textContent: title(m.game) }),
    " · ", t("join.seats", m.free.length, m.seats.length),
    m.turn_seconds ? " · " + t("join.deadline", m.turn_seconds) : "",
    el("div", { className: "quiet", textContent: who.join(" · ") }),
    el("div", { className: "take" }, ...m.free.map((seat) => {
      const b = el("button", { type: "button", className: "take-seat", textContent: t("join.take", seat) });
      b.dataset.match = m.id;
      b.dataset.seat = seat;
      b.dataset.key = `take:${m.id}:${seat}`;
      b.onclick = () => take(m.id, seat);
      return b;
    })));
  item.dataset.match = m.id;
  return item;
}

/** Draws the list in place: a match listed before keeps its element, so
 * a refresh moves neither the focus nor the page. */
function drawOpen() {
  const list = $("open-list");
  const before = focusedKey();
  const items = open.length
    ? open.map((m) => ({ key: m.id, same: JSON.stringify([m, lang]), build: () => openItem(m) }))
    : [{ key: "", same: lang, build: () => el("li", { className: "quiet", textContent: t("join.none") }) }];
  redrawKeyed(list, items);
  // A button of a match redrawn is focused again.
  if (before && document.activeElement === document.body) refocus(before);
}

/** Reads the list: with `more`, the next page appended to it; else the
 * pages shown, again from the first. One reading at a time. */
function listOpen(more = false) {
  // A reading that failed leaves the list as it was, and the next one runs.
  listing = listing.then(() => readOpen(more)).catch(() => {});
  return listing;
}

async function readOpen(more) {
  const pages = more ? 1 : pagesShown;
  let after = more ? nextPage : null;
  let read = [];
  let next = null;
  for (let n = 0; n < pages && (n === 0 || after); n += 1) {
    const query = after ? `&after=${encodeURIComponent(after)}` : "";
    const answer = await fetch(`/api/matches?open=true${query}`).catch(() => null);
    // A page not read leaves the list as it was.
    if (!answer?.ok) return;
    const page = await answer.json();
    read = read.concat(page.matches);
    next = page.next ?? null;
    after = next;
  }
  // The same match twice (the list changed between two pages): once.
  const seen = new Set(more ? open.map((m) => m.id) : []);
  read = read.filter((m) => !seen.has(m.id) && seen.add(m.id));
  open = more ? open.concat(read) : read;
  if (more) pagesShown += 1;
  nextPage = next;
  $("join-more").hidden = !nextPage;
  drawOpen();
}

/** Reads the list again a while later, while the page is in view; the
 * seats held every few readings. */
function schedule() {
  clearTimeout(timer);
  timer = setTimeout(async () => {
    if (document.hidden) return;
    ticks += 1;
    try {
      await listOpen();
      if (ticks % MINE_EVERY === 0) await readMine(title);
    } finally {
      schedule();
    }
  }, REFRESH * 1000);
}

/** Back in view: everything read at once, then on the usual beat. */
function onVisible() {
  if (document.hidden) {
    clearTimeout(timer);
    return;
  }
  listOpen();
  readMine(title);
  schedule();
}

async function start() {
  $("language-slot").replaceWith(languagePicker());
  translateStatic();
  try {
    $("join-name").value = $("create-name").value = localStorage.getItem(NAME_KEY) ?? "";
  } catch {
    // No remembered name.
  }
  const answer = await fetch("/api/games");
  const catalogue = await answer.json();
  games = catalogue.games;
  // The offline table, when the server serves the engines for it.
  if (catalogue.offline) {
    $("offline-link").href = catalogue.offline;
    $("offline").hidden = false;
  }
  const select = $("game");
  for (const g of games) select.append(el("option", { value: g.name, textContent: g.title ?? g.name }));
  select.value = games.some((g) => g.name === "age-of-war") ? "age-of-war" : games[0].name;
  select.onchange = drawOptions;
  $("players").oninput = drawSeats;
  $("create").onsubmit = create;
  $("join-refresh").onclick = () => listOpen();
  $("join-more").onclick = () => listOpen(true);
  onLanguage(() => { drawOptions(); drawOpen(); drawMine(title); });
  drawOptions();
  drawMine(title);
  await listOpen();
  document.body.dataset.ready = "true";
  readMine(title);
  document.addEventListener("visibilitychange", onVisible);
  schedule();
}
start();
