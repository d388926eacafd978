// Era: Medieval Age as on the table: every player's domain grid with its
// buildings, walls and scorched areas, the tracks (resources, culture,
// disaster), the dice behind the screen (this seat's own) and revealed
// (everyone's), the supply and the tracking tokens.
import { el, seatName, describe } from "/web/sentences.js";

const COLOURS = ["yellow", "gray", "blue", "white"];
const RESOURCES = ["trade goods", "stone", "wood", "food"];
const BUILDINGS = ["keep", "longhouse", "townhouse", "church", "farm", "lumber mill", "market", "hospital", "guildhall", "monastery", "university", "cathedral"];
const MARK = { keep: "K", longhouse: "L", townhouse: "T", church: "C", farm: "F", lumber_mill: "M", "lumber mill": "M", market: "Mk", hospital: "H", guildhall: "G", monastery: "Mo", university: "U", cathedral: "Ca" };
// The faces of each colour (rules table D1): G goods, S stone, W wood,
// F food, C culture, H hammer, X sword, D shield, Q feather, K skull.
const FACES = {
  yellow: ["FFF", "HH", "SS", "WWW", "FF|S", "KWH"],
  white: ["FF", "Q", "C", "C", "S|WW", "KCC"],
  gray: ["DDDD", "X", "G", "KGG", "XXX", "XX"],
  blue: ["HH", "SS", "G", "C", "KSH", "GG"],
};
const COLS = "abcdefghijklmnopqrstuvwxyz";

function grid(domain, ctx, own) {
  const size = domain.size ?? 9;
  const kind = {};
  for (const b of domain.buildings ?? []) for (const c of b.cells) kind[c] = b.kind;
  const walls = new Set(domain.walls ?? []);
  const scorched = new Set(domain.scorched ?? []);
  const g = el("div", { className: "grid", role: "img", style: { "--size": size } });
  g.style.setProperty("--size", size);
  const described = [];
  for (let row = 1; row <= size; row++) {
    for (let col = 0; col < size; col++) {
      const c = COLS[col] + row;
      const classes = ["cell"];
      let mark = "";
      if (kind[c]) { classes.push("building", kind[c]); mark = MARK[kind[c]] ?? kind[c][0].toUpperCase(); described.push(`${c} ${kind[c].replace(/_/g, " ")}`); }
      if (walls.has(c)) { classes.push("wall"); if (!mark) mark = "▪"; }
      if (scorched.has(c)) { classes.push("scorched"); mark = "✕"; }
      const playable = own && ctx.legal.some(([, text]) => text.split(" ").includes(c));
      const cell = el(playable ? "button" : "span", { className: classes.join(" "), textContent: mark, title: c + (kind[c] ? " " + kind[c] : "") + (walls.has(c) ? " wall" : "") + (scorched.has(c) ? " scorched" : "") });
      cell.dataset.cell = c;
      if (playable) {
        cell.type = "button";
        cell.classList.add("playable");
        cell.onclick = () => ctx.choose((text) => text.split(" ").includes(c));
      }
      g.append(cell);
    }
  }
  g.setAttribute("aria-label", `domain: ${described.join(", ") || "empty"}; ${walls.size} walled cells, ${scorched.size} scorched`);
  return g;
}

function diceOf(p, which) {
  const faces = [];
  for (const colour of COLOURS) {
    const counts = p[which]?.[colour] ?? [];
    counts.forEach((n, face) => {
      for (let i = 0; i < n; i++) faces.push([colour, face]);
    });
  }
  return faces;
}

function dieMark([colour, face]) {
  const symbols = FACES[colour]?.[face] ?? "?";
  return el("span", { className: `die era-${colour}`, title: `${colour} die, face ${face + 1}: ${symbols}`, textContent: symbols, style: { background: colour === "gray" ? "#ccc" : colour === "white" ? "#fff" : colour === "blue" ? "#cfe0f5" : "#f8ec9c" } });
}

export function draw(ctx) {
  const v = ctx.view;
  const root = el("div", { className: "era" });
  const step = describe(v.step);
  root.append(el("p", { className: "quiet", textContent: `Round ${(v.round ?? 0) + 1} · ${step} · ${v.tokens ?? 0} tracking tokens blank, ${v.flipped ?? 0} flipped to X` }));
  const domains = el("div", { className: "domains" });
  (v.players ?? []).forEach((p, seat) => {
    const box = el("section", { className: `domain owner-${seat}` });
    box.dataset.seat = seat;
    box.append(el("h3", { textContent: `${seatName(seat, ctx, true)}` }));
    box.append(p.domain ? grid(p.domain, ctx, seat === ctx.seat) : el("p", { className: "quiet", textContent: `laying out the domain (${p.laid_out ?? 0} pieces placed so far)` }));
    const tracks = el("table", { className: "tracks" });
    tracks.append(el("tr", {}, ...RESOURCES.map((r) => el("th", { textContent: r })), el("th", { textContent: "culture" }), el("th", { textContent: "disaster" })));
    tracks.append(el("tr", {}, ...(p.resources ?? []).map((n) => el("td", { textContent: String(n) })), el("td", { textContent: String(p.culture ?? 0) }), el("td", { textContent: String(p.disaster ?? 0) })));
    box.append(tracks);
    const owned = COLOURS.map((c, i) => `${p.owned?.[i] ?? 0} ${c}`).join(", ");
    box.append(el("p", { className: "quiet", textContent: `dice owned: ${owned}` }));
    const shown = diceOf(p, "dice");
    const fixed = diceOf(p, "fixed");
    const aside = diceOf(p, "set_aside");
    const behind = (p.rolling ?? []).reduce((a, b) => a + b, 0);
    if (shown.length) box.append(el("div", {}, el("span", { className: "quiet", textContent: seat === ctx.seat ? "your dice: " : "dice shown: " }), el("span", { className: "dice-hand" }, ...shown.map(dieMark))));
    else if (behind) box.append(el("p", { className: "quiet", textContent: `${behind} dice behind the screen` }));
    if (fixed.length) box.append(el("div", {}, el("span", { className: "quiet", textContent: "set (kept): " }), el("span", { className: "dice-hand" }, ...fixed.map(dieMark))));
    if (aside.length) box.append(el("div", {}, el("span", { className: "quiet", textContent: "set aside: " }), el("span", { className: "dice-hand" }, ...aside.map(dieMark))));
    domains.append(box);
  });
  root.append(domains);
  const supply = el("table", { className: "supply" }, el("caption", { textContent: "The supply" }));
  supply.append(el("tr", {}, ...BUILDINGS.map((b) => el("th", { textContent: b }))));
  supply.append(el("tr", {}, ...(v.supply ?? []).map((n) => el("td", { textContent: String(n) }))));
  root.append(el("div", { style: { overflowX: "auto" } }, supply));
  const walls = (v.wall_supply ?? []).map((n, i) => (n ? `${n} of length ${i + 1}` : null)).filter(Boolean).join(", ");
  root.append(el("p", { className: "quiet", textContent: `Walls: ${walls || "none"}. Scorched areas: ${v.scorched_supply ?? 0}.` }));
  return root;
}

export function sentence(entry, ctx) {
  if ("chance" in entry) return `Chance: ${describe(entry.chance) || "hidden from you"}.`;
  const who = seatName(entry.player, ctx, true);
  return `${who}: ${describe(entry.action)}.`;
}
