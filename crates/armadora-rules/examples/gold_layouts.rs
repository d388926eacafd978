//! The setup's chance, exactly: the 5040 gold layouts the game lists with
//! their probabilities (ARM-6), the chance of each pile on each mine, the
//! exact distribution of the gold in the west half of the board, and the
//! first-player draw. Every number is a fraction (`Prob`), summed without
//! rounding.
//!
//! `cargo run -p armadora-rules --example gold_layouts`

use armadora_rules::army::GOLD_PILES;
use armadora_rules::board::MINES;
use armadora_rules::prelude::*;

/// The sum of some probabilities, exactly.
fn total(probs: impl IntoIterator<Item = Prob>) -> Result<Prob, &'static str> {
    probs.into_iter().try_fold(Prob::ZERO, |sum, p| {
        sum.checked_add(p).ok_or("probabilities beyond 1")
    })
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let game = Armadora::new(&ArmadoraConfig::new(3))?;
    let mut layouts = Vec::new();
    game.chance_outcomes(&mut layouts);
    let gold = |outcome: &Chance| match *outcome {
        Chance::Gold(piles) => Some(piles),
        Chance::FirstPlayer(_) => None,
    };
    let first = layouts.first().ok_or("no layout")?;
    println!(
        "{} gold layouts of the piles {GOLD_PILES:?}, each with probability {}; together {}",
        layouts.len(),
        first.1,
        total(layouts.iter().map(|(_, p)| *p))?
    );

    // The chance of each pile size on each mine: the same on every mine.
    let sizes = [3u8, 4, 5, 6, 7];
    println!("\nmine  {}", sizes.map(|s| format!("{s:>6}")).join(""));
    for (index, mine) in MINES.iter().enumerate() {
        let row: Vec<String> = sizes
            .iter()
            .map(|&size| {
                let on_mine = layouts
                    .iter()
                    .filter(|(outcome, _)| {
                        gold(outcome).and_then(|g| g.get(index).copied()) == Some(size)
                    })
                    .map(|(_, p)| *p);
                total(on_mine).map(|p| format!("{:>6}", p.to_string()))
            })
            .collect::<Result<_, _>>()?;
        println!("{mine:<5} {}", row.concat());
    }

    // The gold in the west half (columns a to d: d1, b2, a4, c5), exactly.
    let west: Vec<usize> = MINES
        .iter()
        .enumerate()
        .filter(|(_, mine)| mine.column() < 4)
        .map(|(index, _)| index)
        .collect();
    let west_gold = |outcome: &Chance| -> u32 {
        let piles = gold(outcome).unwrap_or_default();
        west.iter()
            .filter_map(|&i| piles.get(i))
            .map(|&pile| u32::from(pile))
            .sum()
    };
    let mut totals: Vec<u32> = layouts.iter().map(|(o, _)| west_gold(o)).collect();
    totals.sort_unstable();
    totals.dedup();
    println!("\ngold in the west half (d1, b2, a4, c5), of 40:");
    for amount in totals {
        let p = total(
            layouts
                .iter()
                .filter(|(o, _)| west_gold(o) == amount)
                .map(|(_, p)| *p),
        )?;
        println!(
            "  {amount:>2}: {:>5} = {:>5.2} %",
            p.to_string(),
            p.to_f64() * 100.0
        );
    }

    // Then the first player: each seat alike.
    let mut dealt = game;
    dealt.apply_chance(first.0)?;
    let mut draws = Vec::new();
    dealt.chance_outcomes(&mut draws);
    for (outcome, p) in &draws {
        println!("{outcome}: {p}");
    }
    Ok(())
}
