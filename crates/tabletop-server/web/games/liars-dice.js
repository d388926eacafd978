// Liar's Dice as at the table: each seat's cup, yours lifted over your
// dice (pips), the others closed with how many dice are under them; the
// standing bid large and in words ("three fives"); a bid picker (how many
// dice, then which face) and the call of liar instead of a list of every
// bid; at the call, every cup lifted, the dice that count for the bid
// marked (sixes are wild), their count and who lost a die.
import { el, seatName, chip } from "/web/sentences.js";
import { t } from "/web/i18n.js";
import { rove } from "/web/focus.js";

export const key = "ld";

/** Sixes are wild (LD-7). */
const WILD = 6;
/** Where each face's pips sit on a 3 × 3 grid, read row by row. */
const PIPS = {
  1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8],
};

/** A bid `q-f` as `{quantity, face}`; `null` for "Liar". */
function parseBid(text) {
  const m = /^(\d+)-([1-6])$/.exec(String(text).trim());
  return m ? { quantity: Number(m[1]), face: Number(m[2]) } : null;
}

/** A bid in words: "three fives". */
export function bidWords(bid) {
  return t("ld.bid", bid.quantity, bid.face);
}

export function moveWords(text) {
  if (/^liar$/i.test(text)) return t("ld.callLiar");
  const bid = parseBid(text);
  return bid ? t("ld.bidMove", bidWords(bid)) : null;
}

/** One die with its pips; `counts` marks a die that counts for the bid. */
function die(face, counts = false) {
  const pips = PIPS[face] ?? [];
  const grid = el("span", { className: `pips${counts ? " counts" : ""}`, role: "img", ariaLabel: t("ld.face", face) + (counts ? " · " + t("ld.counts") : "") });
  for (let i = 0; i < 9; i++) grid.append(el("span", { className: pips.includes(i) ? "pip" : "no-pip", ariaHidden: "true" }));
  grid.dataset.face = face;
  return grid;
}

/** The seat that made the last bid: the seats bid in turn from seat 0. */
function lastBidder(v) {
  return v.bids.length ? (v.bids.length - 1) % v.hands.length : null;
}

/** How many dice on the table count for `bid`: its face, and the wild
 * sixes (LD-7). */
function counted(v, bid) {
  return v.hands.flatMap((h) => h.faces ?? []).filter((f) => f === bid.face || f === WILD).length;
}

/** One seat's cup: lifted over the dice this viewer sees, else closed
 * with how many dice are under it. */
function cup(v, seat, ctx, bid) {
  const hand = v.hands[seat];
  const faces = hand.faces;
  const open = Array.isArray(faces);
  const dice = open
    ? el("div", { className: "dice" }, ...faces.map((f) => die(f, v.called_by !== null && bid !== null && (f === bid.face || f === WILD))))
    : el("p", { className: "under", textContent: t("ld.under", hand.rolled) });
  const box = el("article", { className: `cup-seat owner-${seat}${open ? " lifted" : ""}` },
    el("h3", {}, chip(seat), el("span", { textContent: seatName(seat, ctx, true) })),
    el("div", { className: "cup", ariaHidden: "true" }),
    dice,
    el("p", { className: "quiet", textContent: open ? t("ld.lifted", hand.rolled) : t("ld.closed") }));
  box.dataset.seat = seat;
  return box;
}

/** The standing bid, large; at the call, what the cups show. */
function standing(v, ctx) {
  const last = v.bids.at(-1) ?? null;
  if (!last) return el("section", { className: "standing" }, el("p", { className: "bid-words", textContent: t("ld.noBid") }));
  const bidder = lastBidder(v);
  const parts = [
    el("p", { className: "bid-label quiet", textContent: t("ld.standing", seatName(bidder, ctx, true)) }),
    el("p", { className: "bid-words", textContent: bidWords(last) }, el("code", { className: "notation", textContent: ` ${last.quantity}-${last.face}` })),
  ];
  if (v.called_by !== null && v.called_by !== undefined) {
    const n = counted(v, last);
    const holds = n >= last.quantity;
    const loser = holds ? v.called_by : bidder;
    parts.push(el("p", { className: "call", textContent: t("ld.called", seatName(v.called_by, ctx, true)) }));
    parts.push(el("p", { className: "showdown", textContent: t("ld.showdown", n, last.face, holds) }));
    parts.push(el("p", { className: "loser", textContent: t("ld.loses", seatName(loser, ctx, true)) }));
  }
  return el("section", { className: "standing", ariaLive: "polite" }, ...parts);
}

