// Era: Medieval Age as on the table, from the view JSON by name: every
// player's domain grid with its coordinates, buildings, walls and
// scorched areas, the tracks (resources, culture, disaster), the dice
// behind the screen (the seat's own faces; another's only counted) and
// revealed for all, the supply and the tracking tokens; moves in words,
// culture less disasters as the game goes, and the parts of the final
// score.
import { el, seatName, chip, isYou, boardSquare, axis } from "/web/sentences.js";
import { t, wordsFor } from "/web/i18n.js";
import { scrolling } from "/web/dom.js";

export const key = "era";

const COLOURS = ["yellow", "gray", "blue", "white"];
const RESOURCES = ["goods", "stone", "wood", "food"];
const MARK = { keep: "K", longhouse: "L", townhouse: "T", church: "C", farm: "F", lumber_mill: "M", market: "Mk", hospital: "H", guildhall: "G", monastery: "Mo", university: "U", cathedral: "Ca", wall: "▪", scorched: "✕" };
const DIE_BG = { yellow: "#f8ec9c", gray: "#ccc", blue: "#cfe0f5", white: "#fff" };
const COLS = "abcdefghijklmnopqrstuvwxyz";

const colour = (c) => t("era.colour." + c);
const resource = (r) => t("era.resource." + r);

/** A piece by its record name: `farm`, `lumber_mill`, `wall4`, `scorched`. */
function piece(name, article = false) {
  const wall = /^wall(\d)$/.exec(name);
  if (wall) return t("era.wall", Number(wall[1]));
  if (name === "scorched") return t("era.scorched");
  const building = t("era.building." + name);
  return article ? t("era.a", building) : building;
}

export function moveWords(text) {
  const w = text.split(" ");
  switch (w[0]) {
    case "place": return t("era.place", piece(w[1], true), w[3] ?? w[2], w[5] ?? "0");
    case "build":
    case "choose": return t("era.build", piece(w[1], true));
    case "reroll": return t("era.reroll", colour(w[1]), w[2]);
    case "roll": return t("era.roll");
    case "done": return t("era.done");
    case "collect": return t("era.collect", colour(w[1]), w[2], w[3]);
    case "demand": return t("era.demand", resource(w[1]));
    case "pay": return t("era.pay");
    case "refuse": return t("era.refuse");
    case "lose": return t("era.lose", resource(w[1]));
    case "scorch": return t("era.scorch", w[1]);
    case "burn": return t("era.burn", w[1]);
    case "feather": return t("era.feather", w[1], w[2] === "with" ? t("era.theDie", colour(w[3]), w[4]) : "");
    case "set": return t("era.set", colour(w[1]), w[2], w[4]);
    default: return null;
  }
}

function grid(domain, ctx, own) {
  const size = domain.size ?? 9;
  const cells = domain.cells ?? {};
  const built = (domain.buildings ?? []).map((b) => t("era.buildingOn", piece(b.kind), b.cells.join(" ")));
  const g = el("div", { className: "grid", role: "group", ariaLabel: t("era.domain", built.join("; ") || t("era.empty")) });
  g.style.setProperty("--size", size);
  g.append(axis(undefined, "axis corner"));
  for (let col = 0; col < size; col++) g.append(axis(COLS[col]));
  for (let row = 1; row <= size; row++) {
    g.append(axis(String(row)));
    for (let col = 0; col < size; col++) {
      const c = COLS[col] + row;
      const what = cells[c];
      const classes = ["cell"];
      if (what === "wall") classes.push("wall");
      else if (what === "scorched") classes.push("scorched");
      else if (what) classes.push("building", what);
      const playable = own && ctx.legal.some(([, text]) => text.split(" ").includes(c));
      const name = what ? `${c} ${what === "wall" ? t("era.wallName") : piece(what)}` : c;
      g.append(boardSquare(ctx, {
        playable,
        tag: "span",
        props: { className: classes.join(" "), textContent: what ? MARK[what] ?? what[0].toUpperCase() : "", title: name, ...(playable ? { ariaLabel: name } : { ariaHidden: "true" }) },
        dataset: { cell: c, row, col },
        key: "cell:" + c,
        pred: (text) => text.split(" ").includes(c),
        name: c,
      }));
    }
  }
  return g;
}

function faces(groups) {
  const out = [];
  for (const g of groups ?? []) {
    for (let i = 0; i < g.dice; i++) {
      out.push(el("span", { className: `die era-${g.colour}`, role: "img", ariaLabel: t("era.dieTitle", colour(g.colour), g.face, g.symbols), title: t("era.dieTitle", colour(g.colour), g.face, g.symbols), textContent: g.symbols, style: { background: DIE_BG[g.colour] ?? "#fff" } }));
    }
  }
  return out;
}

const counted = (byColour) => COLOURS.map((c) => [c, byColour?.[c] ?? 0]).filter(([, n]) => n > 0).map(([c, n]) => t("era.count", n, colour(c))).join(", ");

function diceLine(label, groups, counts) {
  if (groups === null) {
    // Behind another seat's screen: how many, never which faces.
    const n = counted(counts);
    return n ? el("p", { className: "quiet behind", textContent: t("era.behind", label, n) }) : null;
  }
  if (!groups || !groups.length) return null;
  return el("div", { className: "dice-row" }, el("span", { className: "quiet", textContent: label + ": " }), el("span", { className: "dice-hand" }, ...faces(groups)));
}

