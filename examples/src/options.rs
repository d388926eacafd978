//! Everything `play` is asked to do.

use std::path::PathBuf;

use dice_core::{Seat, Viewer};

use crate::narrate::Viewpoint;
use crate::playable::GameOptions;

/// Everything `play` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayOptions {
    /// Game options.
    pub game: GameOptions,
    /// The first game's seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// One bot name per seat (the last repeats to fill the table).
    pub bots: Vec<String>,
    /// The seats people play, at the terminal.
    pub humans: Vec<Seat>,
    /// How many games.
    pub games: u64,
    /// Worker threads for many games.
    pub threads: usize,
    /// Rotate the bots around the table from game to game.
    pub rotate: bool,
    /// Where to write the (last) game's private record.
    pub record: Option<PathBuf>,
    /// A saved record to play on from, instead of a new game.
    pub resume: Option<PathBuf>,
    /// Print JSON instead of text.
    pub json: bool,
    /// One game is stopped after this many steps (its record still
    /// written); in a batch, a game this long is an error.
    pub max_steps: usize,
    /// From whose eyes one game is told.
    pub viewpoint: Viewpoint,
}

impl Default for PlayOptions {
    /// One game between the game's default bots, seed 1, told as a
    /// spectator sees it.
    fn default() -> Self {
        PlayOptions {
            game: GameOptions::default(),
            seed: 1,
            bots: Vec::new(),
            humans: Vec::new(),
            games: 1,
            threads: 1,
            rotate: false,
            record: None,
            resume: None,
            json: false,
            max_steps: 1_000_000,
            viewpoint: Viewpoint::Of(Viewer::Spectator),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Pig between `greedy` and `random`, rotating, from seed 11.
    pub(crate) fn options(games: u64, threads: usize) -> PlayOptions {
        PlayOptions {
            seed: 11,
            bots: vec!["greedy".into(), "random".into()],
            games,
            threads,
            rotate: true,
            max_steps: 100_000,
            ..PlayOptions::default()
        }
    }
}
