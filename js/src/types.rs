//! The TypeScript names of what the methods return: wasm-bindgen types a
//! `JsValue` as `any`, so each shape is declared here and given its name.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const SHAPES: &'static str = r#"
import type { View, History, Update, GameRecord, GameConfig } from "../wire.js";
import type { Scoreboard } from "../server.js";
export type { View, History, Update, GameRecord, GameConfig } from "../wire.js";

/** A chance outcome and its probability, as Python's `chance_outcomes()`. */
export type ChanceOutcome = [id: number, probability: number];
/** A probability exactly: numbers while they are safe integers, BigInts beyond. */
export interface ExactProbability { numerator: number | bigint; denominator: number | bigint }
/** A chance outcome and its exact probability. */
export type ExactChanceOutcome = [id: number, probability: ExactProbability];
/** A legal action of the seat to move: its id and its text (the actor's notation). */
export type LegalAction = [id: number, text: string];
/** One named block of an observation tensor: `tensor.subarray(offset, offset + size)`. */
export interface TensorBlock { name: string; offset: number; size: number; meaning: string }
/**
 * Age of War's exact chance of conquering if the seat to move takes
 * `action` (an id), as a fraction and as a percentage with two decimals:
 * the entries of the reference server's `conquest_odds`.
 */
export interface ConquestOdds { action: number; chance: string; percent: string }
/** What `Game.playRandomGames` played. */
export interface RandomGames {
  /** Games played to the end. */
  finished: number;
  /** Games stopped at `maxSteps`. */
  unfinished: number;
  /** Steps taken (decisions and chance events), over all games. */
  steps: number;
  /** Seats in each game: the stride of `returns`. */
  seats: number;
  /**
   * The finished games' returns, in seed order, `seats` numbers a game:
   * seat `s` of the `i`-th finished game at `returns[i * seats + s]`.
   */
  returns: Float64Array;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A viewer's running scores, or `null`.
    #[wasm_bindgen(typescript_type = "Scoreboard | null")]
    pub type ScoreboardValue;
    /// A view (see `wire.d.ts`).
    #[wasm_bindgen(typescript_type = "View")]
    pub type ViewValue;
    /// A viewer's history.
    #[wasm_bindgen(typescript_type = "History")]
    pub type HistoryValue;
    /// What a viewer is told of new entries.
    #[wasm_bindgen(typescript_type = "Update")]
    pub type UpdateValue;
    /// A record: config and log.
    #[wasm_bindgen(typescript_type = "GameRecord")]
    pub type RecordValue;
    /// A record as an object or as its JSON text.
    #[wasm_bindgen(typescript_type = "GameRecord | string")]
    pub type RecordInput;
    /// A game's config.
    #[wasm_bindgen(typescript_type = "GameConfig")]
    pub type ConfigValue;
    /// A game's parameters, as an object or its JSON text.
    #[wasm_bindgen(typescript_type = "Record<string, unknown> | string")]
    pub type ParamsInput;
    /// A seed.
    #[wasm_bindgen(typescript_type = "number | bigint")]
    pub type SeedInput;
    /// Ids, as an array of numbers.
    #[wasm_bindgen(typescript_type = "number[]")]
    pub type Ids;
    /// Returns, one number a seat.
    #[wasm_bindgen(typescript_type = "number[]")]
    pub type Returns;
    /// Names.
    #[wasm_bindgen(typescript_type = "string[]")]
    pub type Names;
    /// Chance outcomes.
    #[wasm_bindgen(typescript_type = "ChanceOutcome[]")]
    pub type ChanceOutcomes;
    /// Exact chance outcomes.
    #[wasm_bindgen(typescript_type = "ExactChanceOutcome[]")]
    pub type ExactChanceOutcomes;
    /// Legal actions with their texts.
    #[wasm_bindgen(typescript_type = "LegalAction[]")]
    pub type LegalActions;
    /// A tensor's layout.
    #[wasm_bindgen(typescript_type = "TensorBlock[]")]
    pub type TensorLayout;
    /// Age of War's chances of conquering, one a legal action.
    #[wasm_bindgen(typescript_type = "ConquestOdds[]")]
    pub type ConquestOddsValue;
    /// Random games' summary.
    #[wasm_bindgen(typescript_type = "RandomGames")]
    pub type RandomGamesValue;
}
