// Era: Medieval Age as on the table, from the view JSON by name: every
// player's domain grid with its buildings, walls and scorched areas, the
// tracks (resources, culture, disaster), the dice behind the screen (the
// seat's own faces; another's only counted) and revealed for all, the
// supply and the tracking tokens.
import { el, seatName, describe } from "/web/sentences.js";

const COLOURS = ["yellow", "gray", "blue", "white"];
const RESOURCES = [["goods", "trade goods"], ["stone", "stone"], ["wood", "wood"], ["food", "food"]];
const MARK = { keep: "K", longhouse: "L", townhouse: "T", church: "C", farm: "F", lumber_mill: "M", market: "Mk", hospital: "H", guildhall: "G", monastery: "Mo", university: "U", cathedral: "Ca", wall: "▪", scorched: "✕" };
const DIE_BG = { yellow: "#f8ec9c", gray: "#ccc", blue: "#cfe0f5", white: "#fff" };
const COLS = "abcdefghijklmnopqrstuvwxyz";
const words = (s) => String(s).replace(/_/g, " ");

function grid(domain, ctx, own) {
  const size = domain.size ?? 9;
  const cells = domain.cells ?? {};
  const g = el("div", { className: "grid", role: "img" });
  g.style.setProperty("--size", size);
  for (let row = 1; row <= size; row++) {
    for (let col = 0; col < size; col++) {
      const c = COLS[col] + row;
      const what = cells[c];
      const classes = ["cell"];
      if (what === "wall") classes.push("wall");
      else if (what === "scorched") classes.push("scorched");
      else if (what) classes.push("building", what);
      const playable = own && ctx.legal.some(([, text]) => text.split(" ").includes(c));
      const cell = el(playable ? "button" : "span", { className: classes.join(" "), textContent: what ? MARK[what] ?? what[0].toUpperCase() : "", title: what ? `${c} ${words(what)}` : c });
      cell.dataset.cell = c;
      if (playable) {
        cell.type = "button";
        cell.classList.add("playable");
        cell.onclick = () => ctx.choose((text) => text.split(" ").includes(c));
      }
      g.append(cell);
    }
  }
  const built = (domain.buildings ?? []).map((b) => `${words(b.kind)} on ${b.cells.join(" ")}`);
  g.setAttribute("aria-label", `domain: ${built.join("; ") || "empty"}; walls on ${(domain.walls ?? []).join(" ") || "no cell"}; scorched ${(domain.scorched ?? []).join(" ") || "nowhere"}`);
  return g;
}

function faces(groups) {
  const out = [];
  for (const g of groups ?? []) {
    for (let i = 0; i < g.dice; i++) {
      out.push(el("span", { className: `die era-${g.colour}`, title: `${g.colour} die, face ${g.face}: ${g.symbols}`, textContent: g.symbols, style: { background: DIE_BG[g.colour] ?? "#fff" } }));
    }
  }
  return out;
}

const counted = (byColour) => COLOURS.map((c) => [c, byColour?.[c] ?? 0]).filter(([, n]) => n > 0).map(([c, n]) => `${n} ${c}`).join(", ");

function diceLine(label, groups, counts) {
  if (groups === null) {
    // Behind another seat's screen: how many, never which faces.
    const n = counted(counts);
    return n ? el("p", { className: "quiet behind", textContent: `${label}: ${n}, behind the screen` }) : null;
  }
  if (!groups || !groups.length) return null;
  return el("div", { className: "dice-row" }, el("span", { className: "quiet", textContent: label + ": " }), el("span", { className: "dice-hand" }, ...faces(groups)));
}

export function draw(ctx) {
  const v = ctx.view;
  const root = el("div", { className: "era" });
  const tokens = v.tracking_tokens ?? {};
  root.append(el("p", { className: "quiet", textContent: `Round ${(v.round ?? 0) + 1} · ${describe(v.step)} · start player ${seatName(v.start_player, ctx)} · tracking tokens: ${tokens.in_play ?? 0} in play, ${tokens.showing_x ?? 0} showing X` }));
  const domains = el("div", { className: "domains" });
  for (const p of v.seats ?? []) {
    const seat = p.seat;
    const box = el("section", { className: `domain owner-${seat}` });
    box.dataset.seat = seat;
    box.append(el("h3", { textContent: seatName(seat, ctx, true) }));
    box.append(p.domain ? grid(p.domain, ctx, seat === ctx.seat) : el("p", { className: "quiet", textContent: `laying out the domain behind the screen (${p.laid_out ?? 0} pieces so far)` }));
    const tracks = el("table", { className: "tracks" });
    tracks.append(el("tr", {}, ...RESOURCES.map(([, name]) => el("th", { textContent: name })), el("th", { textContent: "culture" }), el("th", { textContent: "disaster" })));
    tracks.append(el("tr", {}, ...RESOURCES.map(([key]) => el("td", { textContent: String(p.resources?.[key] ?? 0) })), el("td", { textContent: String(p.culture ?? 0) }), el("td", { textContent: String(p.disaster ?? 0) })));
    box.append(tracks);
    const d = p.dice ?? {};
    box.append(el("p", { className: "quiet", textContent: `dice owned: ${counted(d.owned) || "none"}` }));
    for (const line of [
      diceLine(seat === ctx.seat ? "your roll" : "showing", d.showing_faces, d.showing),
      diceLine("set aside", d.set_aside_faces, d.set_aside),
      diceLine("set", d.fixed_faces, d.fixed),
    ]) if (line) box.append(line);
    if (counted(d.rolling)) box.append(el("p", { className: "quiet", textContent: `rolling: ${counted(d.rolling)}` }));
    domains.append(box);
  }
  root.append(domains);
  const supply = v.supply ?? {};
  const kinds = Object.keys(supply.buildings ?? {});
  const table = el("table", { className: "supply" }, el("caption", { textContent: "The supply (boxed in brackets)" }));
  table.append(el("tr", {}, ...kinds.map((k) => el("th", { textContent: words(k) }))));
  table.append(el("tr", {}, ...kinds.map((k) => el("td", { textContent: `${supply.buildings[k]}${v.boxed?.[k] ? ` (${v.boxed[k]})` : ""}` }))));
  root.append(el("div", { style: { overflowX: "auto" } }, table));
  const walls = Object.entries(supply.walls_by_length ?? {}).filter(([, n]) => n > 0).map(([len, n]) => `${n} of length ${len}`).join(", ");
  root.append(el("p", { className: "quiet", textContent: `Walls: ${walls || "none"}. Scorched areas: ${supply.scorched_areas ?? 0}.` }));
  return root;
}

export function sentence(entry, ctx) {
  if ("chance" in entry) {
    const c = entry.chance ?? {};
    if (c.rolled_behind_screen) {
      const r = c.rolled_behind_screen;
      return `${seatName(r.seat, ctx, true)} ${r.seat === ctx.seat ? "roll" : "rolls"} ${r.dice} ${r.die} ${r.dice === 1 ? "die" : "dice"} behind the screen.`;
    }
    return `Chance: ${describe(c)}.`;
  }
  const me = entry.player === ctx.seat;
  const who = seatName(entry.player, ctx, true);
  const a = entry.action;
  if (a === "roll") return `${who} ${me ? "roll" : "rolls"} the dice set aside.`;
  if (a === "done") return `${who} ${me ? "are" : "is"} done.`;
  if (a && a.laid_out) return `${who} ${me ? "lay" : "lays"} out a ${words(a.laid_out)} behind the screen.`;
  return `${who}: ${describe(a)}.`;
}
