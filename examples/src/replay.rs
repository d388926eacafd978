//! The `replay` tool: validate a record and show where it ends.

use std::fmt::Write as _;

use dice_core::{Match, Record, ToMove, Viewer, replay};
use serde::Deserialize;

use crate::title::Title;

/// A record that could not be read or replayed: exit status 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRecord(pub String);

/// The record's header and raw log, so that a log entry that does not
/// decode can be named by its index.
#[derive(Deserialize)]
struct RawRecord {
    game: String,
    format: u32,
    config: serde_json::Value,
    seed: u64,
    log: Vec<serde_json::Value>,
    #[serde(flatten)]
    unknown: serde_json::Map<String, serde_json::Value>,
}

/// The `"game"` field of a record.
///
/// # Errors
/// Text that is not a JSON record object.
pub fn game_name(json: &str) -> Result<String, BadRecord> {
    #[derive(Deserialize)]
    struct Name {
        game: String,
    }
    serde_json::from_str::<Name>(json)
        .map(|n| n.game)
        .map_err(|e| BadRecord(format!("not a record: {e}")))
}

/// Decodes a record, naming the index of a log entry that does not decode.
///
/// # Errors
/// Bad JSON, an unknown field, or an entry that is not this game's.
pub fn decode<T: Title>(json: &str) -> Result<Record<T>, BadRecord> {
    let raw: RawRecord =
        serde_json::from_str(json).map_err(|e| BadRecord(format!("not a record: {e}")))?;
    if let Some(field) = raw.unknown.keys().next() {
        return Err(BadRecord(format!(
            "unknown field \"{field}\" in the record"
        )));
    }
    let config =
        serde_json::from_value(raw.config).map_err(|e| BadRecord(format!("config: {e}")))?;
    let mut log = Vec::with_capacity(raw.log.len());
    for (index, entry) in raw.log.into_iter().enumerate() {
        log.push(
            serde_json::from_value(entry).map_err(|e| BadRecord(format!("entry {index}: {e}")))?,
        );
    }
    let _ = (raw.game, raw.format);
    Ok(Record::new(config).with_seed(raw.seed).with_log(log))
}

/// Replays `json` and describes the end as `viewer` sees it, in text or
/// JSON.
///
/// # Errors
/// The first problem with the record, naming the entry index.
pub fn run<T: Title>(json: &str, viewer: Viewer, as_json: bool) -> Result<String, BadRecord> {
    let record = decode::<T>(json)?;
    let m: Match<T> = replay(&record).map_err(|e| BadRecord(e.to_string()))?;
    if let Viewer::Seat(seat) = viewer {
        if seat >= m.state().players() {
            return Err(BadRecord(format!(
                "--view {seat}: the record has {} seats",
                m.state().players()
            )));
        }
    }
    let state = m.state();
    let view = state.view(viewer);
    let result = state.result();
    if as_json {
        let json = serde_json::json!({
            "status": if result.is_some() { "finished" } else { "ongoing" },
            "steps": m.log().len(),
            "to_move": state.to_move(),
            "result": result.as_ref().map(|r| serde_json::json!({
                "scores": r.scores(),
                "winners": r.winners(),
            })),
            "view": view,
        });
        return serde_json::to_string_pretty(&json).map_err(|e| BadRecord(e.to_string()));
    }
    let mut out = String::new();
    let status = if result.is_some() {
        "finished"
    } else {
        "ongoing"
    };
    let _ = writeln!(
        out,
        "{} record: {status} after {} steps",
        T::NAME,
        m.log().len()
    );
    let _ = match state.to_move() {
        ToMove::Player(p) => writeln!(out, "to move: player {p}"),
        ToMove::Chance => writeln!(out, "to move: chance"),
        ToMove::Over => writeln!(out, "to move: nobody, the game is over"),
    };
    let who = match viewer {
        Viewer::Seat(s) => format!("seat {s}"),
        Viewer::Spectator => "a spectator".to_string(),
    };
    let _ = writeln!(out, "\nas {who} sees it:\n{}", T::describe_view(&view));
    if result.is_some() {
        let _ = writeln!(out, "{}", T::describe_result(state));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice_core::pig::Pig;

    #[test]
    fn nesting_deeper_than_128_levels_is_refused_not_recursed() {
        let deep = "[".repeat(100_000) + &"]".repeat(100_000);
        let json = format!(
            r#"{{"game":"pig","format":1,"config":{{}},"seed":0,"log":[{{"chance":{deep}}}]}}"#
        );
        let BadRecord(reason) = decode::<Pig>(&json).unwrap_err();
        assert!(reason.contains("recursion limit exceeded"), "{reason}");
    }

    #[test]
    fn a_log_that_runs_past_the_end_is_refused_at_its_first_extra_entry() {
        let extra = r#",{"action":"hold"}"#.repeat(100_000);
        let json = format!(
            r#"{{"game":"pig","format":1,"config":{{"players":2,"target":1}},"seed":0,"log":[{{"action":"roll"}},{{"chance":3}},{{"action":"hold"}}{extra}]}}"#
        );
        let BadRecord(reason) = run::<Pig>(&json, Viewer::Spectator, false).unwrap_err();
        assert_eq!(reason, "entry 3: the game is already over");
    }
}
