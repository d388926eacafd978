//! Exact chance: every outcome of seven six-sided dice as a multiset, with
//! its probability as a fraction, and the exact chance of at least one six.
//!
//! `cargo run -p tabletop-dice-core --example exact_chance`

use dice_core::{Die, Prob};

fn main() {
    let d6 = Die::new([1u8, 2, 3, 4, 5, 6]);
    let outcomes: Vec<_> = d6.roll_outcomes(7).collect();
    println!(
        "7d6: {} multiset outcomes (not 6^7 = 279936 sequences)",
        outcomes.len()
    );
    let mut no_six = Prob::ZERO;
    for (counts, p) in &outcomes {
        if counts.count(5) == 0 {
            no_six = no_six.checked_add(*p).unwrap_or(Prob::ONE);
        }
    }
    let some_six = no_six.complement();
    println!(
        "P(at least one six) = {some_six} = {:.6}",
        some_six.to_f64()
    );
    let (most_likely, p) = outcomes
        .iter()
        .max_by(|a, b| a.1.cmp(&b.1))
        .map(|(c, p)| (c.counts().to_vec(), *p))
        .unwrap_or_default();
    println!("most likely multiset (dice per face 1..6): {most_likely:?} at {p}");
}
