// Talk at the table: the match's lines, each with its seat's colour and
// name; an input for a seat (spectators read only); a mute per person,
// remembered in localStorage for the match, that hides that seat's lines
// on this browser. A line is text from anyone: it goes in with
// textContent only, never as markup.
import { el } from "/web/dom.js";
import { t, refusalText } from "/web/i18n.js";
import { chip, seatName } from "/web/sentences.js";

/** The most characters a line has (the server's limit). */
export const MAX_LINE = 200;
/** The lines the panel holds: as many as a welcome carries. */
const KEPT = 100;

const talk = { lines: [], muted: new Set(), key: null };

/** The talk of match `matchId`: its mutes read back. */
export function startTalk(matchId) {
  talk.key = "tabletop:mute:" + matchId;
  try {
    const seats = JSON.parse(localStorage.getItem(talk.key)) ?? [];
    talk.muted = new Set(seats.filter((s) => Number.isInteger(s)));
  } catch {
    talk.muted = new Set();
  }
}

function saveMutes() {
  try {
    localStorage.setItem(talk.key, JSON.stringify([...talk.muted]));
  } catch {
    // A disabled storage only forgets the mutes on reload.
  }
}

/** The lines a welcome carries: the match's last ones, in place of any
 * held. */
export function heardAll(lines) {
  talk.lines = (lines ?? []).slice(-KEPT);
}

/** One line said (`said`), after those held. */
export function heard(line) {
  if (talk.lines.some((l) => l.n === line.n)) return;
  talk.lines = talk.lines.concat([line]).slice(-KEPT);
}

/** Whether a refusal answers a line of talk (its code is a talk code). */
export function isTalkRefusal(reason) {
  return String(reason?.code ?? "").startsWith("talk_");
}

/** Shows why a line was refused, in the page's words. */
export function talkRefused(box, reason) {
  box.querySelector(".talk-refusal").textContent = refusalText(reason);
}

function muteButtons(ctx, redraw) {
  const buttons = [];
  for (let seat = 0; seat < ctx.players; seat++) {
    if (seat === ctx.seat || ctx.seats?.[seat] !== "person" && ctx.seats?.[seat] !== "open") continue;
    const muted = talk.muted.has(seat);
    const b = el("button", { type: "button", className: `mute owner-${seat}`, ariaPressed: String(muted),
      textContent: t(muted ? "talk.unmute" : "talk.mute", seatName(seat, ctx, true)) });
    b.dataset.seat = seat;
    b.dataset.key = "mute-" + seat;
    b.onclick = () => {
      if (talk.muted.has(seat)) talk.muted.delete(seat);
      else talk.muted.add(seat);
      saveMutes();
      redraw();
    };
    buttons.push(b);
  }
  return buttons;
}

function lineItem(line, ctx) {
  const name = line.name || seatName(line.seat, ctx, true);
  const item = el("li", { className: `talk-line owner-${line.seat}` },
    chip(line.seat), el("span", { className: "name", textContent: name }), ": ",
    el("span", { className: "text", textContent: line.text }));
  item.dataset.seat = line.seat;
  item.dataset.n = line.n;
  return item;
}

/** The lines (muted seats' left out), the mutes, and the input for a
 * seat; `say(text)` sends a line. The input keeps what is typed. */
export function drawTalk(box, ctx, say) {
  const redraw = () => drawTalk(box, ctx, say);
  const list = box.querySelector(".talk");
  const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
  const shown = talk.lines.filter((l) => !talk.muted.has(l.seat));
  list.replaceChildren(...(shown.length ? shown.map((l) => lineItem(l, ctx))
    : [el("li", { className: "quiet", textContent: t("talk.none") })]));
  if (atEnd) list.scrollTop = list.scrollHeight;
  box.querySelector(".talk-mutes").replaceChildren(...muteButtons(ctx, redraw));
  const form = box.querySelector("form");
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  form.hidden = !seated;
  box.querySelector(".talk-readers").hidden = seated;
  const input = form.querySelector("input");
  input.maxLength = MAX_LINE;
  form.onsubmit = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    box.querySelector(".talk-refusal").textContent = "";
    if (say(text)) input.value = "";
  };
}
