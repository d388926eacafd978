//! Plays games between bots: one game logged turn by turn, or many games
//! summarised. `cargo run --release --example play -- age-of-war`.

use std::io::Write as _;
use std::process::ExitCode;

use examples::cli::{PLAY_USAGE, parse_play};
use examples::play::{PlayOptions, run};

fn dispatch(game: &str, options: &PlayOptions) -> Result<String, String> {
    match game {
        "age-of-war" => run::<age_of_war_rules::AgeOfWar>(options),
        "armadora" => run::<armadora_rules::Armadora>(options),
        "era" => run::<era_rules::Era>(options),
        "pig" => run::<dice_core::pig::Pig>(options),
        other => Err(format!(
            "unknown game {other:?}: age-of-war, armadora or era"
        )),
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parsed = match parse_play(&args) {
        Ok(p) => p,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("play: {e}");
            }
            eprintln!("{PLAY_USAGE}");
            return ExitCode::from(2);
        }
    };
    match dispatch(&parsed.game, &parsed.options) {
        Ok(text) => {
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = writeln!(std::io::stdout(), "{}", text.trim_end());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::from(2)
        }
    }
}
