// Writes wire.d.ts, the TypeScript types of the JSON the engines hand out
// (records, histories, views, updates), from the JSON Schemas in the
// workspace's schemas/ folder (generated from the Rust types) with
// json-schema-to-typescript.
//
// Needs `npm ci` run in js/ (the generator is a dev dependency).
//
//   node scripts/wire-types.mjs          rewrite wire.d.ts
//   node scripts/wire-types.mjs --check  exit 1 if wire.d.ts is not what
//                                        the schemas give
//
// Each game's four documents are merged into one set of definitions (a
// name the four files share must mean the same there). A definition every
// game has, identical in all (`Viewer`, `ToMove`, `GameResult`,
// `LegalAction`, `DiceRng`), keeps its name; every other one is named after
// its game (`Action` becomes `ArmadoraAction`, `EraAction`...), unless its
// name already starts so. The envelope names the package has always
// exported (`View`, `History`, `Update`, `GameRecord`, `GameConfig`,
// `LogEntry`) are unions over the games, written at the end.
import { readFileSync, writeFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";

// The generator is a dev dependency of the npm package: say how to get it
// rather than fail on a module that is not there.
const { compile } = await import("json-schema-to-typescript").catch((e) => {
  if (e?.code !== "ERR_MODULE_NOT_FOUND") throw e;
  console.error("json-schema-to-typescript is not installed: run `npm ci` in js/ first");
  process.exit(1);
});

const jsDir = fileURLToPath(new URL("..", import.meta.url));
const schemasDir = fileURLToPath(new URL("../../schemas/", import.meta.url));

/** `age-of-war` as a type name's prefix: `AgeOfWar`. */
function camel(name) {
  return name
    .split(/[^A-Za-z0-9]+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");
}

/**
 * The games, as records name them, the prefix of their types, their titles:
 * the registry's catalogue (`schemas/games.json`, written from each game's
 * declaration by the schema tests).
 */
export const GAMES = JSON.parse(readFileSync(`${schemasDir}games.json`, "utf8")).map((game) => [
  game.name,
  camel(game.name),
  game.title,
]);
const DOCUMENTS = ["record", "history", "view", "update"];

/** Rust doc comments, less what means nothing in TypeScript: code blocks, intra-doc links. */
function describe(text) {
  return text
    .replace(/```[\s\S]*?```\n?/g, "")
    .replace(/\[`([^`\]]+)`\](\([^)]*\))?/g, "`$1`")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * The schema as json-schema-to-typescript reads it: draft 2020-12's tuples
 * (`prefixItems`, `items: false`) in the older form it knows (`items` as a
 * list, `additionalItems: false`), descriptions cleaned, references renamed
 * (and written as the type's name where they carry a description).
 */
function normalise(node, rename) {
  if (Array.isArray(node)) return node.map((item) => normalise(item, rename));
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema" || key === "$defs") continue;
    if (key === "prefixItems") {
      out.items = normalise(value, rename);
      if (node.items === false) out.additionalItems = false;
    } else if (key === "items" && "prefixItems" in node) {
      continue;
    } else if (key === "$ref") {
      const name = rename(value.replace(/^#\/\$defs\//, ""));
      // A reference with a description of its own would be declared
      // again under a numbered name: name the type instead.
      if (Object.keys(node).length > 1) out.tsType = name;
      else out.$ref = `#/$defs/${name}`;
    } else if (key === "description" && typeof value === "string") {
      const text = describe(value);
      if (text) out.description = text;
    } else {
      out[key] = normalise(value, rename);
    }
  }
  return out;
}

/** A game's definitions: every `$defs` entry of its four files, and the four documents under their titles. */
function gameDefinitions(game) {
  const defs = new Map();
  const roots = {};
  const add = (name, schema, file) => {
    const seen = defs.get(name);
    if (seen !== undefined && !isDeepStrictEqual(seen, schema)) {
      throw new Error(`${file}: \`${name}\` differs from its namesake in another of ${game}'s schemas`);
    }
    defs.set(name, schema);
  };
  for (const document of DOCUMENTS) {
    const file = `${game}/${document}.schema.json`;
    const schema = JSON.parse(readFileSync(`${schemasDir}${file}`, "utf8"));
    for (const [name, def] of Object.entries(schema.$defs ?? {})) add(name, def, file);
    const { $schema, $defs, title, ...root } = schema;
    if (!title) throw new Error(`${file} has no title`);
    add(title, root, file);
    roots[document] = title;
  }
  return { defs, roots };
}

