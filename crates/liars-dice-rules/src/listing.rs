//! Liar's Dice's declaration: what every layer reads of it beyond the
//! rules.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write as _;

use dice_core::listing::{Bot, Level, Listed, Listing, Utility};
use dice_core::{Agent, Game};

use crate::bid::FACES;
use crate::bot::Odds;
use crate::config::{LiarsDiceConfig, PLAYERS};
use crate::solved::Equilibrium;
use crate::state::LiarsDice;
use crate::view::LiarsDiceView;

fn odds(_: u32) -> Box<dyn Agent<LiarsDice> + Send> {
    Box::new(Odds)
}

fn equilibrium(_: u32) -> Box<dyn Agent<LiarsDice> + Send> {
    Box::new(Equilibrium::default())
}

impl Listed for LiarsDice {
    const LISTING: Listing<LiarsDice> = Listing::new("Liar's Dice", PLAYERS, PLAYERS)
        .with_aliases(&["liars_dice"])
        .with_utility(Utility::ZeroSumScores {
            lowest: -1,
            highest: 1,
        })
        .with_bots(&[
            Bot::own("odds", odds),
            Bot::own("cfr", equilibrium).with_aliases(&["equilibrium"]),
            Bot::random(),
            Bot::mcts(1000),
        ])
        // docs/ladder/liars-dice-2p.md measured them.
        .with_levels(&[
            Level::new("beginner", "random", None),
            Level::new("casual", "mcts", Some(30)),
            Level::new("strongest", "cfr", None),
        ]);

    /// One die (LD-3).
    fn chance_bound(_: &LiarsDiceConfig) -> u64 {
        u64::from(FACES)
    }

    fn table_config(players: Option<usize>, _: &[&str]) -> Result<LiarsDiceConfig, String> {
        let config = LiarsDiceConfig {
            players: players.unwrap_or(PLAYERS),
            ..LiarsDiceConfig::default()
        };
        config.validate().map_err(|e| e.to_string())?;
        Ok(config)
    }

    /// `player 0 [3 5]; player 1 [? ?]; bids: 1-4 2-5`.
    fn table_text(view: &LiarsDiceView) -> String {
        let mut out = String::new();
        for (seat, hand) in view.hands().iter().enumerate() {
            let dice: Vec<String> = match &hand.faces {
                Some(faces) => faces.iter().map(u8::to_string).collect(),
                None => (0..hand.rolled).map(|_| "?".to_string()).collect(),
            };
            let _ = write!(out, "player {seat} [{}]; ", dice.join(" "));
        }
        let bids: Vec<String> = view.bids().iter().map(ToString::to_string).collect();
        if bids.is_empty() {
            out.push_str("no bid yet");
        } else {
            let _ = write!(out, "bids: {}", bids.join(" "));
        }
        out
    }

    fn result_text(state: &LiarsDice) -> String {
        let mut out = String::from("\nshowdown (sixes are wild)\n");
        for seat in 0..PLAYERS {
            let dice: Vec<String> = state.dice(seat).iter().map(u8::to_string).collect();
            let _ = writeln!(out, "  player {seat}: {}", dice.join(" "));
        }
        if let (Some(bid), Some(caller)) = (state.last_bid(), state.called_by()) {
            let holds = state.count(bid) >= bid.quantity();
            let _ = writeln!(
                out,
                "  player {caller} calls liar on {bid}: {} counted, the bid {}",
                state.count(bid),
                if holds { "holds" } else { "fails" }
            );
        }
        if let Some(result) = state.result() {
            for (seat, score) in result.scores().iter().enumerate() {
                let won = result.is_winner(seat);
                let _ = writeln!(
                    out,
                    "  player {seat}: {score:+}{}",
                    if won { "  WINNER" } else { "" }
                );
            }
        }
        out
    }
}
