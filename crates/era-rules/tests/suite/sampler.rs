//! The direct chance sampler is pinned: a seed gives the same dice forever;
//! and roll outcomes are exact multisets of faces.

use dice_core::{DiceRng, Game, Prob};
use era_rules::dice::DiceCounts;
use era_rules::map::{ByColour, FaceCounts};
use era_rules::{Chance, Colour, Era, EraConfig, Side, auto_layout_action};

fn laid_out(players: usize) -> Era {
    let mut g = Era::new(&EraConfig::new(players)).unwrap();
    while let Some(a) = auto_layout_action(&g) {
        g.apply(a).unwrap();
    }
    g
}

#[test]
fn the_start_roll_and_the_first_roll_are_pinned() {
    let mut g = laid_out(3);
    let mut rng = DiceRng::from_seed_u64(42);
    let start = g.sample_chance(&mut rng).unwrap();
    assert_eq!(start, PINNED_START);
    g.apply_chance(Chance::StartRoll([
        Some(Side::Two),
        Some(Side::One),
        Some(Side::One),
        None,
    ]))
    .unwrap();
    let roll = g.sample_chance(&mut rng).unwrap();
    assert_eq!(roll, PINNED_ROLL);
    assert_eq!(rng.word_pos(), PINNED_WORDS);
}

#[test]
fn era_12_roll_outcomes_are_exact_multisets() {
    let mut g = laid_out(2);
    g.apply_chance(Chance::StartRoll([
        Some(Side::Two),
        Some(Side::One),
        None,
        None,
    ]))
    .unwrap();
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    // Three yellow dice: C(8, 5) = 56 multisets.
    assert_eq!(outcomes.len(), 56);
    let total = outcomes
        .iter()
        .try_fold(Prob::ZERO, |acc, (_, p)| acc.checked_add(*p));
    assert_eq!(total, Some(Prob::ONE));
    assert!(outcomes.iter().all(|(c, _)| matches!(
        c,
        Chance::Roll {
            die: Colour::Yellow,
            ..
        }
    )));
    assert_eq!(
        DiceCounts::outcome_count(ByColour::from_array([3, 1, 0, 0])),
        56 * 6
    );
}

const PINNED_START: Chance =
    Chance::StartRoll([Some(Side::Three), Some(Side::Four), Some(Side::Six), None]);
const PINNED_ROLL: Chance = Chance::Roll {
    die: Colour::Yellow,
    faces: FaceCounts::from_array([0, 0, 0, 1, 1, 1]),
};
const PINNED_WORDS: u128 = 6;
