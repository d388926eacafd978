//! Pig in the tools, the smallest game on the contract.

use std::fmt::Write as _;

use dice_core::pig::{Pig, PigAction, PigConfig};
use dice_core::{Agent, DiceRng, Game, Seat, ToMove};

use crate::playable::{GameOptions, PlayableGame};

/// Rolls until the turn total reaches 20, then holds: the classic
/// heuristic.
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

impl PlayableGame for Pig {
    const BOTS: &'static [&'static str] = &["random", "greedy", "mcts"];
    const MCTS_ITERATIONS: u32 = 1000;

    fn config_from(options: &GameOptions) -> Result<PigConfig, String> {
        options.no_switches(Self::NAME)?;
        Ok(PigConfig {
            players: options.players.unwrap_or(2),
            ..PigConfig::default()
        })
    }

    fn own_bot(name: &str) -> Option<Box<dyn Agent<Pig>>> {
        (name == "greedy").then(|| Box::new(HoldAt20) as Box<dyn Agent<Pig>>)
    }

    fn draw(view: &Pig) -> String {
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
        passed.then(|| format!("  {}", Self::draw(after)))
    }

    fn describe_result(state: &Pig) -> String {
        let mut out = String::from("final ");
        out.push_str(&Self::draw(state));
        if let Some(r) = state.result() {
            let _ = write!(out, "; winner(s): {:?}", r.winners());
        }
        out
    }
}
