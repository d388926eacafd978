//! Where `play` starts a game: afresh from its seed, or from a saved
//! record (`--resume FILE`), replayed and checked entry by entry.

use std::io::Read;
use std::path::Path;

use dice_core::{Match, Record, replay};

use crate::playable::PlayableGame;
use crate::record_file::{ReadError, read_path};
use crate::replay::{Refusal, game_name};

/// The match a saved record holds, replayed entry by entry: its config,
/// its log, and its generator where the record left it (so the bots, who
/// draw from generators derived from it, play on as they would have).
///
/// # Errors
/// A path that cannot be read, a record of another game, or a record that
/// does not replay, naming the entry.
pub fn resume<G: PlayableGame>(path: &Path, stdin: &mut dyn Read) -> Result<Match<G>, String> {
    let shown = path.display();
    let text = read_path(path, stdin).map_err(|e| match e {
        ReadError::Io(e) => format!("--resume: cannot read {shown}: {e}"),
        ReadError::NotText(e) => format!("--resume {shown}: {e}"),
    })?;
    let game = game_name(&text).map_err(|refusal| {
        let (Refusal::BadRecord(e) | Refusal::BadUsage(e)) = refusal;
        format!("--resume {shown}: {e}")
    })?;
    if game != G::NAME {
        return Err(format!(
            "--resume {shown}: the record is of {game}, not {}",
            G::NAME
        ));
    }
    let record: Record<G> =
        serde_json::from_str(&text).map_err(|e| format!("--resume {shown}: {e}"))?;
    replay(&record).map_err(|e| format!("--resume {shown}: {e}"))
}

/// A new match of game `G` with this config and seed.
///
/// # Errors
/// A config the game refuses.
pub fn fresh<G: PlayableGame>(config: &G::Config, seed: u64) -> Result<Match<G>, String> {
    Match::<G>::new(config, seed).map_err(|e| e.to_string())
}
