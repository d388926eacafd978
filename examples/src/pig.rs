//! Pig in the tools, the smallest game on the contract.

use std::fmt::Write as _;

use dice_core::pig::{Pig, PigAction, PigConfig};
use dice_core::{Agent, DiceRng, Game, Seat, mcts::Mcts};

use crate::title::{GameOptions, Title};

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

impl Title for Pig {
    const BOTS: &'static [&'static str] = &["random", "greedy", "mcts"];

    fn config_from(options: &GameOptions) -> Result<PigConfig, String> {
        if let Some(s) = options.switches.first() {
            return Err(format!("pig has no option --{s}"));
        }
        Ok(PigConfig {
            players: options.players.unwrap_or(2),
            ..PigConfig::default()
        })
    }

    fn bot(name: &str, options: &GameOptions) -> Option<Box<dyn Agent<Pig>>> {
        match name {
            "random" => Some(Box::new(dice_core::RandomAgent)),
            "greedy" => Some(Box::new(HoldAt20)),
            "mcts" => Some(Box::new(Mcts::new(options.mcts_iterations.unwrap_or(1000)))),
            _ => None,
        }
    }

    fn describe_action(before: &Pig, seat: Seat, action: &PigAction) -> String {
        match action {
            PigAction::Roll => format!("player {seat} rolls"),
            PigAction::Hold => format!(
                "player {seat} holds, banking {} (total {})",
                before.turn_total(),
                before.scores().get(seat).copied().unwrap_or(0) + before.turn_total()
            ),
        }
    }

    fn describe_chance(before: &Pig, outcome: &u8) -> String {
        if *outcome == 1 {
            format!(
                "  the die shows 1: the turn's {} is lost",
                before.turn_total()
            )
        } else {
            format!(
                "  the die shows {outcome}: turn total {}",
                before.turn_total() + u32::from(*outcome)
            )
        }
    }

    fn after_step(_: &Pig, _: &Pig) -> Option<String> {
        None
    }

    fn describe_result(state: &Pig) -> String {
        let mut out = String::from("final scores:");
        for (seat, s) in state.scores().iter().enumerate() {
            let _ = write!(out, " player {seat}: {s};");
        }
        if let Some(r) = state.result() {
            let _ = write!(out, " winner(s): {:?}", r.winners());
        }
        out
    }

    fn describe_view(view: &Pig) -> String {
        format!(
            "scores {:?}, turn total {}",
            view.scores(),
            view.turn_total()
        )
    }
}
