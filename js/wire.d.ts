// The JSON the engines write, as the methods hand it out (plain objects).
// Written by hand from the engines' encodings: the envelopes (records,
// histories, updates) field by field; each game's view and actions as
// that game's JSON, keyed by the engine's own names (see each rules
// crate's README for the fields).

/** Whose eyes a view is for. */
export type Viewer = { seat: number } | "spectator";

/** Who acts next. */
export type ToMove = { player: number } | "chance" | "over";

/** The final result: each seat's score, the tiebreak values, the winners' seats. */
export interface GameResult {
  scores: number[];
  tiebreaks: number[][];
  winners: number[];
}

/** A game's config: every parameter, defaults included (Pig: `players`, `target`; Age of War: `players`; Armadöra: `players`, `factions`, `advanced`, `peek_own`, `teams`; Era: `players`, `revision`). */
export interface GameConfig {
  players: number;
  [parameter: string]: unknown;
}

/** One entry of a log: a chance outcome, or a seat's action (each game's own JSON). */
export type LogEntry = { chance: unknown } | { player: number; action: unknown };

/** A record: the config and every entry, all secrets included. `Game.deserializeState` replays it. */
export interface GameRecord {
  game: string;
  /** The record encoding's version. */
  format: number;
  config: GameConfig;
  log: LogEntry[];
}

/** What a viewer sees now, nothing more: the game's own view (its fields are the game's). */
export interface View {
  [field: string]: unknown;
}

/** Everything a viewer has seen since the start: the log as that viewer saw it (hidden outcomes withheld). */
export interface History {
  game: string;
  format: number;
  config: GameConfig;
  viewer: Viewer;
  log: LogEntry[];
}

/** What a viewer is told of the entries `from` to `to`: what a server sends each seat after a move. */
export interface Update {
  game: string;
  viewer: Viewer;
  /** The index of the first entry told. */
  from: number;
  /** The number of entries so far. */
  to: number;
  entries: LogEntry[];
  to_move: ToMove;
  view: View;
  /** The legal actions when the viewer is the seat to move, as `[id, text]`. */
  legal: [number, string][];
  result: GameResult | null;
}
