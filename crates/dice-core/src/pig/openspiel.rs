//! OpenSpiel's `pig` as a ruleset of Pig: what differs from the house rules
//! when [`PigConfig::openspiel`](super::PigConfig::openspiel) is set.
//!
//! OpenSpiel's game lets a player stop before rolling, forces a stop once
//! the banked score and the turn total reach the target, ends in a draw
//! after `horizon` decisions, may use another die or Piglet's coin, names
//! its actions `roll`/`stop` and its outcomes `Roll k`, and pays the winner
//! +1 and every other seat −1/(n−1).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::observation::Block;

/// OpenSpiel's parameters beyond the table size and target (`winscore`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields, default))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct OpenSpielPig {
    /// Decisions (rolls and stops) after which the game ends with no
    /// winner, at least 1 (OpenSpiel's default 1000).
    pub horizon: u32,
    /// The die's faces, at least 2 (OpenSpiel's `diceoutcomes`, default 6).
    pub faces: u8,
    /// Piglet: a roll is a 1 (outcome 0) or one point (outcome 1).
    pub piglet: bool,
}

impl Default for OpenSpielPig {
    /// OpenSpiel's defaults: horizon 1000, a six-sided die, not Piglet.
    fn default() -> Self {
        OpenSpielPig {
            horizon: 1000,
            faces: 6,
            piglet: false,
        }
    }
}

impl OpenSpielPig {
    /// How many outcomes a roll lists: the faces, or Piglet's two.
    pub(super) fn outcome_count(self) -> u8 {
        if self.piglet { 2 } else { self.faces }
    }

    /// The points a rolled outcome other than a 1 adds.
    pub(super) fn points(self, outcome: u8) -> u32 {
        if self.piglet { 1 } else { u32::from(outcome) }
    }

    /// OpenSpiel's text of an outcome: `Roll k` for face `k`, Piglet's
    /// `Roll 0` (a 1) and `Roll 1` (a point).
    pub(super) fn outcome_text(self, outcome: u8) -> String {
        let shown = if self.piglet {
            outcome.saturating_sub(1)
        } else {
            outcome
        };
        format!("Roll {shown}")
    }
}

/// OpenSpiel's observation: one-hot rows of `target + 1` bins (the last
/// for `target` and above), the turn total's, then each seat's score.
pub(super) fn layout(players: usize, target: u32) -> Vec<Block> {
    let bins = bins(target);
    alloc::vec![
        Block::new(
            "turn_total",
            bins,
            "one-hot: the points at risk this turn, the last bin for the target and above"
        ),
        Block::new(
            "scores",
            players.saturating_mul(bins),
            "one-hot per seat in seat order: its banked points, the last bin for the target and above"
        ),
    ]
}

/// Bins of one row: `target + 1`.
fn bins(target: u32) -> usize {
    usize::try_from(target)
        .unwrap_or(usize::MAX)
        .saturating_add(1)
}

/// Writes OpenSpiel's rows for `turn_total` and `scores` into `out`.
pub(super) fn write(target: u32, turn_total: u32, scores: &[u32], out: &mut Vec<f32>) {
    let bins = bins(target);
    for points in core::iter::once(turn_total).chain(scores.iter().copied()) {
        let hot = usize::try_from(points)
            .unwrap_or(usize::MAX)
            .min(bins.saturating_sub(1));
        out.extend((0..bins).map(|bin| f32::from(u8::from(bin == hot))));
    }
}

/// OpenSpiel's `ToString`: `Scores: 0 0, Turn total: 0\nCurrent player: 0\n`,
/// with ` (rolling)` while the die rolls.
pub(super) fn text(scores: &[u32], turn_total: u32, player: usize, rolling: bool) -> String {
    let mut out = String::from("Scores:");
    for score in scores {
        let _ = write!(out, " {score}");
    }
    let rolling = if rolling { " (rolling)" } else { "" };
    let _ = write!(
        out,
        ", Turn total: {turn_total}\nCurrent player: {player}{rolling}\n"
    );
    out
}
