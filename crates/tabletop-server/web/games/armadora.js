// Armadöra as on the table: the 8 × 5 board with its gold mines, the
// palisades, warriors face down (a value only where this seat may know
// it) or face up, the territories once scored, and each player's
// remaining army as this seat may know it; moves in words, and the gold
// piles each player took at the end.
import { el, seatName, chip, boardSquare, axis } from "/web/sentences.js";
import { t } from "/web/i18n.js";

export const key = "arm";

const COLUMNS = "abcdefgh";
const ROWS = [1, 2, 3, 4, 5];

function squareMoves(sq) {
  // "warrior d3 4", "reinforce d3", "power mage d3", "palisade d3e".
  return (text) => text.split(" ").some((w) => w === sq || w === sq + "e" || w === sq + "s");
}

/** The two squares a line lies between: `c2e` → c2, d2; `c2s` → c2, c3. */
function sides(line) {
  const m = /^([a-h])([1-5])([es])$/.exec(line);
  if (!m) return [line, "?"];
  const other = m[3] === "e" ? COLUMNS[COLUMNS.indexOf(m[1]) + 1] + m[2] : m[1] + (Number(m[2]) + 1);
  return [m[1] + m[2], other];
}

export function moveWords(text) {
  const w = text.split(" ");
  switch (w[0]) {
    case "warrior": return t("arm.warrior", w[2], w[1]);
    case "palisade": return t("arm.palisade", ...sides(w[1]));
    case "pass": return t("arm.pass");
    case "end": return t("arm.endTurn");
    case "reinforce": return t("arm.reinforce", w[1]);
    case "power":
      if (w[1] === "mage") return t("arm.mage", w[2]);
      if (w[1] === "goblin") return t("arm.goblin", w[2], w[3]);
      if (w[1] === "orc") return t("arm.orc", ...sides(w[2]));
      if (w[1] === "elf") return t("arm.elf", w[2]);
      return null;
    default: return null;
  }
}

/** The gold piles each seat took: one per territory won or shared. */
function piles(ctx) {
  const out = Array.from({ length: ctx.players }, () => []);
  for (const t of ctx.view.territories ?? []) {
    if (!t.owners?.length) continue;
    const share = Math.floor(t.gold / t.owners.length);
    for (const o of t.owners) if (share > 0) out[o]?.push(share);
  }
  return out.map((p) => p.sort((a, b) => b - a));
}

export function breakdown(ctx) {
  if (!(ctx.view.territories ?? []).some((t) => t.owners)) return [];
  return [{ label: t("arm.gold.total"), values: piles(ctx).map((p) => p.join(" + ") || "0") }];
}

