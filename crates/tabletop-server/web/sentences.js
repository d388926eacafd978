// Small helpers shared by the pages and the games' drawings.

/** An element with properties and children. */
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "dataset") Object.assign(e.dataset, v);
    else if (k === "style" && typeof v === "object") Object.assign(e.style, v);
    else if (k.startsWith("aria") || k === "role") e.setAttribute(k.replace(/^aria([A-Z])/, (_, c) => "aria-" + c.toLowerCase()), v);
    else e[k] = v;
  }
  e.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return e;
}

/** An SVG element with attributes. */
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  e.append(...children.filter(Boolean));
  return e;
}

/** "you" for the viewer's own seat, "player N" otherwise (`capital` for
 * the start of a sentence or a label). */
export function seatName(seat, ctx, capital = false) {
  const name = seat === ctx.seat ? "you" : `player ${seat}`;
  return capital ? name[0].toUpperCase() + name.slice(1) : name;
}

/** A value of the JSON as words: `{"fill": {"castle": "edo", "line": 2}}`
 * → "fill castle edo line 2". */
export function describe(value) {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.replace(/_/g, " ");
  if (typeof value !== "object") return String(value);
  if (Array.isArray(value)) return value.map(describe).join(", ");
  return Object.entries(value).map(([k, v]) => `${k.replace(/_/g, " ")} ${describe(v)}`.trim()).join(", ");
}

/** A button that plays `id`, or does nothing when the move is not legal. */
export function actionButton(ctx, id, label, className) {
  const b = el("button", { type: "button", className, textContent: label });
  if (id === undefined) {
    b.disabled = true;
  } else {
    b.dataset.action = id;
    b.onclick = () => ctx.act(id);
  }
  return b;
}

/** The legal moves as a map from text to id. */
export function legalByText(ctx) {
  return new Map(ctx.legal.map(([id, text]) => [text, id]));
}
