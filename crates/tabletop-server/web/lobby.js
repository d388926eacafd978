// The lobby: GET /api/games fills the form (and says where the offline
// table is, when there is one); POST /api/matches answers one capability
// link per person seat.
import { el } from "/web/sentences.js";

const $ = (id) => document.getElementById(id);
let games = [];


function chosen() {
  return games.find((g) => g.name === $("game").value);
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
  options.replaceChildren(el("legend", { textContent: "Options" }));
  for (const [key, value] of Object.entries(game.config)) {
    if (key === "players" || Array.isArray(value) || (value !== null && typeof value === "object")) continue;
    const id = "opt-" + key;
    if (typeof value === "boolean") {
      options.append(el("label", {}, el("input", { id, type: "checkbox", checked: value, dataset: { key } }), " " + key.replace(/_/g, " ")));
    } else {
      options.append(el("label", { htmlFor: id, textContent: key.replace(/_/g, " ") }),
        el("input", { id, type: typeof value === "number" ? "number" : "text", value: String(value), dataset: { key } }));
    }
  }
  options.hidden = options.children.length === 1;
  drawSeats();
}

function drawSeats() {
  const game = chosen();
  const seats = $("seats");
  const old = [...seats.querySelectorAll("select")].map((s) => s.value);
  seats.replaceChildren(el("legend", { textContent: "Seats" }));
  const n = Math.min(Math.max(Number($("players").value) || game.players, game.min_players), game.max_players);
  for (let i = 0; i < n; i++) {
    const select = el("select", { id: "seat-" + i });
    select.append(el("option", { value: "person", textContent: "a person" }));
    for (const bot of game.bots) select.append(el("option", { value: bot, textContent: "bot: " + bot }));
    select.value = old[i] ?? "person";
    seats.append(el("label", { htmlFor: select.id, textContent: "Seat " + i }), select);
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
  const body = {
    game: gameString(),
    seats: [...$("seats").querySelectorAll("select")].map((s) => s.value),
    spectators: $("spectators").checked,
  };
  const seconds = $("turn-seconds").value.trim();
  if (seconds) body.turn_seconds = Number(seconds);
  const answer = await fetch("/api/matches", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const json = await answer.json();
  if (!answer.ok) {
    $("lobby-error").textContent = json.error ? json.error.text : "the match was not created";
    return;
  }
  const list = $("link-list");
  list.replaceChildren();
  for (const seat of json.seats) {
    if (!seat.link) {
      list.append(el("li", { textContent: `Seat ${seat.seat}: bot ${seat.kind}` }));
      continue;
    }
    const url = new URL(seat.link, location.href).href;
    list.append(el("li", {}, `Seat ${seat.seat}: `, el("a", { href: url, target: "_blank", className: "seat-link", dataset: { seat: seat.seat }, textContent: url })));
  }
  if (json.spectate) {
    const url = new URL(json.spectate, location.href).href;
    list.append(el("li", {}, "Spectators: ", el("a", { href: url, target: "_blank", className: "spectate-link", textContent: url })));
  }
  $("links").hidden = false;
  $("links").dataset.match = json.id;
}

async function start() {
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
  drawOptions();
  document.body.dataset.ready = "true";
}
start();
