//! What a decision costs each of several searches, on the same positions:
//! seeded two-player games in which the first bot plays every decision,
//! and at each one every bot decides on the same view with the same
//! generator, timed by its thread's CPU time (`/proc/thread-self/schedstat`).
//!
//! ```text
//! cargo run --release -p examples --example search_cost -- armadora 6 mcts@1000 ismcts@1000
//! ```

use std::process::ExitCode;
use std::time::Duration;

use armadora_rules::{Armadora, ArmadoraConfig};
use dice_core::listing::Listed;
use dice_core::{Agent, Game, Match, ToMove, Viewer};
use era_rules::{Era, EraConfig};

/// The thread's CPU time so far (Linux), or the clock elsewhere.
fn cpu_now() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or_else(
            || {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap_or_default()
            },
            Duration::from_nanos,
        )
}

fn bots<G: Game + Listed + 'static>(
    names: &[String],
) -> Result<Vec<Box<dyn Agent<G> + Send>>, String> {
    names
        .iter()
        .map(|entry| {
            let (name, iterations) = match entry.split_once('@') {
                Some((name, n)) => (
                    name,
                    Some(
                        n.parse()
                            .map_err(|_| format!("{entry}: iterations after @"))?,
                    ),
                ),
                None => (entry.as_str(), None),
            };
            let bot = G::LISTING
                .bots()
                .iter()
                .find(|b| b.answers_to(name))
                .ok_or_else(|| format!("no bot {name}"))?;
            Ok(bot.make(iterations))
        })
        .collect()
}

/// Each bot's CPU time over every decision of `games` seeded games, and
/// how many decisions there were.
fn measure<G: Game + Listed + 'static>(
    config: &G::Config,
    games: u64,
    names: &[String],
) -> Result<(Vec<Duration>, u32), String> {
    let mut agents = bots::<G>(names)?;
    let mut spent = vec![Duration::ZERO; agents.len()];
    let mut decisions = 0u32;
    let mut legal = Vec::new();
    for seed in 1..=games {
        let mut m = Match::<G>::new(config, seed).map_err(|e| e.to_string())?;
        while let Some(step) = match m.state().to_move() {
            ToMove::Over => None,
            ToMove::Chance => m.resolve_chance().map(|_| None),
            ToMove::Player(seat) => Some(Some(seat)),
        } {
            let Some(seat) = step else { continue };
            let view = m.state().view(Viewer::Seat(seat));
            m.state().legal_actions(&mut legal);
            let rng = m.decision_rng().ok_or("a match without a generator")?;
            let mut played = None;
            for (agent, time) in agents.iter_mut().zip(spent.iter_mut()) {
                let start = cpu_now();
                let action = agent.choose(seat, &view, &legal, &mut rng.clone());
                *time = time.saturating_add(cpu_now().saturating_sub(start));
                played = played.or(action);
            }
            decisions = decisions.saturating_add(1);
            m.play(played.ok_or("no bot decided")?)
                .map_err(|e| e.to_string())?;
        }
    }
    Ok((spent, decisions))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [game, games, names @ ..] = args.as_slice() else {
        eprintln!("usage: search_cost GAME GAMES BOT@N...");
        return ExitCode::from(2);
    };
    let Ok(games) = games.parse::<u64>() else {
        eprintln!("GAMES is a number");
        return ExitCode::from(2);
    };
    let measured = match game.as_str() {
        "armadora" => measure::<Armadora>(&ArmadoraConfig::new(2), games, names),
        "era" => measure::<Era>(&EraConfig::new(2), games, names),
        other => Err(format!("no game {other}")),
    };
    let (spent, decisions) = match measured {
        Ok(measured) => measured,
        Err(why) => {
            eprintln!("{why}");
            return ExitCode::from(2);
        }
    };
    let first = spent.first().copied().unwrap_or_default().as_secs_f64();
    for (name, time) in names.iter().zip(&spent) {
        let ms = time.as_secs_f64() * 1000.0 / f64::from(decisions.max(1));
        let ratio = time.as_secs_f64() / first.max(1e-9);
        println!(
            "{name:>24}: {ms:8.3} ms a decision ({decisions} decisions), {ratio:.3} of the first"
        );
    }
    ExitCode::SUCCESS
}
