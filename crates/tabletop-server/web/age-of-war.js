// Age of War as on the table: the fourteen castle cards with their battle
// lines, owners and clans, the dice in hand and those placed on the
// attacked castle, and the exact chance of conquering next to each move.
import { el, seatName, legalByText, actionButton, describe } from "/web/sentences.js";

// The cards (AOW rules): clan, points, battle lines in the rulebook's
// notation (A archery, C cavalry, D daimyo, "N inf" infantry totalling N).
const CLANS = {
  oda: { title: "Oda", bonus: 10 },
  tokugawa: { title: "Tokugawa", bonus: 8 },
  uesugi: { title: "Uesugi", bonus: 8 },
  mori: { title: "Mori", bonus: 5 },
  chosokabe: { title: "Chosokabe", bonus: 4 },
  shimazu: { title: "Shimazu", bonus: 3 },
};
export const CASTLES = [
  ["azuchi", "Azuchi", "oda", 3, ["A", "C C", "5 inf"]],
  ["matsumoto", "Matsumoto", "oda", 2, ["A", "A", "7 inf"]],
  ["odani", "Odani", "oda", 1, ["10 inf"]],
  ["gifu", "Gifu", "oda", 1, ["D", "A", "C"]],
  ["edo", "Edo", "tokugawa", 3, ["A C", "A C", "3 inf"]],
  ["kiyosu", "Kiyosu", "tokugawa", 2, ["D", "A", "C", "3 inf"]],
  ["inuyama", "Inuyama", "tokugawa", 1, ["D", "A A"]],
  ["kasugayama", "Kasugayama", "uesugi", 4, ["A A", "C C"]],
  ["kitanosho", "Kitanosho", "uesugi", 3, ["D", "A C", "6 inf"]],
  ["gassantoda", "Gassantoda", "mori", 2, ["D", "8 inf"]],
  ["takahashi", "Takahashi", "mori", 2, ["C C", "5 inf", "2 inf"]],
  ["matsuyama", "Matsuyama", "chosokabe", 2, ["D", "4 inf", "4 inf"]],
  ["marugame", "Marugame", "chosokabe", 1, ["D D", "C"]],
  ["kumamoto", "Kumamoto", "shimazu", 3, ["D D", "A", "C", "4 inf"]],
].map(([name, title, clan, points, lines]) => ({ name, title, clan, points, lines }));
const TITLE = Object.fromEntries(CASTLES.map((c) => [c.name, c.title]));

const FACES = {
  archery: ["A", "archery"],
  cavalry: ["C", "cavalry"],
  daimyo: ["D", "daimyo"],
  infantry1: ["1", "1 infantry"],
  infantry2: ["2", "2 infantry"],
  infantry3: ["3", "3 infantry"],
};
const DICE = 7;

function die(face) {
  const [mark, name] = FACES[face] ?? ["?", face];
  return el("span", { className: `die face-${face}`, title: name, ariaLabel: name, textContent: mark });
}

function ownerOf(place) {
  return place && typeof place === "object" && "player" in place ? place.player : null;
}

function percentLabel(ctx, id) {
  const odds = ctx.odds.get(id);
  return odds ? ` · ${odds.percent}%` : "";
}

