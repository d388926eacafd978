//! A server saves a match to JSON and resumes it later: the resumed match
//! rolls exactly the dice, and the bots make exactly the choices, that the
//! match would have seen had it never stopped.
//!
//! `cargo run -p age-of-war-rules --example save_and_resume`

use age_of_war_rules::prelude::*;

/// Plays up to `steps` decisions and chance events: seat 0 follows the
/// solver, the others play at random with `choices`.
fn play(
    m: &mut Match<AgeOfWar>,
    steps: usize,
    choices: &mut DiceRng,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut solver = SolverBot::new();
    let mut legal = Vec::new();
    for _ in 0..steps {
        match m.state().to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                m.resolve_chance().ok_or("no generator")?;
            }
            ToMove::Player(seat) => {
                m.state().legal_actions(&mut legal);
                let view = m.state().view(Viewer::Seat(seat));
                let agent: &mut dyn Agent<AgeOfWar> = if seat == 0 {
                    &mut solver
                } else {
                    &mut RandomAgent
                };
                let action = agent.choose(seat, &view, &legal, choices);
                m.play(action.ok_or("no legal action")?)?;
            }
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut m = Match::<AgeOfWar>::new(&AgeOfWarConfig::new(3), 2024)?;
    let mut choices = DiceRng::from_seed_u64(7);
    play(&mut m, 40, &mut choices)?;
    println!("after 40 steps:\n{}\n", m.state());

    // The private record holds the seed and where the dice generator
    // stands; the bots' generator is saved beside it. Both stay on the
    // server: a seat gets `m.history(Viewer::Seat(seat))` instead.
    let saved_match = serde_json::to_string(&m.record())?;
    let saved_choices = serde_json::to_string(&choices)?;
    println!("saved: {} bytes of record", saved_match.len());
    let mut uninterrupted = (m, choices);

    let record: Record<AgeOfWar> = serde_json::from_str(&saved_match)?;
    let mut resumed = (replay(&record)?, serde_json::from_str(&saved_choices)?);
    assert_eq!(resumed.0.state(), uninterrupted.0.state());

    play(&mut resumed.0, 1_000_000, &mut resumed.1)?;
    play(&mut uninterrupted.0, 1_000_000, &mut uninterrupted.1)?;
    assert_eq!(
        resumed.0.log(),
        uninterrupted.0.log(),
        "the same dice and choices"
    );
    let result = resumed.0.state().result().ok_or("the game did not end")?;
    println!("{}\n", resumed.0.state().table());
    println!(
        "resumed and uninterrupted matches agree on all {} entries; winners {:?}",
        resumed.0.log().len(),
        result.winners()
    );
    Ok(())
}
