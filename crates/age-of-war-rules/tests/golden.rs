//! Golden replay records: full games whose replay and result must never
//! change without a breaking release.
//!
//! `AOW_WRITE_GOLDEN=1 cargo test -p age-of-war-rules --test golden`
//! rewrites the files from their seeds; the test itself only compares.

use std::path::PathBuf;

use age_of_war_rules::solver::OddsTable;
use age_of_war_rules::{Action, AgeOfWar, AgeOfWarConfig};
use dice_core::{Agent, DiceRng, GameResult, Match, RandomAgent, Record, Seat, play_out, replay};

/// Plays the best action of the exact solver.
struct SolverPlayer(OddsTable);

impl Agent<AgeOfWar> for SolverPlayer {
    fn name(&self) -> &'static str {
        "solver"
    }

    fn choose(
        &mut self,
        _seat: Seat,
        view: &AgeOfWar,
        _legal: &[Action],
        _rng: &mut DiceRng,
    ) -> Option<Action> {
        self.0.best_action(view)
    }
}

/// Name, players, seed, and how many seats (from seat 0) play the solver;
/// the others play at random.
const GAMES: [(&str, usize, u64, usize); 3] = [
    ("two-players-solver-vs-random", 2, 11, 1),
    ("three-players-solver-vs-random", 3, 22, 1),
    ("four-players-two-solvers", 4, 33, 2),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn play(players: usize, seed: u64, solvers: usize) -> Match<AgeOfWar> {
    let mut m = Match::<AgeOfWar>::new(&AgeOfWarConfig { players }, seed).unwrap();
    let odds = OddsTable::new();
    let mut best: Vec<SolverPlayer> = (0..solvers).map(|_| SolverPlayer(odds.clone())).collect();
    let mut randoms: Vec<RandomAgent> = vec![RandomAgent; players - solvers];
    let mut seats: Vec<&mut dyn Agent<AgeOfWar>> = Vec::new();
    for b in &mut best {
        seats.push(b);
    }
    for r in &mut randoms {
        seats.push(r);
    }
    play_out(
        &mut m,
        &mut seats,
        &mut DiceRng::from_seed_u64(seed + 1),
        1_000_000,
    )
    .unwrap();
    m
}

#[test]
fn golden_records_replay_to_their_expected_results() {
    let write = std::env::var_os("AOW_WRITE_GOLDEN").is_some();
    for (name, players, seed, solvers) in GAMES {
        let record_path = dir().join(format!("{name}.json"));
        let expected_path = dir().join(format!("{name}.expected.json"));
        if write {
            let m = play(players, seed, solvers);
            let result = dice_core::Game::result(m.state()).unwrap();
            std::fs::create_dir_all(dir()).unwrap();
            std::fs::write(&record_path, serde_json::to_string(&m.record()).unwrap()).unwrap();
            std::fs::write(
                &expected_path,
                serde_json::to_string_pretty(&result).unwrap() + "\n",
            )
            .unwrap();
        }
        let record: Record<AgeOfWar> =
            serde_json::from_str(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
        let expected: GameResult =
            serde_json::from_str(&std::fs::read_to_string(&expected_path).unwrap()).unwrap();
        assert_eq!(record.config().players, players, "{name}");
        let m = replay(&record).unwrap_or_else(|e| panic!("{name}: {e}"));
        let result = dice_core::Game::result(m.state());
        assert_eq!(result.as_ref(), Some(&expected), "{name}");
        // The seeds still play the same game.
        assert_eq!(play(players, seed, solvers).record(), record, "{name}");
    }
}