/** The text of wire.d.ts. */
export async function wireTypes() {
  const games = GAMES.map(([game, prefix, title]) => ({ game, prefix, title, ...gameDefinitions(game) }));
  const shared = new Set(
    [...games[0].defs.keys()].filter((name) =>
      games.every(({ defs }) => defs.has(name) && isDeepStrictEqual(defs.get(name), games[0].defs.get(name))),
    ),
  );
  const $defs = {};
  const properties = {};
  for (const { game, prefix, title, defs, roots } of games) {
    const rename = (name) => (shared.has(name) || name.startsWith(prefix) ? name : `${prefix}${name}`);
    for (const [name, def] of [...defs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const renamed = rename(name);
      const schema = { ...normalise(def, rename), title: renamed };
      if (renamed in $defs && !isDeepStrictEqual($defs[renamed], schema)) {
        throw new Error(`two games define \`${renamed}\` differently`);
      }
      $defs[renamed] = schema;
    }
    properties[game] = {
      description: `${title}'s documents.`,
      type: "object",
      additionalProperties: false,
      required: DOCUMENTS,
      properties: Object.fromEntries(DOCUMENTS.map((d) => [d, { $ref: `#/$defs/${rename(roots[d])}` }])),
    };
  }
  const schema = {
    title: "WireTypes",
    description:
      "Each game's documents by the name records carry in `game`: its record, a viewer's history, a viewer's view and a viewer's update.",
    type: "object",
    additionalProperties: false,
    required: GAMES.map(([game]) => game),
    properties,
    $defs,
  };
  const generated = await compile(schema, "WireTypes", {
    bannerComment: "",
    additionalProperties: false,
    unreachableDefinitions: true,
    strictIndexSignatures: true,
    maxItems: 8,
    format: true,
    style: { printWidth: 100 },
  });
  return `${HEADER}\n${unsigned(generated).trim()}\n\n${ENVELOPES}`;
}

/** The output less the line json-schema-to-typescript signs each definition with. */
function unsigned(text) {
  return text
    .replace(/\/\*\*\n \* This interface was referenced by `[^`]*`'s JSON-Schema\n \* via the `definition` "[^"]*"\.\n \*\/\n/g, "")
    .replace(/\n \*\n \* This interface was referenced by `[^`]*`'s JSON-Schema\n \* via the `definition` "[^"]*"\./g, "");
}

const HEADER = `// The JSON the engines write, as the methods hand it out (plain objects):
// records, histories, views and updates of every game.
//
// GENERATED by scripts/wire-types.mjs from the JSON Schemas in the
// workspace's schemas/ folder (themselves generated from the Rust types)
// with json-schema-to-typescript: do not edit; run
// \`node scripts/wire-types.mjs\` after the schemas change.
`;

const ENVELOPES = `// The envelopes, over every game (narrow them by \`game\`, or name the
// game: \`ViewOf<"armadora">\`).

/** A game's name, as records carry it in \`game\`. */
export type GameName = keyof WireTypes;

/** A game's record: its config and every entry, all secrets included. */
export type RecordOf<G extends GameName> = WireTypes[G]["record"];
/** Everything a viewer of a game has seen since the start. */
export type HistoryOf<G extends GameName> = WireTypes[G]["history"];
/** What a viewer of a game sees now, nothing more. */
export type ViewOf<G extends GameName> = WireTypes[G]["view"];
/** What a viewer of a game is told of the entries \`from\` to \`to\`. */
export type UpdateOf<G extends GameName> = WireTypes[G]["update"];
/** A game's config: every parameter, defaults included. */
export type ConfigOf<G extends GameName> = RecordOf<G>["config"];

/** A record: the config and every entry, all secrets included. \`Game.deserializeState\` replays it. */
export type GameRecord = RecordOf<GameName>;
/** Everything a viewer has seen since the start: the log as that viewer saw it (hidden outcomes withheld). */
export type History = HistoryOf<GameName>;
/** What a viewer sees now, nothing more: the game's own view. */
export type View = ViewOf<GameName>;
/** What a viewer is told of the entries \`from\` to \`to\`: what a server sends each seat after a move. */
export type Update = UpdateOf<GameName>;
/** A game's config: every parameter, defaults included. */
export type GameConfig = GameRecord["config"];
/** One entry of a record's log: a chance outcome, or a seat's action. */
export type LogEntry = GameRecord["log"][number];
/** One entry of a history or an update, as its viewer may know it. */
export type SeenEntry = History["log"][number];
`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await wireTypes();
  const path = `${jsDir}wire.d.ts`;
  if (process.argv.includes("--check")) {
    if (readFileSync(path, "utf8") !== text) {
      console.error("wire.d.ts is not what the schemas give: run node scripts/wire-types.mjs");
      process.exit(1);
    }
  } else {
    writeFileSync(path, text);
    console.log(`wrote ${path}`);
  }
}