export function draw(ctx) {
  const v = ctx.view;
  const last = v.bids.at(-1) ?? null;
  const seats = v.hands.map((_, seat) => seat);
  // Your own cup first.
  if (typeof ctx.seat === "number") seats.sort((a, b) => (a === ctx.seat ? -1 : b === ctx.seat ? 1 : a - b));
  const earlier = v.bids.slice(0, -1);
  return el("div", { className: "ld" },
    standing(v, ctx),
    el("div", { className: "cups" }, ...seats.map((s) => cup(v, s, ctx, last))),
    earlier.length ? el("p", { className: "quiet earlier", textContent: t("ld.earlier", earlier.map(bidWords).join(", ")) }) : null);
}

/** The count chosen in the picker, kept across redraws of one turn. */
const chosen = { turn: -1, quantity: null };

/** The bid picker: how many dice (a list of the counts one may bid), then
 * a face among those legal with that count, or the call of liar. Each
 * face and the call is a move button: one tab stop, walked with the
 * arrows. */
export function movePicker(ctx) {
  const bids = ctx.legal.map(([id, text]) => ({ id, text, bid: parseBid(text) })).filter((m) => m.bid);
  const liar = ctx.legal.find(([, text]) => /^liar$/i.test(text));
  const box = el("div", { className: "picker" });
  const turn = ctx.view.bids.length;
  const counts = [...new Set(bids.map((m) => m.bid.quantity))].sort((a, b) => a - b);
  if (chosen.turn !== turn || !counts.includes(chosen.quantity)) {
    chosen.turn = turn;
    chosen.quantity = counts[0] ?? null;
  }
  const render = () => {
    const parts = [];
    if (counts.length) {
      const select = el("select", { id: "ld-count", className: "count" });
      for (const q of counts) select.append(el("option", { value: String(q), textContent: t("ld.dice", q) }));
      select.value = String(chosen.quantity);
      select.onchange = () => { chosen.quantity = Number(select.value); render(); document.getElementById("ld-count")?.focus(); };
      parts.push(el("p", { className: "count-row" }, el("label", { htmlFor: "ld-count", textContent: t("ld.howMany") + " " }), select));
    }
    const group = el("div", { className: "move-list faces", role: "group", ariaLabel: t("moves.label") });
    for (const m of bids.filter((b) => b.bid.quantity === chosen.quantity)) {
      const b = el("button", { type: "button", className: "move face" }, die(m.bid.face),
        el("span", { className: "words", textContent: bidWords(m.bid) }),
        el("code", { className: "notation", textContent: m.text }));
      b.dataset.action = m.id;
      b.dataset.text = m.text;
      b.dataset.key = "move:" + m.id;
      b.onclick = () => ctx.act(m.id);
      group.append(b);
    }
    if (liar) {
      const last = ctx.view.bids.at(-1);
      const b = el("button", { type: "button", className: "move liar" },
        el("span", { className: "words", textContent: last ? t("ld.liarOn", bidWords(last)) : t("ld.callLiar") }),
        el("code", { className: "notation", textContent: liar[1] }));
      b.dataset.action = liar[0];
      b.dataset.text = liar[1];
      b.dataset.key = "move:" + liar[0];
      b.onclick = () => ctx.act(liar[0]);
      group.append(b);
    }
    parts.push(group);
    box.replaceChildren(...parts);
    rove(group, "button.move", "moves");
  };
  render();
  return box;
}

export function sentence(entry, ctx) {
  if ("chance" in entry) {
    const c = entry.chance;
    if (!c || typeof c !== "object" || !("seat" in c)) return null;
    const who = seatName(c.seat, ctx, true);
    return c.face === null || c.face === undefined ? t("ld.rollsHidden", who) : t("ld.rolls", who, t("ld.face", c.face));
  }
  const who = seatName(entry.player, ctx, true);
  const a = entry.action;
  if (a === "liar") return t("ld.callsLiar", who);
  if (a && a.bid) return t("ld.bids", who, bidWords(a.bid));
  return null;
}
