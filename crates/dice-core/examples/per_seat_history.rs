//! What a server sends each seat: its view and its own history, never the
//! private record (which holds the seed and the generator).
//!
//! Each entry is told to each seat as that seat may see it, from the state
//! before the entry is applied, so the server can stream it as the game goes
//! on; `Match::history` rebuilds the same log in one go.
//!
//! `cargo run -p tabletop-dice-core --example per_seat_history`

use dice_core::pig::{Pig, PigAction, PigConfig};
use dice_core::prelude::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut m = Match::<Pig>::new(
        &PigConfig {
            players: 2,
            target: 10,
            openspiel: None,
        },
        7,
    )?;
    let players = m.state().players();
    let mut sent: Vec<Vec<SeenEntry<Pig>>> = vec![Vec::new(); players];
    while m.state().to_move() != ToMove::Over {
        let entry = match m.state().to_move() {
            // Draw the roll, tell it, then apply it.
            ToMove::Chance => Entry::Chance(m.draw_chance().ok_or("no generator")?),
            // A player holds once the turn is worth 4 points.
            _ if m.state().turn_total() >= 4 => Entry::Action {
                player: m.player_to_move(),
                action: PigAction::Hold,
            },
            _ => Entry::Action {
                player: m.player_to_move(),
                action: PigAction::Roll,
            },
        };
        for (seat, log) in sent.iter_mut().enumerate() {
            let seen = SeenEntry::new(m.state(), &entry, Viewer::Seat(seat));
            println!("to seat {seat}: {seen}");
            log.push(seen);
        }
        match entry {
            Entry::Chance(face) => m.apply_chance(face)?,
            Entry::Action { action, .. } => m.play(action)?,
        }
    }
    for (seat, log) in sent.iter().enumerate() {
        let history = m.history(Viewer::Seat(seat));
        assert_eq!(history.log(), log.as_slice(), "streamed and rebuilt agree");
        println!(
            "seat {seat}'s history as JSON: {}",
            serde_json::to_string(&history)?
        );
        println!(
            "seat {seat}'s view: {:?}",
            m.state().view(Viewer::Seat(seat)).scores()
        );
    }
    Ok(())
}
