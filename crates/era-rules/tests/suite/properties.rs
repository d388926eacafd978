//! Conservation laws over seeded random games (proptest).

use dice_core::{DiceRng, Game, Match, ToMove};
use era_rules::{BuildingKind, Era, EraConfig, Resource, Step};
use proptest::prelude::*;

/// Plays one random game, checking the laws after every step.
fn check_game(players: usize, seed: u64) -> Result<(), TestCaseError> {
    let mut m = Match::<Era>::new(&EraConfig::new(players), seed).unwrap();
    let mut rng = DiceRng::from_seed_u64(seed ^ 0x5eed);
    let mut legal = Vec::new();
    let mut last_round = 0;
    let mut all_flipped_in: Option<u32> = None;
    for _ in 0..20_000 {
        let g = m.state();
        let r = g.ruleset();
        let setup_done = !matches!(g.step(), Step::Layout { .. });
        for p in g.player_list() {
            for res in Resource::ALL {
                prop_assert!(p.resource(res) <= r.resource_max(res));
            }
        }
        if setup_done {
            for kind in BuildingKind::ALL {
                let placed: u32 = g
                    .player_list()
                    .iter()
                    .map(|p| u32::from(p.domain().count(kind)))
                    .sum();
                let sum = u32::from(g.supply()[kind]) + u32::from(g.boxed()[kind]) + placed;
                prop_assert_eq!(sum, u32::from(r.building_count(kind)), "{}", kind);
            }
        }
        let (tokens, flipped) = g.tracking_tokens();
        if flipped == tokens && all_flipped_in.is_none() {
            all_flipped_in = Some(g.round());
        }
        if g.round() != last_round || g.to_move() == ToMove::Over {
            // A round just ended: every player's dice match their buildings.
            if last_round > 0 {
                for p in g.player_list() {
                    prop_assert_eq!(p.owned_dice(), p.domain().carried_dice());
                }
            }
            last_round = g.round();
        }
        match g.to_move() {
            ToMove::Over => {
                prop_assert_eq!(all_flipped_in, Some(g.round()));
                return Ok(());
            }
            ToMove::Chance => {
                m.resolve_chance().unwrap();
            }
            ToMove::Player(_) => {
                g.legal_actions(&mut legal);
                m.play(*rng.choose(&legal).unwrap()).unwrap();
            }
        }
        if m.state().to_move() != ToMove::Over {
            prop_assert!(m.state().round() == last_round || m.state().round() == last_round + 1);
            if let Some(round) = all_flipped_in {
                prop_assert!(
                    m.state().round() == round,
                    "the game went on past the round"
                );
            }
        }
    }
    Err(TestCaseError::fail("the game did not end"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn conservation_laws_hold_in_random_games(players in 2usize..=4, seed in any::<u64>()) {
        check_game(players, seed)?;
    }
}

#[test]
fn thousands_of_short_random_games_keep_the_laws() {
    for players in 2..=4 {
        for seed in 0..1000 {
            check_game(players, seed).unwrap();
        }
    }
}
