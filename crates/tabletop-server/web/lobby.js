// The lobby: GET /api/games fills the form (and says where the offline
// table is, when there is one); POST /api/matches answers one capability
// link per person seat; GET /api/matches?open=true lists the matches
// with a free seat, and POST /api/matches/{id}/seats/{n} takes one with
// the player's name (its link opens the play page).
import { el } from "/web/dom.js";
import { t, wordsFor, refusalText, botName, translateStatic, languagePicker, onLanguage } from "/web/i18n.js";
import { goToSeat } from "/web/seat-link.js";

const $ = (id) => document.getElementById(id);
const NAME_KEY = "tabletop:name";
let games = [];
let open = [];
// The cursor of the list's next page, null when the last page is shown.
let nextPage = null;

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
  if (json.seats.some((s) => s.kind === "open")) listOpen();
}

/** Keeps `name` for the next visit, and as the name a free seat is
 * taken with. */
function remember(name) {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // The name is only not remembered.
  }
  if (!$("join-name").value.trim()) $("join-name").value = name;
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
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch {
    // The name is only not remembered.
  }
  const refused = await goToSeat(`/api/matches/${encodeURIComponent(id)}/seats/${seat}`, { name });
  if (refused === null) return;
  $("join-error").textContent = refused || t("lobby.failed");
  listOpen();
}

function drawOpen() {
  const list = $("open-list");
  if (!open.length) {
    list.replaceChildren(el("li", { className: "quiet", textContent: t("join.none") }));
    return;
  }
  list.replaceChildren(...open.map((m) => {
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
        b.onclick = () => take(m.id, seat);
        return b;
      })));
    item.dataset.match = m.id;
    return item;
  }));
}

// The list's first page, or with `more` the next page appended to it.
async function listOpen(more = false) {
  const after = more && nextPage ? `&after=${encodeURIComponent(nextPage)}` : "";
  const answer = await fetch(`/api/matches?open=true${after}`).catch(() => null);
  if (answer?.ok) {
    const page = await answer.json();
    open = after ? open.concat(page.matches) : page.matches;
    nextPage = page.next ?? null;
  }
  $("join-more").hidden = !nextPage;
  drawOpen();
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
  onLanguage(() => { drawOptions(); drawOpen(); });
  drawOptions();
  await listOpen();
  document.body.dataset.ready = "true";
}
start();
