//! Armadöra's declaration: what every layer reads of it beyond the rules.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write as _;

use dice_core::listing::{Bot, Level, Listed, Listing};
use dice_core::mcts::Mcts;
use dice_core::{Agent, Game, Seat, ToMove};

use crate::bot::Greedy;
use crate::config::ArmadoraConfig;
use crate::state::Armadora;
use crate::table::TurnStep;
use crate::view::ArmadoraView;

fn greedy(_: u32) -> Box<dyn Agent<Armadora> + Send> {
    Box::new(Greedy::default())
}

/// `ismcts-wide`: `ismcts` with progressive widening, a node opening its
/// best-paying untried action only while it has fewer than `sqrt(n + 1)`
/// tried ones: with the hundreds of actions of a turn, the move averages
/// pick the few that the search deepens.
fn ismcts_wide(iterations: u32) -> Box<dyn Agent<Armadora> + Send> {
    Box::new(Mcts::guided(iterations).with_widening(1.0, 0.5))
}

impl Listed for Armadora {
    const LISTING: Listing<Armadora> = Listing::new("Armadöra", 2, 4)
        .with_options(&["advanced", "no-teams", "no-peek"])
        .with_bots(&[
            Bot::own("greedy", greedy),
            Bot::random(),
            Bot::mcts(1000),
            Bot::ismcts(1000),
            // As long a decision as `mcts` at 1000 (docs/ladder/README.md).
            Bot::searching("ismcts-wide", 905, ismcts_wide),
        ])
        // docs/ladder/armadora-2p.md measured them.
        .with_levels(&[
            Level::new("beginner", "random", None),
            Level::new("casual", "greedy", None),
            Level::new("strong", "mcts", Some(1000)),
            Level::new("strongest", "ismcts-wide", None),
        ]);

    /// The gold layout (ARM-3): `8! / (2! 2! 2!)` = 5040 layouts, more
    /// than the first player's draw has.
    fn chance_bound(_: &ArmadoraConfig) -> u64 {
        5040
    }

    /// `advanced`: powers and reinforcements; `no-teams`: every player for
    /// themselves at a table of four; `no-peek`: players may not look at
    /// their own face-down warriors.
    fn table_config(players: Option<usize>, options: &[&str]) -> Result<ArmadoraConfig, String> {
        let mut config = ArmadoraConfig::new(players.unwrap_or(2));
        for &option in options {
            config = match option {
                "advanced" => config.advanced(true),
                "no-teams" => config.free_for_all(),
                "no-peek" => config.peek_own(false),
                other => return Err(format!("{} has no option --{other}", Self::NAME)),
            };
        }
        config.validate().map_err(|e| e.to_string())?;
        Ok(config)
    }

    fn option_help(option: &str) -> &'static str {
        match option {
            "advanced" => "The advanced game: powers and reinforcements",
            "no-teams" => "Every player for themselves at a table of four",
            "no-peek" => "Players may not look at their own face-down warriors",
            _ => "",
        }
    }

    fn table_text(view: &ArmadoraView) -> String {
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

    fn result_text(state: &Armadora) -> String {
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
