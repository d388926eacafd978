//! A seeded game between the exact solver and a random player, narrated
//! turn by turn as a spectator is told it.
//!
//! `cargo run -p age-of-war-rules --example bot_game [-- SEED]`

use age_of_war_rules::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed = match std::env::args().nth(1) {
        Some(text) => text.parse()?,
        None => 2024,
    };
    let mut m = Match::<AgeOfWar>::new(&AgeOfWarConfig::new(2), seed)?;
    let mut seats: [Box<dyn Agent<AgeOfWar>>; 2] =
        [Box::new(SolverBot::new()), Box::new(RandomAgent)];
    // The agents' own generator, apart from the dice.
    let mut choices = DiceRng::from_seed_u64(seed);
    let first = m.resolve_chance().ok_or("no generator")?;
    println!("{first}");
    let mut legal = Vec::new();
    for turn in 1u32.. {
        if m.state().to_move() == ToMove::Over {
            break;
        }
        let start = m.state().clone();
        let seat = start.current_player();
        let name = seats.get(seat).map_or("", |agent| agent.name()).to_owned();
        let mut told = Vec::new();
        // Rolls and decisions until the turn passes or the game ends.
        while m.state().current_player() == seat && m.state().to_move() != ToMove::Over {
            let before = m.state().clone();
            if let ToMove::Player(_) = before.to_move() {
                before.legal_actions(&mut legal);
                let agent = seats.get_mut(seat).ok_or("no agent for the seat")?;
                let view = before.view(Viewer::Seat(seat));
                let action = agent
                    .choose(seat, &view, &legal, &mut choices)
                    .ok_or("no legal action")?;
                told.push(before.seen_action(&action, Viewer::Spectator).to_string());
                m.play(action)?;
            } else {
                let outcome = m.draw_chance().ok_or("no generator")?;
                told.push(before.seen_chance(&outcome, Viewer::Spectator).to_string());
                m.apply_chance(outcome)?;
            }
        }
        let taken = Castle::ALL.into_iter().find(|&castle| {
            m.state().table().holder(castle) == Some(seat)
                && start.table().holder(castle) != Some(seat)
        });
        let end = match taken {
            Some(castle) => format!("conquers {castle}"),
            None => "fails".to_owned(),
        };
        println!(
            "turn {turn}, player {seat} ({name}): {} => {end}",
            told.join(", ")
        );
    }
    let result = m.state().result().ok_or("the game did not end")?;
    println!("\n{}", m.state().table());
    println!(
        "scores {:?}, winners {:?}",
        result.scores(),
        result.winners()
    );
    Ok(())
}
