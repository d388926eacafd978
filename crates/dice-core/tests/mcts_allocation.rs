//! The search allocates nothing per simulation once warm: a decision
//! allocates its legal-action buffer once; the game's end is read with
//! `Game::winners_into`, into a buffer the search keeps. Nor does a roll
//! chosen by its id, as policy heads and the Python package apply them.
#![allow(
    clippy::unwrap_used,
    clippy::arithmetic_side_effects,
    reason = "test helpers: a failure is a test failure"
)]

use std::hint::black_box;

use dice_core::mcts::Mcts;
use dice_core::pig::{OpenSpielPig, Pig, PigAction, PigConfig};
use dice_core::{Agent, DiceRng, Game, Viewer};

const TARGET: PigConfig = PigConfig {
    players: 2,
    target: 100,
    openspiel: None,
};

/// Seat 0 to decide after rolling a 6, and its legal actions: roll on or
/// hold.
fn decision() -> (Pig, Vec<PigAction>) {
    let mut game = Pig::new(&TARGET).unwrap();
    game.apply(PigAction::Roll).unwrap();
    game.apply_chance(6).unwrap();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    (game, legal)
}

fn choose(bot: &mut Mcts, game: &Pig, legal: &[PigAction], seed: u64) -> Option<PigAction> {
    let view = game.view(Viewer::Seat(0));
    Agent::<Pig>::choose(bot, 0, &view, legal, &mut DiceRng::from_seed_u64(seed))
}

/// What one `result` of a finished Pig game allocates.
#[test]
fn a_warm_search_allocates_once_a_decision_and_nothing_per_simulation() {
    let (game, legal) = decision();
    for simulations in [200, 1000] {
        let mut bot = Mcts::new(simulations);
        choose(&mut bot, &game, &legal, 5);
        let info = allocation_counter::measure(|| {
            black_box(choose(&mut bot, &game, &legal, 5));
        });
        // The one allocation is the decision's legal-action buffer.
        assert_eq!(info.count_total, 1, "{simulations} simulations");
    }
}

#[test]
fn a_warm_search_chooses_what_a_fresh_one_chooses_from_the_same_generator() {
    let (game, legal) = decision();
    let mut warm = Mcts::new(300);
    for seed in 0..20 {
        let fresh = choose(&mut Mcts::new(300), &game, &legal, seed);
        assert_eq!(choose(&mut warm, &game, &legal, seed), fresh, "seed {seed}");
        assert!(fresh.is_some());
    }
}

#[test]
fn a_warm_guided_search_allocates_once_a_decision_and_chooses_as_a_fresh_one() {
    let (game, legal) = decision();
    let mut warm = Mcts::guided(300);
    choose(&mut warm, &game, &legal, 5);
    let info = allocation_counter::measure(|| {
        black_box(choose(&mut warm, &game, &legal, 5));
    });
    // The move averages and the trail keep their memory too.
    assert_eq!(info.count_total, 1);
    for seed in 0..20 {
        let fresh = choose(&mut Mcts::guided(300), &game, &legal, seed);
        assert_eq!(choose(&mut warm, &game, &legal, seed), fresh, "seed {seed}");
    }
}

#[test]
fn a_pig_roll_found_by_its_id_allocates_nothing() {
    let piglet = PigConfig {
        players: 2,
        target: 10,
        openspiel: Some(OpenSpielPig {
            faces: 3,
            piglet: true,
            horizon: 40,
        }),
    };
    for config in [TARGET, piglet] {
        let mut game = Pig::new(&config).unwrap();
        game.apply(PigAction::Roll).unwrap();
        let info = allocation_counter::measure(|| {
            let index = game.chance_outcome_index(black_box(&2)).unwrap();
            black_box(game.chance_outcome(index).unwrap());
        });
        assert_eq!(info.count_total, 0, "{config:?}");
    }
}
