//! A seeded game of bots, shown as each viewer sees it: the table drawn by
//! `EraView`'s `Display` for every seat and a spectator while a layout is
//! secret (ERA-5) and while dice roll behind the screens (ERA-12), the
//! first round told to a spectator, and the final table.
//!
//! `cargo run -p era-rules --example bots_game [-- SEED [PLAYERS]]`

use era_rules::prelude::*;

/// Every viewer's drawing of the table, one after the other.
fn show_every_view(game: &Era, moment: &str) {
    println!("===== {moment} =====");
    let seats = (0..game.players()).map(Viewer::Seat);
    for viewer in seats.chain([Viewer::Spectator]) {
        let who = match viewer {
            Viewer::Seat(seat) => format!("seat {seat}"),
            Viewer::Spectator => "a spectator".to_owned(),
        };
        println!("--- as {who} sees it ---\n{}\n", game.view(viewer));
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let seed: u64 = args.next().map_or(Ok(3), |s| s.parse())?;
    let players: usize = args.next().map_or(Ok(3), |s| s.parse())?;
    let mut m = Match::<Era>::new(&EraConfig::new(players), seed)?;
    // Greedy bots, but for a random player in the last seat.
    let mut seats: Vec<Box<dyn Agent<Era>>> = (0..players)
        .map(|seat| -> Box<dyn Agent<Era>> {
            if Some(seat) == players.checked_sub(1) {
                Box::new(RandomAgent)
            } else {
                Box::new(Greedy)
            }
        })
        .collect();
    let mut choices = DiceRng::from_seed_u64(seed);
    let (mut shown_layout, mut shown_roll) = (false, false);
    let mut legal = Vec::new();
    while m.state().to_move() != ToMove::Over {
        let before = m.state().clone();
        // Seat 0 has laid out; the others have not: layouts are secret.
        if !shown_layout && before.step() == (Step::Layout { seat: 1 }) {
            show_every_view(&before, "the layout, seat 1 to lay out");
            shown_layout = true;
        }
        // The start player has rolled once: its dice are behind its screen.
        if !shown_roll
            && matches!(before.step(), Step::Roll { turn: 0 })
            && before.to_move() == ToMove::Player(before.start_player())
        {
            show_every_view(&before, "round 1, the start player has rolled");
            shown_roll = true;
        }
        let told = match before.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let outcome = m.draw_chance().ok_or("no generator")?;
                m.apply_chance(outcome)?;
                before.seen_chance(&outcome, Viewer::Spectator).to_string()
            }
            ToMove::Player(seat) => {
                before.legal_actions(&mut legal);
                let view = before.view(Viewer::Seat(seat));
                let agent = seats.get_mut(seat).ok_or("no agent for a seat")?;
                let action = agent
                    .choose(seat, &view, &legal, &mut choices)
                    .ok_or("no legal action")?;
                m.play(action)?;
                let narrated = before.seen_action(&action, Viewer::Spectator);
                format!("player {seat} {narrated}")
            }
        };
        // A spectator's account of the first round.
        if before.round() == 1 && m.state().round() == 1 {
            println!("  {told}");
        }
    }
    show_every_view(m.state(), "the end: nothing is hidden any more");
    let result = m.state().result().ok_or("the game did not end")?;
    for (seat, score) in m.state().scores().iter().enumerate() {
        let name = seats.get(seat).map_or("", |agent| agent.name());
        let won = if result.is_winner(seat) { ", wins" } else { "" };
        println!("player {seat} ({name}): {} points{won}", score.total());
    }
    Ok(())
}
