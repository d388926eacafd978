//! Replays a record, checking every entry, and tells its history from a
//! viewpoint. `cargo run --release --example replay -- FILE [--json]
//! [--view SEAT]`.

use std::process::ExitCode;

fn main() -> ExitCode {
    let mut io = examples::cli::Io {
        input: &mut std::io::stdin().lock(),
        output: &mut std::io::stdout().lock(),
        errors: &mut std::io::stderr().lock(),
        progress: false,
        echo_answers: false,
    };
    ExitCode::from(examples::cli::replay(std::env::args_os(), &mut io))
}
