//! The chance sampler: pinned words for a fixed seed, and the distribution
//! of the listed outcomes.

use super::common;

use age_of_war_rules::dice::{Face, Roll};
use age_of_war_rules::{Action, Chance};
use common::new_game as start;
use dice_core::{DiceRng, Game};

#[test]
fn a_fixed_seed_draws_a_fixed_first_player_and_roll() {
    let mut rng = DiceRng::from_seed_u64(0);
    let mut game = start(4);
    let first = game.sample_chance(&mut rng).unwrap();
    assert_eq!(rng.word_pos(), 1, "one word for the first player");
    game.apply_chance(first).unwrap();
    let roll = game.sample_chance(&mut rng).unwrap();
    assert_eq!(rng.word_pos(), 8, "one word per die");
    let json = serde_json::to_string(&[first, roll]).unwrap();
    assert_eq!(json, GOLDEN);
}

const GOLDEN: &str = r#"[{"first_player":0},{"roll":["infantry1","infantry1","infantry2","infantry2","archery","daimyo","daimyo"]}]"#;

#[test]
fn sampled_rolls_follow_the_listed_probabilities() {
    let mut game = start(2);
    game.apply_chance(Chance::FirstPlayer(0)).unwrap();
    game.apply_chance(Chance::Roll(Roll::from_faces(&[Face::Archery; 7]).unwrap()))
        .unwrap();
    // Lose dice until two are left: 21 outcomes of unequal chance.
    game.apply(Action::LoseDie).unwrap();
    while game.turn().in_hand() > 2 {
        let dice = usize::from(game.turn().in_hand());
        let roll = Roll::from_faces(&vec![Face::Archery; dice]);
        game.apply_chance(Chance::Roll(roll.unwrap())).unwrap();
        game.apply(Action::LoseDie).unwrap();
    }
    let mut outcomes = Vec::new();
    game.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 21);
    let mut rng = DiceRng::from_seed_u64(3);
    let draws = 60_000.0;
    let mut counts = [0u32; 21];
    for _ in 0..60_000 {
        let sampled = game.sample_chance(&mut rng).unwrap();
        let at = outcomes.iter().position(|(outcome, _)| *outcome == sampled);
        counts[at.unwrap()] += 1;
    }
    for ((_, prob), drawn) in outcomes.iter().zip(counts) {
        let expected = prob.to_f64() * draws;
        let sigma = (expected * (1.0 - prob.to_f64())).sqrt();
        assert!(
            (f64::from(drawn) - expected).abs() < 5.0 * sigma,
            "{drawn} vs {expected}"
        );
    }
}
