//! Pig's declaration: what every layer reads of it beyond the rules.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt::Write as _;

use super::{Pig, PigAction, PigConfig};
use crate::agent::Agent;
use crate::game::{Game, ToMove};
use crate::listing::{Bot, Level, Listed, Listing, Utility};
use crate::rng::DiceRng;
use crate::seat::Seat;

/// Rolls until the turn total reaches 20, then holds: the classic
/// heuristic (the bot `greedy`).
///
/// ```
/// use dice_core::pig::{HoldAt20, Pig, PigAction, PigConfig};
/// use dice_core::{Agent, DiceRng, Game, Viewer};
///
/// let game = Pig::new(&PigConfig::default()).unwrap();
/// let choice = HoldAt20.choose(0, &game.view(Viewer::Seat(0)), &[PigAction::Roll], &mut DiceRng::from_seed_u64(0));
/// assert_eq!(choice, Some(PigAction::Roll));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct HoldAt20;

impl Agent<Pig> for HoldAt20 {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(
        &mut self,
        _: Seat,
        view: &Pig,
        legal: &[PigAction],
        _: &mut DiceRng,
    ) -> Option<PigAction> {
        let hold = view.turn_total() >= 20 && legal.contains(&PigAction::Hold);
        Some(if hold {
            PigAction::Hold
        } else {
            *legal.first()?
        })
    }
}

fn hold_at_20(_: u32) -> Box<dyn Agent<Pig> + Send> {
    Box::new(HoldAt20)
}

impl Listed for Pig {
    const LISTING: Listing<Pig> = Listing::new("Pig", 2, super::MAX_PLAYERS)
        .with_perfect_information()
        .with_bots(&[
            Bot::random(),
            Bot::own("greedy", hold_at_20),
            Bot::mcts(1000),
        ])
        // docs/ladder/pig-2p.md measured them.
        .with_levels(&[
            Level::new("beginner", "random", None),
            Level::new("casual", "greedy", None),
            Level::new("strongest", "mcts", Some(3000)),
        ]);

    /// One die: OpenSpiel's counts its faces, Piglet's coin included.
    fn chance_bound(config: &PigConfig) -> u64 {
        config.openspiel.map_or(6, |rules| u64::from(rules.faces))
    }

    /// OpenSpiel's returns under its rules.
    fn utility(config: &PigConfig) -> Utility {
        if config.openspiel.is_some() {
            Utility::SoleWinner
        } else {
            Self::LISTING.utility()
        }
    }

    fn table_config(players: Option<usize>, _: &[&str]) -> Result<PigConfig, String> {
        Ok(PigConfig {
            players: players.unwrap_or(2),
            ..PigConfig::default()
        })
    }

    fn table_text(view: &Pig) -> String {
        let mut out = String::from("scores:");
        for (seat, score) in view.scores().iter().enumerate() {
            let _ = write!(out, " player {seat} {score};");
        }
        let _ = write!(out, " turn total {}", view.turn_total());
        out
    }

    /// The scores whenever the die passes: after a hold, or a 1.
    fn after_step(before: &Pig, after: &Pig) -> Option<String> {
        let was_at_risk = before.turn_total() > 0 || before.to_move() == ToMove::Chance;
        let passed =
            was_at_risk && after.turn_total() == 0 && matches!(after.to_move(), ToMove::Player(_));
        passed.then(|| alloc::format!("  {}", Self::table_text(after)))
    }
}
