//! Rates a game's bots on a ladder: a round robin, seats rotating and
//! seeds fixed, rated by Bradley–Terry on the Elo scale with 95 %
//! intervals. `cargo run --release --example ladder -- pig --games 40`;
//! `--help` lists the options.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut io = examples::cli::Io {
        progress: false,
        echo_answers: false,
        input: &mut std::io::stdin().lock(),
        output: &mut std::io::stdout().lock(),
        errors: &mut std::io::stderr(),
    };
    ExitCode::from(examples::ladder_cli::ladder(std::env::args_os(), &mut io))
}
