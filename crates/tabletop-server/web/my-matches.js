// "Your matches" in the lobby: the seats this browser holds (my-seats.js),
// each with a link back, the match's phase, and whether it is that seat's
// turn. The turn is asked with the seat's own token
// (`GET /api/matches/{id}/turn`): who moves next may be a secret of the
// game, so it comes from that seat's eyes, never from public facts.
import { el } from "/web/dom.js";
import { t, lang } from "/web/i18n.js";
import { redrawKeyed } from "/web/keyed.js";
import { heldSeats, forgetSeat, noteStatus, tokenOf } from "/web/my-seats.js";

/** At most this many seats are asked about at a time (the newest not
 * over): each answer counts in the lobby's per-address limit. */
const ASKED = 12;

/** What the server last answered for each seat, by `id:seat`:
 * `{status, yours}`, or `{gone}` with the refusal's code. */
const known = new Map();

const keyOf = (held) => `${held.id}:${held.seat}`;

/** What the list says of a seat, as `[state, words]`. */
function stateOf(held) {
  const answer = known.get(keyOf(held));
  if (answer?.gone) return answer.gone === "unknown_match" ? ["gone", t("mine.gone")] : ["lost", t("mine.lost")];
  const status = answer?.status ?? held.status;
  if (status === "over") return ["over", t("mine.over")];
  if (answer?.yours) return ["yours", t("mine.yours")];
  if (status === "waiting") return ["waiting", t("mine.waiting")];
  if (status === "playing") return ["theirs", t("mine.theirs")];
  return ["unknown", t("mine.unknown")];
}

/** Draws the list; `title(game)` names a game. The section shows only
 * when the browser holds a seat; the tab's title says when one is to
 * move. */
export function drawMine(title) {
  const seats = heldSeats();
  const list = document.getElementById("mine-list");
  document.getElementById("mine").hidden = !seats.length;
  redrawKeyed(list, seats.map((held) => {
    const [state, words] = stateOf(held);
    const name = held.game ? title(held.game) : held.id;
    return {
      key: keyOf(held),
      same: JSON.stringify([held, state, lang]),
      build() {
        const forget = el("button", { type: "button", className: "forget", textContent: t("mine.forget"), dataset: { key: `forget:${keyOf(held)}` } });
        forget.setAttribute("aria-label", t("mine.forgetLabel", name, held.seat));
        forget.onclick = () => {
          forgetSeat(held.id, held.seat);
          known.delete(keyOf(held));
          drawMine(title);
          document.getElementById("mine-title").focus({ preventScroll: true });
        };
        const item = el("li", { className: `my-match my-${state}` },
          el("a", { href: held.link, className: "my-link", textContent: name, dataset: { key: `open:${keyOf(held)}` } }),
          " · ", t("lobby.seat", held.seat), " · ",
          state === "yours" ? el("strong", { className: "my-state", textContent: words }) : el("span", { className: "my-state", textContent: words }),
          " ", forget);
        Object.assign(item.dataset, { match: held.id, seat: String(held.seat), state });
        return item;
      },
    };
  }));
  const yours = seats.some((held) => stateOf(held)[0] === "yours");
  document.title = (yours ? `● ${t("tab.yours")} — ` : "") + "tabletop";
}

let reading = null;

/** Asks the server, one seat after the other, whose turn it is in the
 * matches not known to be over; redraws as answers come. One reading at
 * a time: a call during one answers that one. */
export function readMine(title) {
  reading ??= read(title).catch(() => {}).finally(() => { reading = null; });
  return reading;
}

async function read(title) {
  const asked = heldSeats().filter((held) => held.status !== "over").slice(0, ASKED);
  for (const held of asked) {
    const token = tokenOf(held.link);
    const answer = token
      ? await fetch(`/api/matches/${encodeURIComponent(held.id)}/turn`, { headers: { authorization: `Bearer ${token}` } }).catch(() => null)
      : null;
    const json = answer ? await answer.json().catch(() => ({})) : {};
    if (answer?.ok) {
      known.set(keyOf(held), { status: json.status, yours: Boolean(json.your_turn) });
      noteStatus(held.id, held.seat, json.status);
    } else if (["unknown_match", "unknown_token"].includes(json.error?.code)) {
      known.set(keyOf(held), { gone: json.error.code });
    } else if (json.error?.code === "rate_limited") {
      // Asked again at the next reading.
      break;
    }
    drawMine(title);
  }
  drawMine(title);
  document.body.dataset.mineRead = String(Number(document.body.dataset.mineRead ?? 0) + 1);
}
