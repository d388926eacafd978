// Who sits where, in each seat's colour: names, the viewer, bots and
// open seats, who is to move, and the running score where the game
// shows one; then the final score with its breakdown and the winners.
import { el, scrolling } from "/web/dom.js";
import { t, botName } from "/web/i18n.js";
import { chip, isYou, partName, seatName } from "/web/sentences.js";

/** What sits in `seat` besides its name: a bot's marker, an open seat. */
function seatMarker(seat, ctx) {
  const kind = ctx.seats?.[seat];
  if (isFree(seat, ctx)) return t("open seat") + ": " + t("open.waiting");
  if (kind && kind !== "person" && kind !== "open") return t("bot", botName(kind));
  return "";
}

/** Whether `seat` is an open seat no one has taken (the lobby's facts). */
export function isFree(seat, ctx) {
  return (ctx.free ?? []).includes(seat);
}

/** The parts of `seat`'s running score that count, in words:
 * "buildings 3 · culture 5 · disasters −2". */
function partsLine(board, seat) {
  return (board.parts ?? [])
    .filter((p) => (p.points[seat] ?? 0) !== 0)
    .map((p) => `${partName(p.name)} ${String(p.points[seat]).replace("-", "−")}`)
    .join(" · ");
}

/** The running scores: the view's scoreboard (the server's, by the game's
 * final formula) where it has one, else the drawing's own count. */
function runningScores(ctx, drawer) {
  const board = ctx.scoreboard;
  if (board && Array.isArray(board.totals)) {
    const unit = t("unit." + board.unit);
    return { board, totals: board.totals, label: unit === "unit." + board.unit ? t("players.score") : unit };
  }
  const totals = drawer.score?.(ctx) ?? null;
  return totals ? { board: null, totals, label: t(drawer.scoreLabel ?? "players.score") } : null;
}

/** The table of players. */
export function drawPlayers(box, ctx, drawer) {
  const running = runningScores(ctx, drawer);
  const scores = running?.totals ?? null;
  const table = el("table", { className: "players" });
  table.append(el("tr", {},
    el("th", { scope: "col", textContent: t("result.seat") }),
    el("th", { scope: "col", textContent: "" }),
    scores ? el("th", { scope: "col", className: "num", textContent: running.label }) : null));
  for (let seat = 0; seat < ctx.players; seat++) {
    const moving = ctx.toMove && typeof ctx.toMove === "object" && ctx.toMove.player === seat;
    const row = el("tr", { className: `owner-${seat}${moving ? " moving" : ""}` },
      el("th", { scope: "row" }, chip(seat), el("span", { className: "name", textContent: seatName(seat, ctx, true) })),
      el("td", { className: "marker", textContent: [seatMarker(seat, ctx), moving ? t("to move") : ""].filter(Boolean).join(" · ") }),
      scores ? el("td", { className: "num score-now" }, el("span", { className: "total", textContent: String(scores[seat] ?? "") }),
        running.board && partsLine(running.board, seat) ? el("span", { className: "parts", textContent: partsLine(running.board, seat) }) : null) : null);
    row.dataset.seat = seat;
    table.append(row);
  }
  box.replaceChildren(table);
}

/** The winners in words: in the final score, and in the turn line, which
 * stays in view wherever the page is scrolled. */
export function winnersLine(ctx) {
  const { winners = [] } = ctx.result;
  if (winners.length === 0) return t("result.nobody");
  if (winners.length === 1) return isYou(winners[0], ctx) ? t("result.youWin") : t("result.wins1", seatName(winners[0], ctx, true));
  const names = winners.map((w, i) => seatName(w, ctx, i === 0));
  return t("result.share", names.slice(0, -1).join(", ") ? t("and", names.slice(0, -1).join(", "), names.at(-1)) : names[0]);
}

/** The scoreboard's parts as the final table's columns, when the view
 * has a scoreboard in parts. */
function boardParts(ctx) {
  const parts = ctx.scoreboard?.parts ?? [];
  if (!parts.length) return null;
  return parts.map((p) => ({ label: partName(p.name), values: p.points }));
}

/** The final score: each seat's parts (the game's breakdown), its total
 * (the server's), and who wins. */
export function drawResult(box, ctx, drawer) {
  const { scores = [], winners = [], tiebreaks = [] } = ctx.result;
  const parts = boardParts(ctx) ?? drawer.breakdown?.(ctx) ?? [];
  const table = el("table", { className: "scores" });
  table.append(el("tr", {},
    el("th", { scope: "col", textContent: t("result.seat") }),
    ...parts.map((p) => el("th", { scope: "col", className: "num", textContent: p.label })),
    el("th", { scope: "col", className: "num", textContent: t("result.total") })));
  scores.forEach((score, seat) => {
    const wins = winners.includes(seat);
    const row = el("tr", { className: `owner-${seat}${wins ? " winner" : ""}` },
      el("th", { scope: "row" }, chip(seat), el("span", { textContent: seatName(seat, ctx, true) }),
        wins ? el("span", { className: "wins", textContent: " ★ " + t("result.wins") }) : null),
      ...parts.map((p) => el("td", { className: "num part", textContent: String(p.values[seat] ?? "") })),
      el("td", { className: "num score", textContent: String(score) }));
    row.dataset.seat = seat;
    table.append(row);
  });
  const tied = winners.length > 0 && scores.filter((s) => s === scores[winners[0]]).length > winners.length && tiebreaks.length;
  box.replaceChildren(...[
    el("p", { className: "winners", textContent: winnersLine(ctx) }),
    scrolling(t("result.title"), table),
    tied ? el("p", { className: "quiet", textContent: t("result.tiebreak") }) : null,
  ].filter(Boolean));
}
