//! Golden records: committed games whose replay and result must never
//! change without a breaking release.

use alloc::format;
use alloc::string::String;
use std::path::Path;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::game::Game;
use crate::game_match::Match;
use crate::record::Record;
use crate::replay::replay;
use crate::result::GameResult;
use crate::testkit::json::to_json;

/// The variable that makes [`check_golden_records`] write the files anew
/// from their seeds instead of only comparing.
pub const WRITE_GOLDEN: &str = "WRITE_GOLDEN";

/// Checks each named game against its two files in `dir`: `NAME.json`
/// (the record) and `NAME.expected.json` (its [`GameResult`]). The record
/// must replay to the expected result, and `play` (which plays the game
/// from its seed) must still play the same game: the same config, seed and
/// log.
///
/// Every crate calls it from its tests (`tests/suite/golden.rs`), in a test named
/// `golden_records_replay_to_their_expected_results`, with its files in
/// `tests/golden/`. `WRITE_GOLDEN=1 cargo test --test suite golden` rewrites the
/// files; that changes what a seed plays and is a breaking change.
///
/// # Panics
/// When a file is missing or unreadable, a record does not replay, a
/// result differs, or a seed plays another game.
pub fn check_golden_records<G>(dir: &Path, games: &[(&str, &dyn Fn() -> Match<G>)])
where
    G: Game,
    G::Config: Serialize + DeserializeOwned,
    G::Action: Serialize + DeserializeOwned,
    G::Chance: Serialize + DeserializeOwned,
{
    let write = std::env::var_os(WRITE_GOLDEN).is_some();
    for (name, play) in games {
        let record_path = dir.join(format!("{name}.json"));
        let expected_path = dir.join(format!("{name}.expected.json"));
        if write {
            let m = play();
            let result = m
                .state()
                .result()
                .unwrap_or_else(|| panic!("{name}: the game did not end"));
            let written = std::fs::create_dir_all(dir).and_then(|()| {
                std::fs::write(&record_path, to_json(&m.record()))?;
                std::fs::write(&expected_path, format!("{}\n", to_pretty_json(&result)))
            });
            written.unwrap_or_else(|e| panic!("{name}: cannot write: {e}"));
        }
        let record: Record<G> = read(&record_path);
        let expected: GameResult = read(&expected_path);
        let m = replay(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            m.state().result().as_ref(),
            Some(&expected),
            "{name}: result"
        );
        let again = play();
        let fresh = again.record();
        assert_eq!(fresh.config(), record.config(), "{name}: config");
        assert_eq!(fresh.seed(), record.seed(), "{name}: seed");
        assert_eq!(
            fresh.log(),
            record.log(),
            "{name}: the seed plays another game"
        );
    }
}

fn read<T: DeserializeOwned>(path: &Path) -> T {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn to_pretty_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_else(|e| panic!("does not serialise: {e}"))
}
