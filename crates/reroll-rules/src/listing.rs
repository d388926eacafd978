//! Reroll's declaration: what every layer reads of it beyond the rules.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::fmt::Write as _;

use dice_core::listing::{Bot, Listed, Listing};
use dice_core::{Agent, DiceRng, Game, Seat};

use crate::action::RerollAction;
use crate::config::{MAX_PLAYERS, RerollConfig};
use crate::state::Reroll;

/// Keeps a 4 or better, rerolls the rest: the bot `greedy`.
///
/// ```
/// use reroll_rules::{KeepHigh, Reroll, RerollAction};
/// use reroll_rules::dice_core::{Agent, DiceRng, Game, Viewer};
///
/// let mut game = Reroll::new(&Default::default()).unwrap();
/// game.apply_chance(2).unwrap();
/// let legal = [RerollAction::Keep, RerollAction::Reroll];
/// let choice = KeepHigh.choose(0, &game.view(Viewer::Seat(0)), &legal, &mut DiceRng::from_seed_u64(0));
/// assert_eq!(choice, Some(RerollAction::Reroll));
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct KeepHigh;

impl Agent<Reroll> for KeepHigh {
    fn name(&self) -> &'static str {
        "greedy"
    }

    fn choose(
        &mut self,
        _: Seat,
        view: &Reroll,
        legal: &[RerollAction],
        _: &mut DiceRng,
    ) -> Option<RerollAction> {
        let keep = view.face().is_some_and(|f| f >= 4) || !legal.contains(&RerollAction::Reroll);
        let wanted = if keep {
            RerollAction::Keep
        } else {
            RerollAction::Reroll
        };
        legal.contains(&wanted).then_some(wanted)
    }
}

fn keep_high(_: u32) -> Box<dyn Agent<Reroll> + Send> {
    Box::new(KeepHigh)
}

impl Listed for Reroll {
    const LISTING: Listing<Reroll> = Listing::new("Reroll", 1, MAX_PLAYERS)
        .with_perfect_information()
        .with_bots(&[Bot::random(), Bot::own("greedy", keep_high), Bot::mcts(200)]);

    /// One die.
    fn chance_bound(_: &RerollConfig) -> u64 {
        6
    }

    fn table_config(players: Option<usize>, _: &[&str]) -> Result<RerollConfig, String> {
        let config = RerollConfig {
            players: players.unwrap_or(2),
            ..RerollConfig::default()
        };
        config.validate().map_err(|e| e.to_string())?;
        Ok(config)
    }

    /// `totals: player 0 9; player 1 4; round 2 of 3; die 5`.
    fn table_text(view: &Reroll) -> String {
        let mut out = String::from("totals:");
        for (seat, total) in view.totals().iter().enumerate() {
            let _ = write!(out, " player {seat} {total};");
        }
        let _ = write!(out, " round {} of {}", view.round(), view.config().rounds);
        if let Some(face) = view.face() {
            let _ = write!(out, "; die {face}");
        }
        out
    }
}
