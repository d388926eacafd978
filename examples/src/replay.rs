//! The `replay` tool: check a record entry by entry, tell its history from
//! a viewpoint, and show where it ends.

use std::io::Write;

use dice_core::{History, Match, Record, Seat, ToMove, Viewer, replay};
use serde::{Deserialize, Serialize};

use crate::narrate::Viewpoint;
use crate::playable::PlayableGame;

/// Why `replay` refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// A record that could not be read or replayed: exit status 1.
    BadRecord(String),
    /// A request the record cannot answer (a seat its table does not
    /// have): bad usage, exit status 2.
    BadUsage(String),
}

/// The `"game"` field of a record.
///
/// # Errors
/// Text that is not a JSON object with a `"game"` string.
pub fn game_name(json: &str) -> Result<String, Refusal> {
    #[derive(Deserialize)]
    struct Name {
        game: String,
    }
    serde_json::from_str::<Name>(json)
        .map(|n| n.game)
        .map_err(|e| Refusal::BadRecord(format!("not a record: {e}")))
}

/// The end of a game, as `replay --json` prints it.
#[derive(Serialize)]
struct ResultJson<'a> {
    scores: &'a [i32],
    winners: &'a [Seat],
}

/// What `replay --json` prints, written straight to its output (the
/// history is never held twice, nor as a JSON tree); the fields in the
/// order they have always had.
#[derive(Serialize)]
#[serde(bound = "")]
struct Report<'a, G: PlayableGame> {
    #[serde(skip_serializing_if = "Option::is_none")]
    history: Option<History<G>>,
    result: Option<ResultJson<'a>>,
    status: &'static str,
    steps: usize,
    to_move: ToMove,
    view: G::View,
}

/// Replays the record `json` (its text let go once read), then writes to `out` its history as `view`
/// saw it (every entry in full without one) and the end as `view` sees it
/// (a spectator without one), in text or JSON. The JSON holds the history
/// only for a `view`, and never the seed or the generator. A reader gone
/// from `out` stops the writing quietly.
///
/// # Errors
/// The first problem with the record, naming the entry, or a `view` of a
/// seat the record's table does not have (bad usage).
pub fn run<G: PlayableGame>(
    json: String,
    view: Option<Viewer>,
    as_json: bool,
    out: &mut dyn Write,
) -> Result<(), Refusal> {
    let bad = |e: &dyn std::fmt::Display| Refusal::BadRecord(e.to_string());
    let record: Record<G> = serde_json::from_str(&json).map_err(|e| bad(&e))?;
    drop(json);
    let m: Match<G> = replay(&record).map_err(|e| bad(&e))?;
    let state = m.state();
    if let Some(Viewer::Seat(seat)) = view {
        let players = state.players();
        if seat >= players {
            return Err(Refusal::BadUsage(format!(
                "--view {seat}: the table has seats 0 to {}",
                players.saturating_sub(1)
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
        // The record's own log is not needed again: only the match's.
        drop(record);
        let report = Report::<G> {
            history: view.map(|viewer| m.history(viewer)),
            result: result.as_ref().map(|r| ResultJson {
                scores: r.scores(),
                winners: r.winners(),
            }),
            status,
            steps: m.log().len(),
            to_move: state.to_move(),
            view: state.view(viewer),
        };
        let mut writer = std::io::BufWriter::new(out);
        // A write that fails is a reader gone (`replay ... | head`).
        let _ = serde_json::to_writer_pretty(&mut writer, &report)
            .map_err(std::io::Error::from)
            .and_then(|()| writeln!(writer))
            .and_then(|()| writer.flush());
        return Ok(());
    }
    let mut out = crate::output::Output::new(out);
    tell(&record, &m, status, viewpoint, viewer, &mut out)?;
    Ok(())
}

/// Tells the history and the end of `m` to `out`, line by line.
fn tell<G: PlayableGame>(
    record: &Record<G>,
    m: &Match<G>,
    status: &str,
    viewpoint: Viewpoint,
    viewer: Viewer,
    out: &mut crate::output::Output<'_>,
) -> Result<(), Refusal> {
    let state = m.state();
    out.line(&format!(
        "{} record: {status} after {} steps",
        G::NAME,
        m.log().len()
    ));
    out.line(&match state.to_move() {
        ToMove::Player(p) => format!("to move: player {p}"),
        ToMove::Chance => "to move: chance".to_string(),
        ToMove::Over => "to move: nobody, the game is over".to_string(),
    });
    out.line(&format!("\nhistory as {viewpoint} saw it:"));
    viewpoint
        .narrate_each::<G>(record.config(), m.log(), |line| out.line(&line))
        .map_err(Refusal::BadRecord)?;
    let mut end = format!(
        "\nas {} sees it:\n{}\n",
        Viewpoint::Of(viewer),
        G::draw(&state.view(viewer)).trim_end()
    );
    if state.result().is_some() {
        end.push_str(&G::describe_result(state));
    }
    out.line(end.trim_end());
    Ok(())
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
        let Refusal::BadRecord(reason) =
            run::<Pig>(json, None, false, &mut Vec::new()).unwrap_err()
        else {
            panic!("not a bad record")
        };
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
        let Refusal::BadRecord(reason) =
            run::<Pig>(json, None, false, &mut Vec::new()).unwrap_err()
        else {
            panic!("not a bad record")
        };
        assert_eq!(reason, "entry 3: the game is already over");
    }
}
