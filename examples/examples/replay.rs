//! Replays a record, validating every entry, and shows where it ends.
//! `cargo run --release --example replay -- FILE [--json] [--view SEAT]`.

use std::io::Read as _;
use std::io::Write as _;
use std::process::ExitCode;

use dice_core::Viewer;
use examples::cli::{REPLAY_USAGE, parse_replay};
use examples::replay::{BadRecord, game_name, run};

fn dispatch(json: &str, viewer: Viewer, as_json: bool) -> Result<String, BadRecord> {
    match game_name(json)?.as_str() {
        "age-of-war" => run::<age_of_war_rules::AgeOfWar>(json, viewer, as_json),
        "armadora" => run::<armadora_rules::Armadora>(json, viewer, as_json),
        "era" => run::<era_rules::Era>(json, viewer, as_json),
        "pig" => run::<dice_core::pig::Pig>(json, viewer, as_json),
        other => Err(BadRecord(format!("unknown game \"{other}\""))),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match parse_replay(&args) {
        Ok(p) => p,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("replay: {e}");
            }
            eprintln!("{REPLAY_USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut json = String::new();
    let read = if parsed.file == "-" {
        std::io::stdin().read_to_string(&mut json).map(|_| ())
    } else {
        std::fs::read_to_string(&parsed.file).map(|s| json = s)
    };
    if let Err(e) = read {
        eprintln!("replay: cannot read {}: {e}", parsed.file);
        return ExitCode::from(2);
    }
    match dispatch(&json, parsed.viewer, parsed.json) {
        Ok(text) => {
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = writeln!(std::io::stdout(), "{}", text.trim_end());
            ExitCode::SUCCESS
        }
        Err(BadRecord(reason)) => {
            eprintln!("replay: {reason}");
            ExitCode::from(1)
        }
    }
}
