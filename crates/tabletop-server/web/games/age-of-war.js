// Age of War as on the table: the fourteen castle cards with their battle
// lines, owners and clans, the dice in hand and those placed on the
// attacked castle, and the exact chance of conquering next to each move;
// moves in words, the running score (castles and clans held) and its
// breakdown at the end.
import { el, seatName, legalByText, actionButton, chip, isYou } from "/web/sentences.js";
import { t } from "/web/i18n.js";

export const key = "aow";

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
const BY_NAME = Object.fromEntries(CASTLES.map((c) => [c.name, c]));
const TITLE = Object.fromEntries(CASTLES.map((c) => [c.name, c.title]));

const FACES = { archery: "A", cavalry: "C", daimyo: "D", infantry1: "1", infantry2: "2", infantry3: "3" };
const DICE = 7;

function faceName(face) {
  const infantry = /^infantry(\d)$/.exec(face);
  return infantry ? t("aow.face.infantry", Number(infantry[1])) : t("aow.face." + face);
}

function die(face) {
  return el("span", { className: `die face-${face}`, title: faceName(face), role: "img", ariaLabel: faceName(face), textContent: FACES[face] ?? "?" });
}

/** A battle line in words: "2 cavalry", "infantry totalling 5 or more". */
function lineWords(text) {
  const inf = /^(\d+) inf$/.exec(text);
  if (inf) return t("aow.infantry", Number(inf[1]));
  const count = (s) => text.split(" ").filter((x) => x === s).length;
  const parts = [];
  if (count("A")) parts.push(t("aow.archers", count("A")));
  if (count("C")) parts.push(t("aow.cavalry", count("C")));
  if (count("D")) parts.push(t("aow.daimyo", count("D")));
  return parts.length === 2 ? t("and", parts[0], parts[1]) : parts.join(", ");
}

/** `fill azuchi 3` → "Fill line 3 of Azuchi: infantry totalling 5 or more". */
export function moveWords(text) {
  if (text === "lose die") return t("aow.lose");
  const fill = /^fill (\w+) (daimyo|\d+)$/.exec(text);
  const castle = fill && BY_NAME[fill[1]];
  if (!castle) return null;
  if (fill[2] === "daimyo") return t("aow.fillDaimyo", castle.title);
  const line = castle.lines[Number(fill[2]) - 1];
  return line ? t("aow.fill", fill[2], castle.title, lineWords(line)) : null;
}

function ownerOf(place) {
  return place && typeof place === "object" && "player" in place ? place.player : null;
}

/** Each castle's holder, and each clan's when one seat holds it all. */
function holdings(v) {
  const owners = {};
  for (const c of CASTLES) owners[c.name] = ownerOf(v.table?.[c.name]);
  const clanHolder = {};
  for (const clan of Object.keys(CLANS)) {
    const held = CASTLES.filter((c) => c.clan === clan).map((c) => owners[c.name]);
    clanHolder[clan] = held.every((o) => o !== null && o === held[0]) ? held[0] : null;
  }
  return { owners, clanHolder };
}

/** Per seat: the points of castles held face up, and the bonuses of
 * clans conquered (AOW-13). */
function points(ctx) {
  const { owners, clanHolder } = holdings(ctx.view);
  const castles = Array(ctx.players).fill(0);
  const clans = Array(ctx.players).fill(0);
  for (const c of CASTLES) {
    const owner = owners[c.name];
    if (owner === null || clanHolder[c.clan] !== null) continue;
    castles[owner] += c.points;
  }
  for (const [clan, holder] of Object.entries(clanHolder)) if (holder !== null) clans[holder] += CLANS[clan].bonus;
  return { castles, clans };
}

export const scoreLabel = "players.score";

/** The running score: what each seat would score now. */
export function score(ctx) {
  const { castles, clans } = points(ctx);
  return castles.map((n, seat) => n + clans[seat]);
}

