//! Golden replay records: full games whose replay and result must never
//! change without a breaking release.
//!
//! `WRITE_GOLDEN=1 cargo test -p age-of-war-rules --test suite golden` rewrites
//! the files from their seeds; the test itself only compares.

use std::error::Error;
use std::path::Path;

use age_of_war_rules::{AgeOfWar, AgeOfWarConfig, SolverBot};
use dice_core::testkit::check_golden_records;
use dice_core::{Agent, DiceRng, Match, RandomAgent, play_out};

/// A game of `players` with dice from `seed` and the random seats' choices
/// from `agents_seed`: the first `solvers` seats play the exact solver, the
/// others at random.
fn play(
    players: usize,
    seed: u64,
    agents_seed: u64,
    solvers: usize,
) -> Result<Match<AgeOfWar>, Box<dyn Error>> {
    let mut m = Match::<AgeOfWar>::new(&AgeOfWarConfig::new(players), seed)?;
    let mut solver_seats = vec![SolverBot::new(); solvers];
    let mut random_seats: Vec<RandomAgent> = (solvers..players).map(|_| RandomAgent).collect();
    let mut seats: Vec<&mut dyn Agent<AgeOfWar>> = Vec::new();
    seats.extend(
        solver_seats
            .iter_mut()
            .map(|bot| bot as &mut dyn Agent<AgeOfWar>),
    );
    seats.extend(
        random_seats
            .iter_mut()
            .map(|bot| bot as &mut dyn Agent<AgeOfWar>),
    );
    play_out(
        &mut m,
        &mut seats,
        &mut DiceRng::from_seed_u64(agents_seed),
        1_000_000,
    )?;
    Ok(m)
}

#[test]
fn golden_records_replay_to_their_expected_results() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    check_golden_records::<AgeOfWar>(
        &dir,
        &[
            ("two_players_solver_vs_random", &|| {
                play(2, 11, 12, 1).unwrap()
            }),
            ("three_players_solver_vs_random", &|| {
                play(3, 22, 23, 1).unwrap()
            }),
            ("four_players_two_solvers", &|| play(4, 33, 34, 2).unwrap()),
        ],
    );
}
