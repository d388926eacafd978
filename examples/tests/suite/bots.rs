//! Every bot of every game returns only legal actions, and decides from its
//! seat's view alone: two states that differ only in what the seat cannot
//! see get the same decision.
#![allow(
    clippy::unwrap_used,
    reason = "a harness shared by the tests: a game that cannot be set up or played fails the test"
)]

use dice_core::{DiceRng, ToMove, Viewer};
use examples::playable::{GameOptions, PlayableGame, bot};
use tabletop_engines::{Engine, GameVisitor, visit_games};

fn check_bots<T: PlayableGame>(games: u64, max_steps: usize) {
    let options = GameOptions {
        players: None,
        switches: Vec::new(),
        mcts_iterations: Some(20),
    };
    for name in T::bots() {
        for seed in 0..games {
            let config = T::config_from(&options).unwrap();
            let mut m = dice_core::Match::<T>::new(&config, seed).unwrap();
            let mut player = bot::<T>(name, &options).unwrap().1;
            let mut rng = DiceRng::from_seed_u64(seed);
            let mut legal = Vec::new();
            for _ in 0..max_steps {
                match m.state().to_move() {
                    ToMove::Over => break,
                    ToMove::Chance => {
                        m.resolve_chance().unwrap();
                    }
                    ToMove::Player(seat) => {
                        let state = m.state().clone();
                        state.legal_actions(&mut legal);
                        let view = state.view(Viewer::Seat(seat));
                        let mut twin_rng = rng.clone();
                        let action = player.choose(seat, &view, &legal, &mut rng).unwrap();
                        assert!(
                            legal.contains(&action),
                            "{} bot {name} chose an unlisted action {action:?}",
                            T::NAME
                        );
                        let twin = state.resample_hidden(
                            Viewer::Seat(seat),
                            &mut DiceRng::from_seed_u64(seed ^ 0xfeed),
                        );
                        let twin_view = twin.view(Viewer::Seat(seat));
                        assert_eq!(twin_view, view);
                        let mut twin_legal = Vec::new();
                        twin.legal_actions(&mut twin_legal);
                        let mut twin_bot = bot::<T>(name, &options).unwrap().1;
                        // A fresh bot on the twin must agree with a fresh bot on the state.
                        let mut fresh = bot::<T>(name, &options).unwrap().1;
                        let mut r1 = twin_rng.clone();
                        let a1 = fresh.choose(seat, &view, &legal, &mut r1);
                        let a2 = twin_bot.choose(seat, &twin_view, &twin_legal, &mut twin_rng);
                        assert_eq!(
                            a1,
                            a2,
                            "{} bot {name} decided differently on hidden information",
                            T::NAME
                        );
                        m.play(action).unwrap();
                    }
                }
            }
        }
    }
}

#[test]
fn age_of_war_bots_are_legal_and_blind() {
    check_bots::<age_of_war_rules::AgeOfWar>(2, 300);
}

#[test]
fn armadora_bots_are_legal_and_blind() {
    check_bots::<armadora_rules::Armadora>(2, 200);
}

#[test]
fn era_bots_are_legal_and_blind() {
    check_bots::<era_rules::Era>(1, 300);
}

#[test]
fn pig_bots_are_legal_and_blind() {
    check_bots::<dice_core::pig::Pig>(3, 300);
}

#[test]
fn liars_dice_bots_are_legal_and_blind() {
    check_bots::<tabletop_engines::liars_dice_rules::LiarsDice>(4, 100);
}

/// The games with a test of their own above.
const OWN_TESTS: [&str; 5] = ["age-of-war", "armadora", "era", "pig", "liars-dice"];

#[test]
fn every_other_registered_games_bots_are_legal_and_blind() {
    struct Check(usize);
    impl GameVisitor for Check {
        fn visit<G: Engine>(&mut self) {
            if !OWN_TESTS.contains(&G::NAME) {
                check_bots::<G>(2, 300);
            }
            self.0 += 1;
        }
    }
    let mut visited = Check(0);
    visit_games(&mut visited);
    assert_eq!(visited.0, tabletop_engines::game_names().len());
}
