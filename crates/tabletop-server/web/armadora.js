// Armadöra as on the table: the 8 × 5 board with its gold mines, the
// palisades, warriors face down (a value only where this seat may know
// it) or face up, the territories once scored, and each player's
// remaining army as this seat may know it.
import { el, seatName, describe } from "/web/sentences.js";

const COLUMNS = "abcdefgh";
const ROWS = [1, 2, 3, 4, 5];

function squareMoves(sq) {
  // "warrior d3 4", "reinforce d3", "power mage d3", "palisade d3e".
  return (text) => text.split(" ").some((w) => w === sq || w === sq + "e" || w === sq + "s");
}

export function draw(ctx) {
  const v = ctx.view;
  const root = el("div", { className: "armadora" });
  const palisades = new Set(v.palisades ?? []);
  const territoryOf = {};
  const scored = (v.territories ?? []).some((t) => t.owners !== null && t.owners !== undefined);
  (v.territories ?? []).forEach((t, i) => t.squares.forEach((sq) => { territoryOf[sq] = i; }));
  const moveTexts = ctx.legal.map(([, text]) => text);

  const board = el("div", { className: "arm-board", role: "grid", ariaLabel: "the board, columns a to h, rows 1 to 5" });
  for (const row of ROWS) {
    for (const col of COLUMNS) {
      const sq = col + row;
      const classes = ["sq"];
      if (palisades.has(sq + "e")) classes.push("wall-e");
      if (palisades.has(sq + "s")) classes.push("wall-s");
      const west = COLUMNS[COLUMNS.indexOf(col) - 1];
      if (west && palisades.has(west + row + "e")) classes.push("wall-w");
      if (row > 1 && palisades.has(col + (row - 1) + "s")) classes.push("wall-n");
      if (scored) {
        const t = v.territories[territoryOf[sq]];
        if (t && t.owners && t.owners.length === 1) classes.push("terr-" + t.owners[0]);
        else if (t && t.owners && t.owners.length > 1) classes.push("terr-shared");
      }
      const parts = [el("span", { className: "coord", textContent: sq })];
      let label = sq;
      if (sq in (v.gold ?? {})) {
        const g = v.gold[sq];
        parts.push(el("span", { className: "gold", textContent: g === null ? "gold ?" : `gold ${g}` }));
        label += g === null ? ", a gold mine" : `, a gold mine of ${g}`;
      }
      const w = v.warriors?.[sq];
      if (w) {
        const known = w.value !== null && w.value !== undefined;
        const face = w.face_up ? "face up" : "face down";
        const text = known ? String(w.value + (w.reinforced ? 1 : 0)) : "?";
        parts.push(el("span", { className: `warrior owner-${w.owner} ${w.face_up ? "up" : "down"}`, textContent: text, title: `${seatName(w.owner, ctx)}, ${face}${known ? ", value " + w.value : ""}${w.reinforced ? ", reinforced" : ""}` }));
        label += `, a warrior of ${seatName(w.owner, ctx)} ${face}${known ? " of value " + w.value : ""}`;
        if (w.arrows) label += `, ${w.arrows} arrows`;
      }
      const playable = moveTexts.some(squareMoves(sq));
      const cell = el(playable ? "button" : "div", { className: classes.join(" ") + (playable ? " playable" : ""), ariaLabel: label }, ...parts);
      cell.dataset.square = sq;
      if (playable) {
        cell.type = "button";
        cell.onclick = () => ctx.choose(squareMoves(sq));
      }
      board.append(cell);
    }
  }
  root.append(board);

  // The armies.
  const armies = el("section", { className: "armies" }, el("h3", { textContent: "Armies" }));
  for (const s of v.seats ?? []) {
    const line = el("p", { className: `army owner-${s.seat}` },
      el("span", { className: "swatch" }),
      `${seatName(s.seat, ctx, true)} (${s.faction}): ${s.tiles_left} warriors left`,
      s.passed ? ", passed" : "",
      s.power_tokens ? `, ${s.power_tokens} power tokens` : "");
    if (s.seat === ctx.seat && v.own_supply) {
      const counts = Object.entries(v.own_supply).filter(([, n]) => n > 0).map(([value, n]) => `${n} × ${value}`);
      line.append(el("span", { className: "supply", textContent: ` — yours by value: ${counts.join(", ") || "none"}` }));
    }
    armies.append(line);
  }
  armies.append(el("p", { className: "quiet", textContent: `${v.palisades_left ?? 0} palisades left in the supply.` }));
  root.append(armies);

  if (scored) {
    const list = el("section", { className: "territories" }, el("h3", { textContent: "Territories" }));
    for (const t of v.territories) {
      const owners = t.owners?.length ? t.owners.map((o) => seatName(o, ctx)).join(" and ") : "nobody";
      list.append(el("p", { textContent: `${t.squares.length} squares, gold ${t.gold}: ${owners}` }));
    }
    root.append(list);
  }
  return root;
}

export function sentence(entry, ctx) {
  if ("chance" in entry) {
    const c = entry.chance;
    if (c && "first_player" in c) return `${seatName(c.first_player, ctx, true)} ${c.first_player === ctx.seat ? "start" : "starts"}.`;
    if (c && "gold" in c) return `The gold is laid out: ${describe(c.gold)}.`;
    return `Chance: ${describe(c)}.`;
  }
  const me = entry.player === ctx.seat;
  const who = seatName(entry.player, ctx, true);
  const verb = (you, them) => (me ? you : them);
  const a = entry.action;
  if (a === "pass") return `${who} ${verb("pass", "passes")}.`;
  if (a === "end_turn") return `${who} ${verb("end", "ends")} the turn after one palisade.`;
  if (a && a.warrior) {
    const value = a.warrior.value;
    return value === undefined || value === null
      ? `${who} ${verb("place", "places")} a warrior face down on ${a.warrior.at}.`
      : `${who} ${verb("place", "places")} a warrior of value ${value} face down on ${a.warrior.at}.`;
  }
  if (a && a.palisade) return `${who} ${verb("place", "places")} a palisade on ${a.palisade}.`;
  if (a && a.reinforce) return `${who} ${verb("reinforce", "reinforces")} the warrior on ${a.reinforce}.`;
  if (a && a.palisades) return `${who} ${verb("place", "places")} palisades on ${describe(a.palisades)}.`;
  if (a && typeof a === "object") return `${who} ${verb("use", "uses")} ${describe(a)}.`;
  return null;
}
