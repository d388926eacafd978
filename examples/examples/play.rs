//! Plays games between bots and people: one game told turn by turn, or
//! many games summarised. `cargo run --release --example play -- age-of-war`;
//! `--help` lists the options.

use std::io::IsTerminal as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    let (stdin, stderr) = (std::io::stdin(), std::io::stderr());
    let mut io = examples::cli::Io {
        progress: stderr.is_terminal(),
        echo_answers: !stdin.is_terminal(),
        input: &mut stdin.lock(),
        output: &mut std::io::stdout().lock(),
        // Not locked for the whole run: the progress bar writes to it from
        // the worker threads.
        errors: &mut std::io::stderr(),
    };
    ExitCode::from(examples::cli::play(std::env::args_os(), &mut io))
}
