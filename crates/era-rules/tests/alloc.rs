//! The hot paths allocate nothing once buffers are warm.
#![allow(
    clippy::unwrap_used,
    clippy::panic,
    reason = "a helper reaches the first roll: a failure is a failed test"
)]

use era_rules::dice_core::observation::ObservationTensor;
use era_rules::prelude::*;

/// A game at the start of its first Roll step.
fn at_first_roll(seed: u64) -> Era {
    let mut m = Match::<Era>::new(&EraConfig::new(4), seed).unwrap();
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut legal = Vec::new();
    while !matches!(m.state().step(), Step::Roll { .. }) {
        match m.state().to_move() {
            ToMove::Chance => {
                m.resolve_chance();
            }
            ToMove::Player(_) => {
                m.state().legal_actions(&mut legal);
                m.play(*rng.choose(&legal).unwrap()).unwrap();
            }
            ToMove::Over => panic!("the game ended before its first roll"),
        }
    }
    m.into_state()
}

#[test]
fn roll_collect_and_feed_allocate_nothing() {
    let mut game = at_first_roll(3);
    let mut rng = DiceRng::from_seed_u64(9);
    let mut legal: Vec<Action> = Vec::with_capacity(4096);
    // Play through Roll, feathers, Monastery, Collect, Feed and the
    // disasters, up to the Build step, checking each step.
    let info = allocation_counter::measure(|| {
        for _ in 0..10_000 {
            match game.step() {
                Step::Build { .. } | Step::Suffer { .. } | Step::Over => {
                    break;
                }
                _ => {}
            }
            match game.to_move() {
                ToMove::Chance => {
                    let c = game.sample_chance(&mut rng).unwrap();
                    game.apply_chance_unchecked(c);
                }
                ToMove::Player(_) => {
                    game.legal_actions(&mut legal);
                    let a = *rng.choose(&legal).unwrap();
                    game.check(&a).unwrap();
                    game.apply_unchecked(a);
                }
                ToMove::Over => break,
            }
        }
    });
    assert_eq!(info.count_total, 0);
    assert!(game.round() >= 1);
}

#[test]
fn random_games_end() {
    for seed in 0..20 {
        let mut m = Match::<Era>::new(&EraConfig::new(4), seed).unwrap();
        let mut agents: [&mut dyn Agent<Era>; 4] = [
            &mut RandomAgent,
            &mut RandomAgent,
            &mut RandomAgent,
            &mut RandomAgent,
        ];
        play_out(
            &mut m,
            &mut agents,
            &mut DiceRng::from_seed_u64(seed),
            20_000,
        )
        .unwrap();
        assert!(m.state().result().is_some());
    }
}

#[test]
fn observation_tensors_allocate_nothing_once_the_buffer_is_warm() {
    for players in 2..=4 {
        let mut game = Era::new(&EraConfig::new(players)).unwrap();
        let mut rng = DiceRng::from_seed_u64(5);
        let mut legal = Vec::new();
        // Every viewer's view of every position of a whole game.
        let mut views = Vec::new();
        while game.to_move() != ToMove::Over {
            views.extend((0..players).map(|seat| game.view(Viewer::Seat(seat))));
            views.push(game.view(Viewer::Spectator));
            if game.to_move() == ToMove::Chance {
                let outcome = game.sample_chance(&mut rng).unwrap();
                game.apply_chance_unchecked(outcome);
            } else {
                game.legal_actions(&mut legal);
                game.apply_unchecked(*rng.choose(&legal).unwrap());
            }
        }
        let mut tensor = Vec::new();
        Era::write_observation(&views[0], &mut tensor);
        let info = allocation_counter::measure(|| {
            for view in &views {
                Era::write_observation(view, &mut tensor);
            }
        });
        assert_eq!(info.count_total, 0, "{players} players");
        assert!(views.len() > 500, "{} views", views.len());
    }
}

#[test]
fn the_score_lead_allocates_nothing_once_the_buffer_is_warm() {
    let mut game = at_first_roll(4);
    let mut rng = DiceRng::from_seed_u64(4);
    game.random_playout(&mut rng, &mut Vec::new(), 400);
    let mut lead = Vec::with_capacity(4);
    let info = allocation_counter::measure(|| {
        era_rules::bot::score_lead(&game, &mut lead);
    });
    assert_eq!(info.count_total, 0);
    assert_eq!(lead.len(), 4);
}
