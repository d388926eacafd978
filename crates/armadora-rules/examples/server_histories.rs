//! A server's loop: it keeps the match (and so the record, with the seed
//! and every warrior's value) to itself and streams each seat only its own
//! history, one JSON line per entry, as the game goes on; with each seat's
//! turn it sends that seat's view. At the end each seat's stream is
//! exactly `Match::history` for that seat, and no stream holds another
//! seat's warrior value.
//!
//! `cargo run -p armadora-rules --example server_histories`

use armadora_rules::prelude::*;

/// What the server sent one seat: JSON lines.
#[derive(Default)]
struct Outbox {
    history: Vec<SeenEntry<Armadora>>,
    lines: Vec<String>,
}

type Outcome = Result<(), Box<dyn std::error::Error>>;

fn main() -> Outcome {
    let config = ArmadoraConfig::new(3);
    let mut m = Match::<Armadora>::new(&config, 2024)?;
    let mut outboxes: Vec<Outbox> = (0..config.players()).map(|_| Outbox::default()).collect();
    play(&mut m, &mut outboxes)?;
    for (seat, outbox) in outboxes.iter().enumerate() {
        check_stream(&m, seat, outbox)?;
    }
    println!("\nthe end, as seat 1 sees it (every value is public now):\n");
    println!("{}", m.state().view(Viewer::Seat(1)));
    let result = m.state().result().ok_or("the game goes on")?;
    println!(
        "gold: {:?}, winners: {:?}",
        result.scores(),
        result.winners()
    );
    Ok(())
}

/// Plays the match to its end, seat 0 a greedy bot and the others random
/// ones, streaming each seat its view with its turn and every entry as it
/// may know it.
fn play(m: &mut Match<Armadora>, outboxes: &mut [Outbox]) -> Outcome {
    let mut greedy = Greedy::new(2);
    let mut random = RandomAgent;
    let mut agents_rng = DiceRng::from_seed_u64(7);
    let mut legal = Vec::new();
    while m.state().to_move() != ToMove::Over {
        let before = m.state().clone();
        let entry = match before.to_move() {
            ToMove::Chance => Entry::Chance(m.draw_chance().ok_or("no generator")?),
            ToMove::Player(seat) => {
                // The seat to move gets its view (as JSON) and answers with an
                // action; here a bot answers for it, from that view only.
                let view = before.view(Viewer::Seat(seat));
                if let Some(outbox) = outboxes.get_mut(seat) {
                    outbox
                        .lines
                        .push(format!("view {}", serde_json::to_string(&view)?));
                }
                before.legal_actions(&mut legal);
                let agent: &mut dyn Agent<Armadora> =
                    if seat == 0 { &mut greedy } else { &mut random };
                let action = agent
                    .choose(seat, &view, &legal, &mut agents_rng)
                    .ok_or("no legal action")?;
                Entry::Action {
                    player: Some(seat),
                    action,
                }
            }
            ToMove::Over => break,
        };
        tell(&before, &entry, outboxes)?;
        match entry {
            Entry::Chance(outcome) => m.apply_chance(outcome)?,
            Entry::Action { action, .. } => m.play(action)?,
        }
    }
    Ok(())
}

/// Each seat is told the entry as it may know it, from the state the entry
/// applies to.
fn tell(before: &Armadora, entry: &Entry<Armadora>, outboxes: &mut [Outbox]) -> Outcome {
    for (seat, outbox) in outboxes.iter_mut().enumerate() {
        let seen = SeenEntry::new(before, entry, Viewer::Seat(seat));
        outbox
            .lines
            .push(format!("entry {}", serde_json::to_string(&seen)?));
        outbox.history.push(seen);
    }
    Ok(())
}

/// What was streamed to `seat` is its history, with no other seat's
/// warrior value; prints what it was sent.
fn check_stream(m: &Match<Armadora>, seat: Seat, outbox: &Outbox) -> Outcome {
    let viewer = Viewer::Seat(seat);
    // What was streamed is the seat's history, rebuilt in one go.
    let history = m.history(viewer);
    assert_eq!(history.log(), outbox.history.as_slice());
    let json = serde_json::to_string(&history)?;
    assert!(!json.contains("seed") && !json.contains("generator"));
    // Values of warriors: the seat's own (`peek_own` is on), none of
    // the others'.
    let foreign_values = outbox
        .history
        .iter()
        .filter(|entry| match entry {
            SeenEntry::Action {
                player: Some(actor),
                action: SeenAction::Warrior { value, .. },
            } => *actor != seat && value.is_some(),
            _ => false,
        })
        .count();
    assert_eq!(foreign_values, 0);
    println!(
        "seat {seat}: {} lines sent ({} history entries, {} views), history JSON {} bytes",
        outbox.lines.len(),
        outbox.history.len(),
        outbox.lines.len().saturating_sub(outbox.history.len()),
        json.len()
    );
    for line in outbox
        .lines
        .iter()
        .filter(|l| l.starts_with("entry"))
        .take(6)
    {
        println!("  {line}");
    }
    println!("  ...");
    Ok(())
}
