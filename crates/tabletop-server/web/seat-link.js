// Asking the lobby for a seat (an open seat taken, a rematch's seat): on
// success the page goes to the seat's link, whose fragment carries its
// token; otherwise the lobby's reason, or none when it did not answer.
import { refusalText } from "/web/i18n.js";

/** POSTs `body` to `path`; goes to the seat's link, or answers why not. */
export async function goToSeat(path, body) {
  const answer = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  const json = answer ? await answer.json().catch(() => ({})) : {};
  if (answer?.ok && json.link) {
    location.assign(json.link);
    return null;
  }
  return refusalText(json.error);
}
