//! Era's declaration: what every layer reads of it beyond the rules.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use core::fmt::Write as _;

use dice_core::listing::{Bot, Level, Listed, Listing};
use dice_core::{Agent, Game};

use crate::bot::{Greedy, lead_search};
use crate::config::EraConfig;
use crate::state::Era;
use crate::step::Step;
use crate::view::EraView;

fn greedy(_: u32) -> Box<dyn Agent<Era> + Send> {
    Box::new(Greedy)
}

fn mcts_lead(iterations: u32) -> Box<dyn Agent<Era> + Send> {
    Box::new(lead_search(iterations))
}

/// The most dice of one colour (ERA-2: 18 yellow dice), the most any one
/// hand roll throws: `C(18 + 5, 5)` multisets.
const ROLLS_OF_ONE_COLOUR: u64 = 33_649;

impl Listed for Era {
    const LISTING: Listing<Era> = Listing::new("Era: Medieval Age", 2, 4)
        .with_aliases(&["era-medieval-age"])
        .with_bots(&[
            Bot::own("greedy", greedy),
            Bot::random(),
            // 500 iterations: wins 75.5% against `greedy` over 200 rotated
            // games under rules revision 3 (100 iterations: 52.5%), at
            // about 23 ms of one core per decision.
            Bot::mcts(500),
            Bot::ismcts(500),
            // As long a decision as `mcts` at 500 (docs/ladder/README.md).
            Bot::searching("mcts-lead", 3250, mcts_lead),
        ])
        // docs/ladder/era-2p.md measured them.
        .with_levels(&[
            Level::new("beginner", "random", None),
            Level::new("casual", "greedy", None),
            Level::new("strong", "mcts", Some(500)),
            Level::new("strongest", "mcts-lead", None),
        ]);

    /// The start-player roll (one die per seat) or a hand roll of one
    /// colour.
    fn chance_bound(config: &EraConfig) -> u64 {
        let seats = u32::try_from(config.players()).unwrap_or(u32::MAX);
        6u64.saturating_pow(seats).max(ROLLS_OF_ONE_COLOUR)
    }

    fn table_config(players: Option<usize>, _: &[&str]) -> Result<EraConfig, String> {
        Ok(EraConfig::new(players.unwrap_or(2)))
    }

    fn table_text(view: &EraView) -> String {
        view.to_string()
    }

    /// Every table when the layouts are revealed and at the end of every
    /// round.
    fn after_step(before: &EraView, after: &EraView) -> Option<String> {
        let laying_out = |v: &EraView| matches!(v.step(), Step::Layout { .. });
        if laying_out(before) && !laying_out(after) {
            return Some(format!("\nthe layouts are revealed\n{after}"));
        }
        let new_round = (after.round() != before.round()
            && !matches!(before.step(), Step::StartRoll { .. }))
            || (after.step() == Step::Over && before.step() != Step::Over);
        new_round.then(|| format!("\nend of round {}\n{after}", before.round()))
    }

    fn result_text(state: &Era) -> String {
        let mut out = String::from("\nfinal score\n");
        let _ = writeln!(
            out,
            "  {:<8} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>7} {:>6} {:>6} {:>8} {:>6}",
            "",
            "build",
            "walled",
            "market",
            "guild",
            "univ",
            "cathed",
            "culture",
            "bonus",
            "walls",
            "disaster",
            "total"
        );
        let result = state.result();
        for (seat, s) in state.scores().iter().enumerate() {
            let won = result.as_ref().is_some_and(|r| r.is_winner(seat));
            let _ = writeln!(
                out,
                "  player {seat} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>7} {:>6} {:>6} {:>8} {:>6}{}",
                s.buildings,
                s.walled,
                s.markets,
                s.guildhalls,
                s.universities,
                s.cathedrals,
                s.culture,
                s.culture_bonus,
                s.walled_area_bonus,
                0i64.saturating_sub(i64::from(s.disasters)),
                s.total(),
                if won { "  WINNER" } else { "" }
            );
        }
        out.push_str("  (build: building points; walled: doubling for walled buildings; bonus: culture bonus;\n   walls: walled-area bonus; ties: goods, then stone, wood, food)");
        out
    }
}
