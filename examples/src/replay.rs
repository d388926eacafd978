//! The `replay` tool: check a record entry by entry, tell its history from
//! a viewpoint, and show where it ends.

use std::fmt::Write as _;

use dice_core::{Match, Record, ToMove, Viewer, replay};
use serde::Deserialize;

use crate::narrate::Viewpoint;
use crate::playable::PlayableGame;

/// A record that could not be read or replayed: exit status 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadRecord(pub String);

/// The text of a record, refusing bytes that are not UTF-8.
///
/// # Errors
/// Bytes that are not UTF-8 text, naming where the first bad byte is.
pub fn text(bytes: &[u8]) -> Result<&str, BadRecord> {
    std::str::from_utf8(bytes).map_err(|e| BadRecord(format!("not a record: not UTF-8 text ({e})")))
}

/// The `"game"` field of a record.
///
/// # Errors
/// Text that is not a JSON object with a `"game"` string.
pub fn game_name(json: &str) -> Result<String, BadRecord> {
    #[derive(Deserialize)]
    struct Name {
        game: String,
    }
    serde_json::from_str::<Name>(json)
        .map(|n| n.game)
        .map_err(|e| BadRecord(format!("not a record: {e}")))
}

/// Replays the record `json`, then tells its history as `view` saw it
/// (every entry in full without one) and the end as `view` sees it (a
/// spectator without one), in text or JSON. The JSON holds the history
/// only for a `view`, and never the seed or the generator.
///
/// # Errors
/// The first problem with the record, naming the entry, or a `view` of a
/// seat the record's table does not have.
pub fn run<G: PlayableGame>(
    json: &str,
    view: Option<Viewer>,
    as_json: bool,
) -> Result<String, BadRecord> {
    let record: Record<G> = serde_json::from_str(json).map_err(|e| BadRecord(e.to_string()))?;
    let m: Match<G> = replay(&record).map_err(|e| BadRecord(e.to_string()))?;
    let state = m.state();
    if let Some(Viewer::Seat(seat)) = view {
        if seat >= state.players() {
            return Err(BadRecord(format!(
                "--view {seat}: the record has {} seats",
                state.players()
            )));
        }
    }
    let viewpoint = view.map_or(Viewpoint::Omniscient, Viewpoint::Of);
    let viewer = viewpoint.drawing_viewer();
    let result = state.result();
    let status = if result.is_some() {
        "finished"
    } else {
        "ongoing"
    };
    if as_json {
        let mut out = serde_json::json!({
            "status": status,
            "steps": m.log().len(),
            "to_move": state.to_move(),
            "result": result.as_ref().map(|r| serde_json::json!({
                "scores": r.scores(),
                "winners": r.winners(),
            })),
            "view": state.view(viewer),
        });
        if let (Some(viewer), Some(fields)) = (view, out.as_object_mut()) {
            let history =
                serde_json::to_value(m.history(viewer)).map_err(|e| BadRecord(e.to_string()))?;
            fields.insert("history".to_string(), history);
        }
        return serde_json::to_string_pretty(&out).map_err(|e| BadRecord(e.to_string()));
    }
    let mut out = format!(
        "{} record: {status} after {} steps\n",
        G::NAME,
        m.log().len()
    );
    let _ = match state.to_move() {
        ToMove::Player(p) => writeln!(out, "to move: player {p}"),
        ToMove::Chance => writeln!(out, "to move: chance"),
        ToMove::Over => writeln!(out, "to move: nobody, the game is over"),
    };
    let _ = writeln!(out, "\nhistory as {viewpoint} saw it:");
    for line in viewpoint
        .narrate_log::<G>(record.config(), m.log())
        .map_err(BadRecord)?
    {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(
        out,
        "\nas {} sees it:\n{}",
        Viewpoint::Of(viewer),
        G::draw(&state.view(viewer)).trim_end()
    );
    if result.is_some() {
        out.push_str(&G::describe_result(state));
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
        let BadRecord(reason) = run::<Pig>(&json, None, false).unwrap_err();
        assert!(
            reason.starts_with("entry 0: invalid type: sequence"),
            "{reason}"
        );
    }

    #[test]
    fn a_log_that_runs_past_the_end_is_refused_at_its_first_extra_entry() {
        let extra = r#",{"action":"hold"}"#.repeat(100_000);
        let json = format!(
            r#"{{"game":"pig","format":1,"config":{{"players":2,"target":1}},"seed":0,"log":[{{"action":"roll"}},{{"chance":3}},{{"action":"hold"}}{extra}]}}"#
        );
        let BadRecord(reason) = run::<Pig>(&json, None, false).unwrap_err();
        assert_eq!(reason, "entry 3: the game is already over");
    }

    #[test]
    fn bytes_that_are_not_utf8_are_a_bad_record() {
        let BadRecord(reason) = text(b"{\"game\": \"pig\xff\"}").unwrap_err();
        assert!(
            reason.starts_with("not a record: not UTF-8 text"),
            "{reason}"
        );
        assert_eq!(text(b"{}"), Ok("{}"));
    }
}