/** The step's name: `{"roll": {"turn": 0}}` → "roll". */
function stepName(step) {
  const name = typeof step === "string" ? step : Object.keys(step ?? {})[0] ?? "";
  return wordsFor("era.step.", name);
}

// The running score is the server's scoreboard (the final formula so far,
// part by part); the breakdown below only serves a page without one.

export function breakdown(ctx) {
  const seats = ctx.view.seats ?? [];
  const scores = ctx.result?.scores ?? [];
  return [
    { label: t("era.culture"), values: seats.map((p) => p.culture ?? 0) },
    { label: t("era.disasters"), values: seats.map((p) => -(p.disaster ?? 0)) },
    { label: t("era.buildings"), values: seats.map((p, i) => (scores[i] ?? 0) - (p.culture ?? 0) + (p.disaster ?? 0)) },
  ];
}

export function draw(ctx) {
  const v = ctx.view;
  const root = el("div", { className: "era" });
  const tokens = v.tracking_tokens ?? {};
  root.append(el("p", { className: "quiet", textContent: `${t("era.round", (v.round ?? 0) + 1, stepName(v.step), seatName(v.start_player, ctx))} · ${t("era.tokens", tokens.in_play ?? 0, tokens.showing_x ?? 0)}` }));
  const domains = el("div", { className: "domains" });
  for (const p of v.seats ?? []) {
    const seat = p.seat;
    const box = el("section", { className: `domain owner-${seat}` });
    box.dataset.seat = seat;
    box.append(el("h3", {}, chip(seat), seatName(seat, ctx, true)));
    box.append(p.domain ? grid(p.domain, ctx, seat === ctx.seat) : el("p", { className: "quiet", textContent: t("era.layout", p.laid_out ?? 0) }));
    const tracks = el("table", { className: "tracks" });
    tracks.append(el("tr", {}, ...RESOURCES.map((r) => el("th", { scope: "col", textContent: resource(r) })), el("th", { scope: "col", textContent: t("era.culture") }), el("th", { scope: "col", textContent: t("era.disaster") })));
    tracks.append(el("tr", {}, ...RESOURCES.map((r) => el("td", { textContent: String(p.resources?.[r] ?? 0) })), el("td", { textContent: String(p.culture ?? 0) }), el("td", { textContent: String(p.disaster ?? 0) })));
    box.append(scrolling(t("era.tracks", seatName(seat, ctx)), tracks));
    const d = p.dice ?? {};
    box.append(el("p", { className: "quiet", textContent: t("era.owned", counted(d.owned) || t("arm.none")) }));
    for (const line of [
      diceLine(isYou(seat, ctx) ? t("era.yourRoll") : t("era.showing"), d.showing_faces, d.showing),
      diceLine(t("era.setAside"), d.set_aside_faces, d.set_aside),
      diceLine(t("era.fixed"), d.fixed_faces, d.fixed),
    ]) if (line) box.append(line);
    if (counted(d.rolling)) box.append(el("p", { className: "quiet", textContent: t("era.rolling", counted(d.rolling)) }));
    domains.append(box);
  }
  root.append(domains);
  const supply = v.supply ?? {};
  const kinds = Object.keys(supply.buildings ?? {});
  const table = el("table", { className: "supply" }, el("caption", { textContent: t("era.supply") }));
  table.append(el("tr", {}, ...kinds.map((k) => el("th", { scope: "col", textContent: piece(k) }))));
  table.append(el("tr", {}, ...kinds.map((k) => el("td", { textContent: `${supply.buildings[k]}${v.boxed?.[k] ? ` (${v.boxed[k]})` : ""}` }))));
  root.append(scrolling(t("era.supply"), table));
  const walls = Object.entries(supply.walls_by_length ?? {}).filter(([, n]) => n > 0).map(([len, n]) => t("era.wallsOf", n, len)).join(", ");
  root.append(el("p", { className: "quiet", textContent: t("era.walls", walls || t("arm.none"), supply.scorched_areas ?? 0) }));
  return root;
}

export function sentence(entry, ctx) {
  if ("chance" in entry) {
    const c = entry.chance ?? {};
    if (c.rolled_behind_screen) {
      const r = c.rolled_behind_screen;
      return t("era.rollsBehind", seatName(r.seat, ctx, true), r.dice, colour(r.die));
    }
    if (c.rolled) return t("era.rolls", seatName(c.rolled.seat, ctx, true), colour(c.rolled.die));
    if (c.start_roll) return t("era.startRoll");
    return null;
  }
  const who = seatName(entry.player, ctx, true);
  const a = entry.action;
  if (a === "roll") return t("era.rollsAgain", who);
  if (a === "done") return t("era.isDone", who);
  if (a === "pay") return t("era.pays", who);
  if (a === "refuse") return t("era.refuses", who);
  if (!a || typeof a !== "object") return null;
  if (a.laid_out) return t("era.lays", who, piece(a.laid_out, true));
  if (a.place) return t("era.placed", who, piece(a.place.piece, true), a.place.at);
  if (a.choose) return t("era.chooses", who, piece(a.choose, true));
  if (a.set_aside) return t("era.setsAside", who, colour(a.set_aside));
  if (a.reroll) return t("era.setsAside", who, colour(a.reroll.die));
  if (a.demand) return t("era.demands", who, resource(a.demand));
  if (a.lose) return t("era.loses", who, resource(a.lose));
  if (a.scorch) return t("era.scorches", who, a.scorch);
  if (a.burn) return t("era.burns", who, a.burn);
  return null;
}
