//! The native side of the package's benchmark (bench/bench.mjs): random
//! games played by the registry in Rust, as `Game.playRandomGames` plays
//! them in WebAssembly. Prints `games_per_second` for each game string.
//!
//! `cargo run --release -p tabletop-engines-js --example random_games -- armadora 20000`

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let text = args.next().unwrap_or_else(|| "armadora".to_owned());
    let count: u64 = args.next().and_then(|c| c.parse().ok()).unwrap_or(20_000);
    let game = match tabletop_engines::load_game(&text) {
        Ok(game) => game,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    // One warm-up run, then the timed one (the best of three).
    game.play_random_games(0, count / 10, 100_000);
    let mut best = f64::INFINITY;
    let mut finished = 0;
    for run in 0..3u64 {
        let started = Instant::now();
        let played = game.play_random_games(run.wrapping_mul(count), count, 100_000);
        best = best.min(started.elapsed().as_secs_f64());
        finished = played.finished;
    }
    #[expect(clippy::cast_precision_loss, reason = "a rate to print")]
    let rate = count as f64 / best;
    println!(
        "{{\"game\":{text:?},\"games\":{count},\"finished\":{finished},\"games_per_second\":{rate:.0}}}"
    );
}
