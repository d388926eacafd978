//! This workspace's CFR on Liar's Dice, for the comparison with OpenSpiel's
//! `CFRSolver` (`benches/openspiel/cfr_liars_dice.py` drives it).
//!
//! `cfr_liars_dice [vanilla|plus] NUMDICE ITERATIONS CHECKPOINT...`: lays
//! out the tree (timed apart), runs `ITERATIONS` iterations (timed, wall
//! and CPU of this process) and prints one line per checkpoint,
//! `checkpoint ITERATION EXPLOITABILITY`, then `build_seconds S`,
//! `iterate_seconds S`, `iterate_cpu_seconds S` and
//! `iterations_per_second N`. Exploitability is computed between
//! iterations, outside the timed part.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    clippy::arithmetic_side_effects,
    clippy::cast_precision_loss,
    reason = "a bench binary: bad arguments end it with a message"
)]

use std::time::{Duration, Instant};

use dice_core::Game;
use dice_core::cfr::{Cfr, CfrVariant};
use liars_dice_rules::{LiarsDice, LiarsDiceConfig};

/// This process's CPU time (user and system), from `/proc/self/stat`.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command's closing parenthesis; utime and stime are
    // the 12th and 13th of them, in clock ticks (100 a second on Linux).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let ticks: u64 = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|f| f.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: cfr_liars_dice vanilla|plus NUMDICE ITERATIONS CHECKPOINT...";
    let variant = match args.first().map(String::as_str) {
        Some("vanilla") => CfrVariant::Vanilla,
        Some("plus") => CfrVariant::Plus,
        _ => panic!("{usage}"),
    };
    let numdice: u8 = args.get(1).expect(usage).parse().expect(usage);
    let iterations: u64 = args.get(2).expect(usage).parse().expect(usage);
    let mut checkpoints: Vec<u64> = args[3..].iter().map(|a| a.parse().expect(usage)).collect();
    checkpoints.sort_unstable();
    checkpoints.dedup();
    let mut stops = checkpoints.clone();
    stops.push(iterations);
    stops.dedup();

    let start = Instant::now();
    let root = LiarsDice::new(&LiarsDiceConfig::with_dice(numdice)).expect("a valid numdice");
    let mut cfr = Cfr::new(&root, variant).expect("a tree within the node limit");
    let build = start.elapsed();

    let mut wall = Duration::ZERO;
    let mut cpu = Duration::ZERO;
    for &target in &stops {
        let (w, c) = (Instant::now(), cpu_time());
        cfr.run(target.saturating_sub(cfr.iterations()));
        wall += w.elapsed();
        cpu += cpu_time().saturating_sub(c);
        if checkpoints.contains(&target) {
            println!("checkpoint {target} {:?}", cfr.exploitability());
        }
    }
    println!("build_seconds {}", build.as_secs_f64());
    println!("iterate_seconds {}", wall.as_secs_f64());
    println!("iterate_cpu_seconds {}", cpu.as_secs_f64());
    println!(
        "iterations_per_second {}",
        cfr.iterations() as f64 / wall.as_secs_f64()
    );
    println!(
        "information_states {} nodes {}",
        cfr.information_states(),
        cfr.nodes()
    );
}
