// The seats this browser holds, remembered in localStorage so that the
// lobby can list them ("Your matches") and lead back to each: a seat is
// added when this browser creates a match (each person seat's link), and
// when a seat's link is opened here (a seat taken, a rematch, a link
// received); the person may forget one. Each keeps its link, whose
// fragment carries the seat's token, and the last status the lobby read.
const KEY = "tabletop:seats";
/** At most this many, the newest first: the lobby asks the server about
 * each, within its per-address limit. */
export const MAX_HELD = 20;

/** Every seat held, the newest first: `{id, seat, game, link, status}`. */
export function heldSeats() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY));
    return Array.isArray(list) ? list.filter((s) => s && typeof s.id === "string" && typeof s.link === "string") : [];
  } catch {
    return [];
  }
}

function keep(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, MAX_HELD)));
  } catch {
    // A full or disabled storage only costs the way back.
  }
}

/** Adds seat `seat` of match `id` (or updates it, in its place). */
export function rememberSeat({ id, seat, game, link }) {
  const list = heldSeats();
  const old = list.find((s) => s.id === id && s.seat === seat);
  if (old) {
    Object.assign(old, { game: game ?? old.game, link });
    keep(list);
  } else {
    keep([{ id, seat, game: game ?? null, link, status: null }, ...list]);
  }
}

/** Forgets seat `seat` of match `id`. */
export function forgetSeat(id, seat) {
  keep(heldSeats().filter((s) => !(s.id === id && s.seat === seat)));
}

/** Remembers the last status read of a seat still held. */
export function noteStatus(id, seat, status) {
  const list = heldSeats();
  const held = list.find((s) => s.id === id && s.seat === seat);
  if (held && held.status !== status) {
    held.status = status;
    keep(list);
  }
}

/** The token a seat's link carries in its fragment. */
export function tokenOf(link) {
  return new URLSearchParams(String(link).split("#")[1] ?? "").get("token");
}
