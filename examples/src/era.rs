//! Era: Medieval Age in the tools.

use std::fmt::Write as _;

use dice_core::{Agent, Game};
use era_rules::bot::Greedy;
use era_rules::{Colour, Domain, Era, EraConfig, EraView, PlayerView, Resource, Step};

use crate::playable::{GameOptions, PlayableGame};

impl PlayableGame for Era {
    const BOTS: &'static [&'static str] = &["greedy", "random", "mcts"];
    const MCTS_ITERATIONS: u32 = 100;

    fn config_from(options: &GameOptions) -> Result<EraConfig, String> {
        options.no_switches(Self::NAME)?;
        Ok(EraConfig::new(options.players.unwrap_or(2)))
    }

    fn own_bot(name: &str) -> Option<Box<dyn Agent<Era>>> {
        (name == "greedy").then(|| Box::new(Greedy) as Box<dyn Agent<Era>>)
    }

    fn draw(view: &EraView) -> String {
        let mut out = format!("round {}, {}\n", view.round, view.step);
        out.push_str(&table_text(view));
        for (seat, p) in view.players.iter().enumerate() {
            let ruleset = &view.config.ruleset;
            if let Some(dice) = &p.dice {
                let _ = write!(out, "\n  player {seat}'s dice: {}", dice.text(ruleset));
                if let Some(aside) = p.set_aside.as_ref().filter(|d| d.total() > 0) {
                    let _ = write!(out, " (set aside: {})", aside.text(ruleset));
                }
            }
        }
        out
    }

    /// Every table when the layouts are revealed and at the end of every
    /// round.
    fn after_step(before: &EraView, after: &EraView) -> Option<String> {
        let laying_out = |v: &EraView| matches!(v.step, Step::Layout { .. });
        if laying_out(before) && !laying_out(after) {
            return Some(format!("\nthe layouts are revealed\n{}", table_text(after)));
        }
        let new_round = (after.round != before.round
            && !matches!(before.step, Step::StartRoll { .. }))
            || (after.step == Step::Over && before.step != Step::Over);
        new_round.then(|| {
            format!(
                "\nend of round {} ({} of {} tracking tokens flipped)\n{}",
                before.round,
                after.flipped,
                after.tokens,
                table_text(after)
            )
        })
    }

    fn describe_result(state: &Era) -> String {
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

/// Every player's tracks, then the domains side by side (a hidden layout
/// as `?`).
fn table_text(view: &EraView) -> String {
    let mut out = String::new();
    for (seat, p) in view.players.iter().enumerate() {
        let _ = writeln!(out, "  player {seat}: {}", tracks(p));
    }
    let domains: Vec<Vec<String>> = view
        .players
        .iter()
        .map(|p| match &p.domain {
            Some(d) => d.to_string().lines().map(str::to_string).collect(),
            None => vec!["(hidden)".to_string()],
        })
        .collect();
    let rows = domains.iter().map(Vec::len).max().unwrap_or(0);
    for row in 0..rows {
        out.push_str("   ");
        for d in &domains {
            let line = d.get(row).map_or("", String::as_str);
            let _ = write!(out, " {line:<12}");
        }
        out.push('\n');
    }
    let _ = write!(out, "    ({})", Domain::LEGEND);
    out
}

/// `goods 0, stone 2, wood 2, food 2 | culture 0 | disaster 0 | dice
/// yellow 3, gray 1, blue 0, white 0`.
fn tracks(p: &PlayerView) -> String {
    let resources: Vec<String> = Resource::ALL
        .iter()
        .zip(p.resources)
        .map(|(r, n)| format!("{r} {n}"))
        .collect();
    let dice: Vec<String> = Colour::ALL
        .iter()
        .zip(p.owned)
        .map(|(c, n)| format!("{c} {n}"))
        .collect();
    format!(
        "{} | culture {} | disaster {} | dice {}",
        resources.join(", "),
        p.culture,
        p.disaster,
        dice.join(", ")
    )
}
