//! A server saves a match to JSON and resumes it later, with exactly the
//! dice the match would have rolled had it never stopped.
//!
//! `cargo run -p tabletop-dice-core --example save_and_resume`

use dice_core::pig::{Pig, PigAction, PigConfig};
use dice_core::prelude::*;

/// Rolls for whoever is to move, `n` times.
fn roll(m: &mut Match<Pig>, n: usize) -> Vec<u8> {
    let mut faces = Vec::new();
    while faces.len() < n && m.player_to_move().is_some() {
        if m.play(PigAction::Roll).is_err() {
            break;
        }
        faces.extend(m.resolve_chance());
    }
    faces
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let config = PigConfig {
        players: 2,
        target: 100,
        openspiel: None,
    };
    let mut m = Match::<Pig>::new(&config, 2024)?;
    println!("before saving: {:?}", roll(&mut m, 5));

    // The private record holds the seed and where the generator stands: keep
    // it on the server, never send it to a player.
    let saved = serde_json::to_string(&m.record())?;
    let mut uninterrupted = m.clone();
    drop(m);

    let record: Record<Pig> = serde_json::from_str(&saved)?;
    let mut resumed = replay(&record)?;
    let next = roll(&mut resumed, 5);
    println!("after resuming: {next:?}");
    assert_eq!(
        next,
        roll(&mut uninterrupted, 5),
        "the same dice as without the break"
    );
    println!("the resumed match rolled exactly what the uninterrupted one did");
    Ok(())
}
