// An offline table on the package: people at one screen and bots. Each
// person sees only their own view (`state.view(seat)`) when it is their
// turn; while a bot plays or chance is drawn the screen shows what a
// spectator sees. Chance is drawn from a DiceRng seeded from the browser's
// crypto (or `?seed=N`, for a game that can be played again).
//
// Chance and bots are played on the page's frames, a few milliseconds of
// steps a frame (at least one), so that the page answers while bots think
// and a table of bots only shows its game as it goes.
import { DiceRng, SPECTATOR, advanceFor, loadGame, needsAdvance } from "../index.js";

/** The most time a frame spends on steps, in milliseconds (one step at least). */
const FRAME_BUDGET_MS = 8;

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let table = null;

/** The seat pickers for the game in the text box. */
function showSeats() {
  let game;
  try {
    game = loadGame($("game").value);
  } catch (e) {
    $("status").textContent = e.message;
    return;
  }
  const bots = game.botNames();
  $("seats").innerHTML = "";
  for (let seat = 0; seat < game.numPlayers(); seat++) {
    const pick = document.createElement("select");
    pick.id = `seat-${seat}`;
    for (const who of ["person", ...bots.map((b) => `bot: ${b}`)]) pick.add(new Option(who, who));
    if (seat > 0) pick.value = `bot: ${bots[0]}`;
    const label = document.createElement("label");
    label.className = "seat";
    label.append(`Seat ${seat} `, pick);
    $("seats").append(label);
  }
  $("status").textContent = "Choose who sits where, then start.";
}

function seed() {
  if (params.has("seed")) return BigInt(params.get("seed"));
  const words = crypto.getRandomValues(new Uint32Array(2));
  return (BigInt(words[0]) << 32n) | BigInt(words[1]);
}

function start() {
  const game = loadGame($("game").value);
  const seats = [];
  for (let seat = 0; seat < game.numPlayers(); seat++) {
    const who = $(`seat-${seat}`).value;
    seats.push(who === "person" ? null : game.newBot(who.slice(5), who.endsWith("mcts") ? 200 : undefined));
  }
  table = { game, seats, state: game.newInitialState(), rng: new DiceRng(seed()), told: 0 };
  $("log").textContent = "";
  step();
}

/** Appends the entries since the last step to the log, as a spectator is told them. */
function tell() {
  const update = table.state.update(SPECTATOR, table.told);
  for (const entry of update.entries) $("log").textContent += JSON.stringify(entry) + "\n";
  table.told = update.to;
}

/** Draws the table; while chance or a bot is to move, plays on the next
 * frame and draws again, until a person is to move or the game is over. */
function step() {
  const { state, seats, rng } = table;
  tell();
  $("moves").innerHTML = "";
  if (needsAdvance(state, seats)) {
    const seat = state.currentPlayer();
    $("status").textContent = state.isChanceNode() ? "Chance is drawn." : `Seat ${seat} (bot) is thinking.`;
    $("whose").textContent = "the table";
    $("view").textContent = JSON.stringify(state.view(SPECTATOR), null, 1);
    const current = table;
    requestAnimationFrame(() => {
      // A new game started since: this one is left as it is.
      if (table !== current) return;
      advanceFor(state, seats, rng, FRAME_BUDGET_MS);
      step();
    });
    return;
  }
  if (state.isTerminal()) {
    const returns = state.returns();
    $("status").textContent = `Game over. Returns: ${returns.join(", ")}`;
    $("whose").textContent = "the table";
    $("view").textContent = JSON.stringify(state.view(SPECTATOR), null, 1);
    document.body.dataset.over = "true";
    document.body.dataset.record = state.serialize();
    return;
  }
  const seat = state.currentPlayer();
  $("status").textContent = `Seat ${seat}: your move.`;
  $("whose").textContent = `seat ${seat}`;
  $("view").textContent = JSON.stringify(state.view(seat), null, 1);
  for (const [id, text] of state.legalFor(seat)) {
    const button = document.createElement("button");
    button.textContent = text;
    button.dataset.id = id;
    button.onclick = () => {
      try {
        state.applyAction(id, seat);
      } catch (e) {
        $("status").textContent = `${e.name}: ${e.message}`;
        return;
      }
      step();
    };
    $("moves").append(button);
  }
}

$("game").onchange = showSeats;
$("start").onclick = start;
if (params.has("game")) $("game").value = params.get("game");
showSeats();
document.body.dataset.ready = "true";
