//! Armadöra in the tools.

use std::fmt::Write as _;

use armadora_rules::bot::Greedy;
use armadora_rules::{Armadora, ArmadoraConfig, ArmadoraView, TurnStep};
use dice_core::{Agent, Game, Seat, ToMove};

use crate::playable::{GameOptions, PlayableGame};

impl PlayableGame for Armadora {
    const BOTS: &'static [&'static str] = &["greedy", "random", "mcts"];
    const MCTS_ITERATIONS: u32 = 1000;

    fn config_from(options: &GameOptions) -> Result<ArmadoraConfig, String> {
        let mut config = ArmadoraConfig::new(options.players.unwrap_or(2));
        for switch in &options.switches {
            config = match switch.as_str() {
                "advanced" => config.advanced(true),
                "no-teams" => config.free_for_all(),
                "no-peek" => config.peek_own(false),
                other => return Err(format!("{} has no option --{other}", Self::NAME)),
            };
        }
        config.validate().map_err(|e| e.to_string())?;
        Ok(config)
    }

    fn own_bot(name: &str) -> Option<Box<dyn Agent<Armadora>>> {
        (name == "greedy").then(|| Box::new(Greedy::default()) as Box<dyn Agent<Armadora>>)
    }

    fn draw(view: &ArmadoraView) -> String {
        view.board_text()
    }

    /// The board after every round: after the last seat of a round has
    /// moved, and at the end.
    fn after_step(before: &ArmadoraView, after: &ArmadoraView) -> Option<String> {
        let ToMove::Player(was) = before.table().to_move() else {
            return None;
        };
        let round_over = match after.table().to_move() {
            ToMove::Player(next) => next <= was && after.table().turn_step() == TurnStep::Start,
            ToMove::Over => true,
            ToMove::Chance => false,
        };
        round_over.then(|| format!("\n{}", after.board_text()))
    }

    fn describe_result(state: &Armadora) -> String {
        let scoring = state.scoring();
        let mut out =
            String::from("\nfinal scoring (territory majorities; ties: piles from the largest)\n");
        let result = state.result();
        for seat in 0..state.players() {
            let piles: Vec<String> = scoring.piles(seat).iter().map(u8::to_string).collect();
            let won = result.as_ref().is_some_and(|r| r.is_winner(seat));
            let _ = writeln!(
                out,
                "  {:<20} {:>2} gold in piles [{}]{}",
                player(state.config(), seat),
                scoring.gold(seat),
                piles.join(", "),
                if won { "  WINNER" } else { "" }
            );
        }
        let _ = writeln!(out, "  gold discarded in ties: {}", scoring.discarded());
        if state.config().is_teams() {
            let _ = writeln!(
                out,
                "  teams: seats 0+2 against 1+3; partners share their team's gold"
            );
        }
        out
    }
}

/// `player 1 (goblin)`.
fn player(config: &ArmadoraConfig, seat: Seat) -> String {
    config.faction(seat).map_or_else(
        || format!("player {seat}"),
        |f| format!("player {seat} ({f})"),
    )
}