export function breakdown(ctx) {
  const { castles, clans } = points(ctx);
  return [{ label: t("aow.castles"), values: castles }, { label: t("aow.clans"), values: clans }];
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
  const rolling = !ctx.result && (v.phase === "choosing" || v.phase === "rolling");
  const hand = el("div", { className: "dice-hand", role: "group", ariaLabel: t("aow.hand") }, ...(v.roll ?? []).map(die));
  const inHand = DICE - (v.placed ?? 0) - (v.lost ?? 0);
  const lose = legal.get("lose die");
  const heading = !rolling ? t("aow.dice")
    : v.target ? (isYou(v.current, ctx) ? t("aow.attackingYou", TITLE[v.target]) : t("aow.attacking", seatName(v.current, ctx, true), TITLE[v.target]))
      : t("aow.rolling", seatName(v.current, ctx, true));
  const diceBox = el("section", { className: `dice owner-${v.current}` },
    el("h3", {}, rolling ? chip(v.current) : null, heading),
    hand,
    el("p", { className: "quiet", textContent: t("aow.inHand", inHand, v.placed ?? 0, v.lost ?? 0) }),
    lose !== undefined ? actionButton(ctx, lose, t("aow.lose") + percentLabel(ctx, lose), "lose", "aow:lose") : null);
  // At the end no die is in play: the box would only show an empty hand.
  if (!ctx.result) root.append(diceBox);

  const { owners, clanHolder } = holdings(v);
  const grid = el("div", { className: "castles" });
  for (const c of CASTLES) {
    const owner = owners[c.name];
    const attacked = v.target === c.name;
    const card = el("article", { className: `castle clan-${c.clan}${attacked ? " attacked" : ""}${owner !== null ? ` owned owner-${owner}` : ""}` });
    card.dataset.castle = c.name;
    const ownerText = owner === null ? t("aow.centre") : clanHolder[c.clan] !== null ? t("aow.clanOf", seatName(owner, ctx)) : t("aow.heldBy", seatName(owner, ctx));
    card.setAttribute("aria-label", t("aow.castleLabel", c.title, CLANS[c.clan].title, c.points, ownerText));
    card.append(el("header", {},
      el("strong", { textContent: c.title }),
      el("span", { className: "points", textContent: t("aow.points", c.points) }),
      el("span", { className: "clan", textContent: `${CLANS[c.clan].title} +${CLANS[c.clan].bonus}` }),
      el("span", { className: `owner${owner === ctx.seat ? " mine" : ""}` }, owner === null ? null : chip(owner), ownerText)));
    const lines = el("ol", { className: "lines" });
    // Line 0 is the extra daimyo a castle owned by another seat asks for.
    const all = [[0, "D"], ...c.lines.map((l, i) => [i + 1, l])];
    for (const [index, text] of all) {
      const id = legal.get(`fill ${c.name} ${index === 0 ? "daimyo" : index}`);
      // The daimyo line matters only to take a castle from its holder: not
      // in the centre, not to its holder, never on a conquered clan's
      // cards, and Kumamoto has none (AOW-9, AOW-11).
      const needed = index !== 0 || (owner !== null && owner !== v.current && clanHolder[c.clan] === null && c.name !== "kumamoto");
      if (!needed && id === undefined) continue;
      const filled = attacked && (v.filled ?? []).includes(index);
      const li = el("li", { className: filled ? "filled" : "", value: index });
      if (id !== undefined) {
        const b = actionButton(ctx, id, `${text}${percentLabel(ctx, id)}`, "line", `line:${c.name}:${index}`);
        // Heard after what it shows: the move in words.
        b.append(el("span", { className: "sr-only", textContent: ": " + moveWords(`fill ${c.name} ${index === 0 ? "daimyo" : index}`) }));
        li.append(b);
      } else {
        li.append(el("span", { className: "line-text", textContent: text + (index === 0 ? t("aow.toTake") : "") }));
      }
      if (filled) li.append(el("span", { className: "placed", textContent: t("aow.placed") }));
      lines.append(li);
    }
    card.append(lines);
    grid.append(card);
  }
  root.append(grid);
  return root;
}

function lineName(castle, line) {
  if (line === 0) return t("aow.daimyoLine");
  return t("aow.line", line, BY_NAME[castle]?.lines[line - 1] ?? "?");
}

export function sentence(entry, ctx) {
  if ("chance" in entry) {
    const c = entry.chance;
    if (c && "first_player" in c) return t("aow.starts", seatName(c.first_player, ctx, true));
    if (c && "roll" in c) return t("aow.roll", c.roll.map((f) => FACES[f] ?? f).join(" ") || t("aow.nothing"));
    return null;
  }
  const who = seatName(entry.player, ctx, true);
  const a = entry.action;
  if (a === "lose_die") return t("aow.loses", who);
  if (a && a.fill) return t("aow.fills", who, lineName(a.fill.castle, a.fill.line), TITLE[a.fill.castle] ?? a.fill.castle);
  return null;
}