export function draw(ctx) {
  const v = ctx.view;
  const root = el("div", { className: "armadora" });
  const palisades = new Set(v.palisades ?? []);
  const territoryOf = {};
  const scored = (v.territories ?? []).some((x) => x.owners !== null && x.owners !== undefined);
  (v.territories ?? []).forEach((x, i) => x.squares.forEach((sq) => { territoryOf[sq] = i; }));
  const moveTexts = ctx.legal.map(([, text]) => text);

  const board = el("div", { className: "arm-board", role: "group", ariaLabel: t("arm.board") });
  // The coordinates around the board, as in the notation.
  board.append(axis(), ...[...COLUMNS].map((col) => axis(col)));
  for (const [r, row] of ROWS.entries()) {
    board.append(axis(String(row)));
    for (const [c, col] of [...COLUMNS].entries()) {
      const sq = col + row;
      const classes = ["sq"];
      if (palisades.has(sq + "e")) classes.push("wall-e");
      if (palisades.has(sq + "s")) classes.push("wall-s");
      const west = COLUMNS[COLUMNS.indexOf(col) - 1];
      if (west && palisades.has(west + row + "e")) classes.push("wall-w");
      if (row > 1 && palisades.has(col + (row - 1) + "s")) classes.push("wall-n");
      if (scored) {
        const x = v.territories[territoryOf[sq]];
        if (x && x.owners && x.owners.length === 1) classes.push("terr-" + x.owners[0]);
        else if (x && x.owners && x.owners.length > 1) classes.push("terr-shared");
      }
      const parts = [];
      let label = sq;
      if (sq in (v.gold ?? {})) {
        const g = v.gold[sq];
        parts.push(el("span", { className: "gold", ariaHidden: "true", textContent: g === null ? "?" : String(g) }));
        label += ", " + t("arm.mine", g);
      }
      const w = v.warriors?.[sq];
      if (w) {
        const known = w.value !== null && w.value !== undefined;
        const text = known ? String(w.value + (w.reinforced ? 1 : 0)) : "?";
        const about = [t("arm.warriorOf", seatName(w.owner, ctx), w.face_up, known ? w.value : null)];
        if (w.reinforced) about.push(t("arm.reinforced"));
        if (w.arrows) about.push(t("arm.arrows", w.arrows));
        parts.push(el("span", { className: `warrior owner-${w.owner} ${w.face_up ? "up" : "down"}`, ariaHidden: "true", textContent: text + (w.face_up ? "↑" : ""), title: about.join(", ") }));
        label += ", " + about.join(", ");
      }
      const playable = moveTexts.some(squareMoves(sq));
      board.append(boardSquare(ctx, {
        playable,
        tag: "div",
        props: { className: classes.join(" "), ...(playable ? { ariaLabel: label } : { role: "img", ariaLabel: label }) },
        dataset: { square: sq, row: r, col: c },
        key: "sq:" + sq,
        pred: squareMoves(sq),
        name: sq,
      }, ...parts));
    }
  }
  root.append(board);

  // The armies.
  const armies = el("section", { className: "armies" }, el("h3", { textContent: t("arm.armies") }));
  for (const s of v.seats ?? []) {
    const line = el("p", { className: `army owner-${s.seat}` },
      chip(s.seat),
      t("arm.left", seatName(s.seat, ctx, true), t("arm.faction." + s.faction), s.tiles_left),
      s.passed ? ", " + t("arm.passed") : "",
      s.power_tokens ? ", " + t("arm.tokens", s.power_tokens) : "");
    if (s.seat === ctx.seat && v.own_supply) {
      const counts = Object.entries(v.own_supply).filter(([, n]) => n > 0).map(([value, n]) => `${n} × ${value}`);
      line.append(el("span", { className: "supply", textContent: " — " + t("arm.supply", counts.join(", ") || t("arm.none")) }));
    }
    armies.append(line);
  }
  armies.append(el("p", { className: "quiet", textContent: t("arm.palisadesLeft", v.palisades_left ?? 0) }));
  root.append(armies);

  if (scored) {
    const list = el("section", { className: "territories" }, el("h3", { textContent: t("arm.territories") }));
    for (const [i, x] of v.territories.entries()) {
      const owners = x.owners?.length ? x.owners.map((o) => seatName(o, ctx)).join(", ") : t("arm.nobody");
      // Its squares light up on the board while the row is pointed at or
      // focused, so a row can be matched to its place.
      const light = (on) => {
        for (const sq of x.squares) board.querySelector(`[data-square="${sq}"]`)?.classList.toggle("lit", on);
      };
      list.append(el("p", {
        className: "territory",
        tabIndex: 0,
        textContent: t("arm.territory", x.squares.length, x.gold, owners),
        dataset: { territory: String(i) },
        onmouseenter: () => light(true),
        onmouseleave: () => light(false),
        onfocus: () => light(true),
        onblur: () => light(false),
      }));
    }
    root.append(list);
  }
  return root;
}

export function sentence(entry, ctx) {
  if ("chance" in entry) {
    const c = entry.chance;
    if (c && "first_player" in c) return t("arm.starts", seatName(c.first_player, ctx, true));
    if (c && "gold" in c) return t("arm.goldLaid");
    return null;
  }
  const who = seatName(entry.player, ctx, true);
  const a = entry.action;
  if (a === "pass") return t("arm.passes", who);
  if (a === "end_turn") return t("arm.ends", who);
  if (a && a.warrior) {
    const value = a.warrior.value;
    return value === undefined || value === null ? t("arm.places", who, a.warrior.at) : t("arm.placesValue", who, value, a.warrior.at);
  }
  if (a && a.palisade) return t("arm.placesPalisade", who, ...sides(a.palisade));
  if (a && a.reinforce) return t("arm.reinforces", who, a.reinforce);
  return null;
}
