//! The exact chance of conquering for each legal action of a position: the
//! numbers a frontend shows next to its buttons.
//!
//! Plays the rulebook's worked turn (Kim attacks Gassantoda) and, at each
//! roll, lists every legal action with the exact chance that the turn then
//! ends in a conquest, best first.
//!
//! `cargo run -p age-of-war-rules --example conquest_odds`

use age_of_war_rules::dice::Face::{Archery, Cavalry, Daimyo, Infantry1, Infantry2, Infantry3};
use age_of_war_rules::prelude::*;
use age_of_war_rules::solver::OddsTable;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Solved once (about 10 ms), then every position is a lookup.
    let odds = OddsTable::new();
    let mut game = AgeOfWar::new(&AgeOfWarConfig::new(2))?;
    game.apply_chance(Chance::FirstPlayer(0))?;

    let turn: [(&[Face], &str); 3] = [
        (
            &[
                Daimyo, Cavalry, Infantry3, Infantry2, Archery, Infantry3, Archery,
            ],
            "fill gassantoda 2",
        ),
        (&[Archery, Infantry3, Cavalry, Infantry1], "lose die"),
        (&[Infantry2, Cavalry, Daimyo], "fill gassantoda 1"),
    ];
    for (faces, choice) in turn {
        let roll = Roll::from_faces(faces).ok_or("more than seven dice")?;
        game.apply_chance(Chance::Roll(roll))?;
        println!("{game}");
        let mut choices = odds.action_odds(&game);
        choices.sort_by_key(|&(_, chance)| core::cmp::Reverse(chance));
        for (action, chance) in &choices {
            println!(
                "  {:>8.4}%  {}",
                chance.to_f64() * 100.0,
                game.action_text(action)
            );
        }
        println!("Kim plays: {choice}\n");
        game.apply(game.action_from_text(choice)?)?;
    }
    println!("{}", game.table());
    Ok(())
}