export function draw(ctx) {
  const v = ctx.view;
  const legal = legalByText(ctx);
  const root = el("div", { className: "aow" });

  // The dice.
  const rolling = v.phase === "choosing" || v.phase === "rolling";
  const hand = el("div", { className: "dice-hand", ariaLabel: "dice in hand" }, ...(v.roll ?? []).map(die));
  const inHand = DICE - (v.placed ?? 0) - (v.lost ?? 0);
  const lose = legal.get("lose die");
  const diceBox = el("section", { className: "dice" },
    el("h3", { textContent: rolling ? `${seatName(v.current, ctx, true)} ${v.current === ctx.seat ? "are" : "is"} attacking${v.target ? " " + TITLE[v.target] : ""}` : "The dice" }),
    hand,
    el("p", { className: "quiet", textContent: `${inHand} in hand · ${v.placed ?? 0} placed · ${v.lost ?? 0} lost` }),
    lose !== undefined ? actionButton(ctx, lose, "lose a die" + percentLabel(ctx, lose), "lose") : null);
  root.append(diceBox);

  // Clans completed by one seat (their castles are then safe).
  const owners = {};
  for (const c of CASTLES) owners[c.name] = ownerOf(v.table[c.name]);
  const clanHolder = {};
  for (const clan of Object.keys(CLANS)) {
    const held = CASTLES.filter((c) => c.clan === clan).map((c) => owners[c.name]);
    clanHolder[clan] = held.every((o) => o !== null && o === held[0]) ? held[0] : null;
  }

  const grid = el("div", { className: "castles" });
  for (const c of CASTLES) {
    const owner = owners[c.name];
    const attacked = v.target === c.name;
    const card = el("article", { className: `castle clan-${c.clan}${attacked ? " attacked" : ""}${owner !== null ? " owned" : ""}` });
    card.dataset.castle = c.name;
    const ownerText = owner === null ? "in the centre" : clanHolder[c.clan] !== null ? `${seatName(owner, ctx)} (clan complete)` : seatName(owner, ctx);
    card.append(el("header", {},
      el("strong", { textContent: c.title }),
      el("span", { className: "points", textContent: `${c.points} pt` }),
      el("span", { className: "clan", textContent: `${CLANS[c.clan].title} +${CLANS[c.clan].bonus}` }),
      el("span", { className: `owner${owner === ctx.seat ? " mine" : ""}`, textContent: ownerText })));
    const lines = el("ol", { className: "lines" });
    // Line 0 is the extra daimyo a castle owned by another seat asks for.
    const all = [[0, "D"], ...c.lines.map((l, i) => [i + 1, l])];
    for (const [index, text] of all) {
      const id = legal.get(`fill ${c.name} ${index === 0 ? "daimyo" : index}`);
      const needed = index !== 0 || (owner !== null && owner !== v.current);
      if (!needed && id === undefined) continue;
      const filled = attacked && (v.filled ?? []).includes(index);
      const li = el("li", { className: filled ? "filled" : "" });
      if (id !== undefined) {
        li.append(actionButton(ctx, id, `${text}${percentLabel(ctx, id)}`, "line"));
      } else {
        li.append(el("span", { className: "line-text", textContent: text + (index === 0 ? " (to take it)" : "") }));
      }
      if (filled) li.append(el("span", { className: "placed", textContent: " ✓ dice placed" }));
      lines.append(li);
    }
    card.append(lines);
    grid.append(card);
  }
  root.append(grid);
  return root;
}

function lineName(castle, line) {
  if (line === 0) return "the extra daimyo line";
  const c = CASTLES.find((x) => x.name === castle);
  return `line ${line} (${c?.lines[line - 1] ?? "?"})`;
}

export function sentence(entry, ctx) {
  if ("chance" in entry) {
    const c = entry.chance;
    if (c && "first_player" in c) return `${seatName(c.first_player, ctx, true)} ${c.first_player === ctx.seat ? "start" : "starts"}.`;
    if (c && "roll" in c) return `The dice show ${c.roll.map((f) => FACES[f]?.[1] ?? f).join(", ") || "nothing"}.`;
    return `Chance: ${describe(c)}.`;
  }
  const who = seatName(entry.player, ctx, true);
  const a = entry.action;
  if (a === "lose_die") return `${who} ${entry.player === ctx.seat ? "lose" : "loses"} a die.`;
  if (a && a.fill) return `${who} ${entry.player === ctx.seat ? "fill" : "fills"} ${lineName(a.fill.castle, a.fill.line)} of ${TITLE[a.fill.castle] ?? a.fill.castle}.`;
  return null;
}
