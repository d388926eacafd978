//! The dice-core contract over thousands of seeded random games, the chance
//! sampler's golden vector and the allocation-free hot path, observation
//! tensors included.

use armadora_rules::dice_core::observation::ObservationTensor;
use armadora_rules::dice_core::testkit::{Options, check_random_games};
use armadora_rules::prelude::*;

fn configs(advanced: bool) -> Vec<ArmadoraConfig> {
    let mut all: Vec<ArmadoraConfig> = (2..=4).map(ArmadoraConfig::new).collect();
    all.push(ArmadoraConfig::new(4).free_for_all());
    all.push(ArmadoraConfig::new(3).peek_own(false));
    all.into_iter().map(|c| c.advanced(advanced)).collect()
}

fn check_all(advanced: bool) {
    for config in configs(advanced) {
        let summary =
            check_random_games::<Armadora>(&config, &Options::new(0..400).max_steps(2_000));
        assert_eq!(summary.games, 400);
        assert!(summary.decisions > 400 * 4, "{config:?}: {summary:?}");
    }
}

#[test]
fn testkit_passes_on_random_base_games_of_every_table() {
    check_all(false);
}

#[test]
fn testkit_passes_on_random_advanced_games_of_every_table() {
    check_all(true);
}

#[test]
fn gold_layouts_are_5040_equally_likely() {
    let game = Armadora::new(&ArmadoraConfig::default()).unwrap();
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 5040);
    let p = Prob::new(1, 5040).unwrap();
    assert!(outcomes.iter().all(|(_, q)| *q == p));
}

/// Gold from [`dice_core::shuffled`], then one index below the table size.
#[test]
fn the_chance_sampler_is_pinned_by_a_golden_vector() {
    let drawn: Vec<_> = (1..=3)
        .map(|seed| {
            let mut rng = DiceRng::from_seed_u64(seed);
            let mut game = Armadora::new(&ArmadoraConfig::new(3)).unwrap();
            let gold = game.sample_chance(&mut rng).unwrap();
            game.apply_chance(gold).unwrap();
            (gold, game.sample_chance(&mut rng).unwrap())
        })
        .collect();
    assert_eq!(drawn, GOLDEN);
}

const GOLDEN: [(Chance, Chance); 3] = [
    (
        Chance::Gold([5, 7, 6, 6, 4, 5, 4, 3]),
        Chance::FirstPlayer(2),
    ),
    (
        Chance::Gold([4, 5, 7, 6, 3, 4, 6, 5]),
        Chance::FirstPlayer(1),
    ),
    (
        Chance::Gold([6, 4, 5, 5, 6, 4, 3, 7]),
        Chance::FirstPlayer(1),
    ),
];

#[test]
fn legal_listing_apply_and_observation_tensors_do_not_allocate() {
    for config in configs(false).into_iter().chain(configs(true)) {
        let mut game = Armadora::new(&config).unwrap();
        let mut rng = DiceRng::from_seed_u64(11);
        let mut legal = Vec::with_capacity(1024);
        let mut tensor = Vec::with_capacity(1024);
        let viewers: Vec<Viewer> = (0..config.players())
            .map(Viewer::Seat)
            .chain([Viewer::Spectator])
            .collect();
        let info = allocation_counter::measure(|| {
            while game.to_move() != ToMove::Over {
                for &viewer in &viewers {
                    Armadora::write_observation(&game.view(viewer), &mut tensor);
                    assert!(!tensor.is_empty());
                }
                if game.to_move() == ToMove::Chance {
                    let c = game.sample_chance(&mut rng).unwrap();
                    game.apply_chance_unchecked(c);
                    continue;
                }
                game.legal_actions(&mut legal);
                let a = *rng.choose(&legal).unwrap();
                assert!(game.check(&a).is_ok());
                game.apply_unchecked(a);
            }
            assert!(game.check(&Action::Pass).is_err());
        });
        assert_eq!(info.count_total, 0, "{config:?}");
    }
}

/// What `play` shows for the table options: each says what it does, and
/// each sets up a table of four.
#[test]
fn every_table_option_says_what_it_does_and_sets_up_a_table() {
    use armadora_rules::dice_core::listing::Listed;
    assert_eq!(
        Armadora::LISTING.options(),
        ["advanced", "no-teams", "no-peek"]
    );
    for &option in Armadora::LISTING.options() {
        assert!(!Armadora::option_help(option).is_empty(), "{option}");
        assert!(
            Armadora::table_config(Some(4), &[option]).is_ok(),
            "{option}"
        );
    }
    assert_eq!(Armadora::option_help("chess"), "");
}
