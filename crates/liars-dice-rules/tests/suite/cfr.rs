//! The equilibrium solver on Liar's Dice, against OpenSpiel's `CFRSolver`
//! and `CFRPlusSolver`, and the bot that plays its solution.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "a test: a failure is a failed test"
)]

use dice_core::cfr::{Cfr, CfrVariant, SolverError};
use dice_core::{Agent, DiceRng, Game, InformationState, Viewer};
use liars_dice_rules::{
    Action, Bid, Equilibrium, LiarsDice, LiarsDiceConfig, LiarsDiceKey, Odds, solve,
};

fn root() -> LiarsDice {
    LiarsDice::new(&LiarsDiceConfig::default()).unwrap()
}

fn assert_close(got: f64, expected: f64, what: &str) {
    assert!(
        (got - expected).abs() < 1e-9,
        "{what}: {got:?} != {expected:?}"
    );
}

/// OpenSpiel's `CFRSolver` on `liars_dice(players=2,numdice=1)`: the
/// exploitability of its average policy after 1, 10 and 100 iterations.
#[test]
fn ld_cfr_exploitability_matches_openspiel_cfr_solver_at_1_10_100_iterations() {
    let mut cfr = Cfr::new(&root(), CfrVariant::Vanilla).unwrap();
    // OpenSpiel's count of information states of the one-die game.
    assert_eq!(cfr.information_states(), 24_576);
    let golden = [
        (1, 0.780_744_323_192_24),
        (10, 0.183_925_618_175_214_44),
        (100, 0.022_459_328_859_567_574),
    ];
    for (iterations, expected) in golden {
        cfr.run(iterations - cfr.iterations());
        assert_close(
            cfr.exploitability(),
            expected,
            &format!("after {iterations}"),
        );
    }
}

/// OpenSpiel's `CFRPlusSolver` on the same game after 10 and 100
/// iterations.
#[test]
fn ld_cfr_plus_exploitability_matches_openspiel_cfr_plus_solver_at_10_100_iterations() {
    let mut cfr = Cfr::new(&root(), CfrVariant::Plus).unwrap();
    cfr.run(10);
    assert_close(cfr.exploitability(), 0.141_601_426_229_778_23, "after 10");
    cfr.run(90);
    assert_close(cfr.exploitability(), 0.004_908_281_234_059_56, "after 100");
}

/// Same game, variant and iterations: the same strategy, bit for bit.
#[test]
fn ld_cfr_is_deterministic_to_the_bit() {
    let strategies: Vec<_> = (0..2)
        .map(|_| {
            let mut cfr = Cfr::new(&root(), CfrVariant::Vanilla).unwrap();
            cfr.run(3);
            cfr
        })
        .collect();
    let (a, b) = (
        strategies[0].average_strategy(),
        strategies[1].average_strategy(),
    );
    let key = LiarsDiceKey {
        seat: 1,
        dice: [3, 0, 0, 0, 0],
        bids: 1 << Bid::new(1, 5).unwrap().id(),
    };
    let bits = |s: &dice_core::cfr::Strategy<LiarsDice>| {
        s.probabilities(&key)
            .unwrap()
            .iter()
            .map(|p| p.to_bits())
            .collect::<Vec<_>>()
    };
    assert_eq!(bits(&a), bits(&b));
    assert_eq!(a, b);
    assert_eq!(
        strategies[0].exploitability().to_bits(),
        strategies[1].exploitability().to_bits()
    );
}

/// The key of the seat to move is its own die and the bids (LD-10): the
/// other seat's die changes nothing, its own does.
#[test]
fn ld_10_information_key_holds_own_die_and_bids_not_the_other_die() {
    let key = |faces: [u8; 2]| {
        let mut game = root();
        for face in faces {
            game.apply_chance(face).unwrap();
        }
        game.apply(Action::Bid(Bid::new(1, 2).unwrap())).unwrap();
        LiarsDice::information_key(&game.view(Viewer::Seat(1)))
    };
    assert_eq!(key([1, 4]), key([6, 4]));
    assert_ne!(key([1, 4]), key([1, 5]));
    let mut game = root();
    game.apply_chance(1).unwrap();
    game.apply_chance(4).unwrap();
    // Not the seat to move, or a spectator: no key.
    assert_eq!(
        LiarsDice::information_key(&game.view(Viewer::Seat(1))),
        None
    );
    assert_eq!(
        LiarsDice::information_key(&game.view(Viewer::Spectator)),
        None
    );
}

/// The key from the state (what the solver asks) is the key of the view,
/// at every decision of random games with one to three dice.
#[test]
fn ld_10_information_key_of_the_state_is_the_key_of_its_view() {
    let mut legal = Vec::new();
    for numdice in 1..=3 {
        for seed in 0..50 {
            let mut rng = DiceRng::from_seed_u64(seed);
            let mut game = LiarsDice::new(&LiarsDiceConfig::with_dice(numdice)).unwrap();
            while let Some(face) = game.sample_chance(&mut rng) {
                game.apply_chance(face).unwrap();
            }
            while let Some(action) = game.random_legal_action(&mut rng, &mut legal) {
                for seat in 0..2 {
                    let from_view = LiarsDice::information_key(&game.view(Viewer::Seat(seat)));
                    assert_eq!(game.information_key_of(seat), from_view);
                }
                game.apply(action).unwrap();
            }
        }
    }
}

#[test]
fn ld_cfr_refuses_a_tree_over_its_node_limit() {
    let err = Cfr::with_node_limit(&root(), CfrVariant::Vanilla, 1000).unwrap_err();
    assert_eq!(err, SolverError::TooLarge(1000));
}

/// The `cfr` bot's strategy is within 0.005 of an equilibrium, and more
/// dice get none.
#[test]
fn ld_cfr_bot_strategy_is_under_0_005_exploitable() {
    let strategy = solve(&LiarsDiceConfig::default()).unwrap();
    let judge = Cfr::new(&root(), CfrVariant::Vanilla).unwrap();
    let exploitability = judge.exploitability_of(&strategy);
    assert!(exploitability < 0.005, "{exploitability}");
    assert!(solve(&LiarsDiceConfig::with_dice(2)).is_none());
}

/// With two dice each the `cfr` bot plays as `odds`.
#[test]
fn ld_cfr_bot_plays_as_odds_with_two_dice() {
    let mut game = LiarsDice::new(&LiarsDiceConfig::with_dice(2)).unwrap();
    for face in [4, 2, 6, 1] {
        game.apply_chance(face).unwrap();
    }
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let view = game.view(Viewer::Seat(0));
    let ours = Equilibrium::default().choose(0, &view, &legal, &mut DiceRng::from_seed_u64(0));
    let odds = Odds.choose(0, &view, &legal, &mut DiceRng::from_seed_u64(0));
    assert_eq!(ours, odds);
}
