// A game without its own drawing: the view laid out in the order its type
// declares its fields (the view schema's `required` list: objects on the
// wire are sorted by key), each labelled with its schema title where it
// has one; what the view holds for every seat as one table of seats; the
// scoreboard the server sends with the view; the history in the engine's
// own words.
import { el, chip, describe, partName, seatName } from "/web/sentences.js";
import { scrolling } from "/web/dom.js";
import { t, wordsFor } from "/web/i18n.js";

export const key = "generic";

/** The view schema of each game, once loaded (`null` when none). */
const schemas = new Map();

/** Loads `game`'s view schema once (`GET /web/schemas/{game}`); a game
 * without one is drawn in the wire's order. */
export async function load(game) {
  if (schemas.has(game)) return;
  schemas.set(game, null);
  const answer = await fetch(`/web/schemas/${encodeURIComponent(game)}`).catch(() => null);
  if (answer?.ok) schemas.set(game, await answer.json().catch(() => null));
}

/** Fields whose number is a seat. */
const SEAT_FIELDS = new Set(["current", "player", "seat", "starter", "start_player", "dealer"]);

/** `schema` with a `$ref` into its root's `$defs` followed. */
function resolved(schema, root) {
  const ref = schema?.$ref ?? schema?.allOf?.[0]?.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#/$defs/")) return schema ?? null;
  return root?.$defs?.[ref.slice("#/$defs/".length)] ?? null;
}

/** The object schema of `schema` (an array's items, an optional's
 * object), for the fields of a record. */
function objectSchema(schema, root) {
  let s = resolved(schema, root);
  if (s?.items) s = resolved(s.items, root);
  const some = (s?.anyOf ?? s?.oneOf ?? []).map((x) => resolved(x, root)).find((x) => x?.properties);
  return some ?? s;
}

/** The keys of `value` in the order `schema` declares them: its required
 * fields in their order, then its other properties, then anything else. */
export function declaredOrder(value, schema) {
  const keys = Object.keys(value ?? {});
  const order = [...(schema?.required ?? []), ...Object.keys(schema?.properties ?? {})];
  const known = order.filter((k, i) => keys.includes(k) && order.indexOf(k) === i);
  return [...known, ...keys.filter((k) => !known.includes(k))];
}

/** A field's label: its schema title, else the page's words for it, else
 * its name in words. */
function label(name, schema, root) {
  const title = resolved(schema, root)?.title ?? schema?.title;
  if (title) return title;
  const text = wordsFor("field.", name);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A value in words; a seat named as on the page. */
function words(name, value, ctx) {
  if (value === null || value === undefined) return t("generic.none");
  if (typeof value === "boolean") return t(value ? "generic.yes" : "generic.no");
  if (SEAT_FIELDS.has(name) && Number.isInteger(value) && value < ctx.players) return seatName(value, ctx);
  return describe(value);
}

/** Whether `value` holds one entry per seat. */
function perSeat(value, ctx) {
  return Array.isArray(value) && value.length === ctx.players && ctx.players > 1;
}

/** One table of seats: a column per field held for every seat (a number,
 * or each field of a record). */
function seatTable(fields, ctx, root) {
  const columns = [];
  for (const { name, value, schema } of fields) {
    const first = value.find((v) => v !== null && typeof v === "object" && !Array.isArray(v));
    if (first) {
      const record = objectSchema(schema, root);
      const names = declaredOrder(first, record);
      for (const k of names) {
        columns.push({ name: k, label: label(k, record?.properties?.[k], root), at: (seat) => value[seat]?.[k] });
      }
    } else {
      columns.push({ name, label: label(name, schema, root), at: (seat) => value[seat] });
    }
  }
  const table = el("table", { className: "seat-table" });
  table.append(el("tr", {},
    el("th", { scope: "col", textContent: t("result.seat") }),
    ...columns.map((c) => el("th", { scope: "col", textContent: c.label }))));
  for (let seat = 0; seat < ctx.players; seat++) {
    const row = el("tr", { className: `owner-${seat}` },
      el("th", { scope: "row" }, chip(seat), el("span", { textContent: seatName(seat, ctx, true) })),
      ...columns.map((c) => el("td", { textContent: words(c.name, c.at(seat), ctx) })));
    row.dataset.seat = seat;
    table.append(row);
  }
  return scrolling(t("generic.seats"), table);
}

/** The scoreboard the server sends with the view: each seat's score so
 * far and its parts. */
function scoreTable(ctx) {
  const board = ctx.scoreboard;
  if (!board || !Array.isArray(board.totals)) return null;
  const parts = board.parts ?? [];
  const unit = t("unit." + board.unit);
  const table = el("table", { className: "seat-table scoreboard" });
  table.append(el("tr", {},
    el("th", { scope: "col", textContent: t("result.seat") }),
    ...parts.map((p) => el("th", { scope: "col", className: "num", textContent: partName(p.name) })),
    el("th", { scope: "col", className: "num", textContent: unit === "unit." + board.unit ? t("players.score") : unit })));
  board.totals.forEach((total, seat) => {
    const row = el("tr", { className: `owner-${seat}` },
      el("th", { scope: "row" }, chip(seat), el("span", { textContent: seatName(seat, ctx, true) })),
      ...parts.map((p) => el("td", { className: "num", textContent: String(p.points[seat] ?? "") })),
      el("td", { className: "num total", textContent: String(total) }));
    row.dataset.seat = seat;
    table.append(row);
  });
  return el("section", { className: "generic-scores" },
    el("h3", { textContent: t("generic.scores") }), scrolling(t("generic.scores"), table));
}

export function draw(ctx) {
  const root = ctx.schema ?? schemas.get(ctx.game) ?? null;
  const view = ctx.view ?? {};
  const list = el("dl", { className: "generic" });
  const bySeat = [];
  for (const name of declaredOrder(view, root)) {
    const value = view[name];
    const schema = root?.properties?.[name];
    if (perSeat(value, ctx)) {
      bySeat.push({ name, value, schema });
      continue;
    }
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const inner = objectSchema(schema, root);
      const nested = el("dl", { className: "generic nested" });
      for (const k of declaredOrder(value, inner)) {
        nested.append(el("dt", { textContent: label(k, inner?.properties?.[k], root) }), el("dd", { textContent: words(k, value[k], ctx) }));
      }
      list.append(el("dt", { textContent: label(name, schema, root), dataset: { field: name } }), el("dd", {}, nested));
      continue;
    }
    list.append(el("dt", { textContent: label(name, schema, root), dataset: { field: name } }), el("dd", { textContent: words(name, value, ctx) }));
  }
  return el("div", { className: "generic-view" },
    scoreTable(ctx),
    bySeat.length ? seatTable(bySeat, ctx, root) : null,
    list);
}

export const scoreLabel = "generic.score";

/** The view's own `scores`, when it has them (a page with no scoreboard
 * from the server: the offline table, a replay). */
export function score(ctx) {
  const scores = ctx.view?.scores;
  return Array.isArray(scores) && scores.every((s) => typeof s === "number") ? scores : null;
}
