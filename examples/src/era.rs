//! Era: Medieval Age in the tools.

use std::fmt::Write as _;

use dice_core::mcts::Mcts;
use dice_core::{Agent, Game, RandomAgent, Seat};
use era_rules::bot::Greedy;
use era_rules::{Action, Chance, Domain, Era, EraConfig, EraView, Step};

use crate::title::{GameOptions, Title};

impl Title for Era {
    const BOTS: &'static [&'static str] = &["greedy", "random", "mcts"];

    fn config_from(options: &GameOptions) -> Result<EraConfig, String> {
        if let Some(s) = options.switches.first() {
            return Err(format!("era has no option --{s}"));
        }
        Ok(EraConfig::new(options.players.unwrap_or(2)))
    }

    fn bot(name: &str, options: &GameOptions) -> Option<Box<dyn Agent<Era>>> {
        match name {
            "random" => Some(Box::new(RandomAgent)),
            "greedy" => Some(Box::new(Greedy)),
            "mcts" => Some(Box::new(Mcts::new(options.mcts_iterations.unwrap_or(100)))),
            _ => None,
        }
    }

    fn describe_action(before: &Era, seat: Seat, action: &Action) -> String {
        match before.step() {
            // The layout is secret: the log, like the table, sees nothing.
            Step::Layout { .. } if before.player(seat).is_some_and(|p| p.laid_out() == 0) => {
                format!("  player {seat} lays out their domain in secret")
            }
            Step::Layout { .. } => String::new(),
            step => format!("  player {seat} ({step}): {}", before.action_text(action)),
        }
    }

    fn describe_chance(before: &Era, outcome: &Chance) -> String {
        let players = u8::try_from(before.players()).unwrap_or(1).max(1);
        let seat = |turn: u8| (before.start_player() + usize::from(turn)) % usize::from(players);
        let who = match before.step() {
            Step::StartRoll { .. } => "the gray dice decide the start player".to_string(),
            Step::Roll { turn } | Step::Feathers { turn } => format!("player {}", seat(turn)),
            step => format!("{step}"),
        };
        format!("  {who}: {}", before.chance_text(outcome))
    }

    fn after_step(before: &Era, after: &Era) -> Option<String> {
        let laid_out = matches!(before.step(), Step::Layout { .. })
            && !matches!(after.step(), Step::Layout { .. });
        let new_round = (after.round() != before.round()
            && !matches!(before.step(), Step::StartRoll { .. }))
            || (after.step() == Step::Over && before.step() != Step::Over);
        if laid_out {
            return Some(format!("\nthe layouts are revealed\n{}", table_text(after)));
        }
        new_round.then(|| {
            format!(
                "\nend of round {} ({} of {} tracking tokens flipped)\n{}",
                before.round(),
                after.tracking_tokens().1,
                after.tracking_tokens().0,
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
                -i64::from(s.disasters),
                s.total(),
                if won { "  WINNER" } else { "" }
            );
        }
        out.push_str("  (build: building points; walled: doubling for walled buildings; bonus: culture bonus;\n   walls: walled-area bonus; ties: goods, then stone, wood, food)");
        out
    }

    fn describe_view(view: &EraView) -> String {
        let mut out = format!("round {}, {}\n", view.round, view.step);
        for (seat, p) in view.players.iter().enumerate() {
            let _ = writeln!(
                out,
                "player {seat}: resources {:?} (goods, stone, wood, food), culture {}, disaster {}, dice {:?}",
                p.resources, p.culture, p.disaster, p.owned
            );
            match &p.domain {
                Some(d) => {
                    let _ = writeln!(out, "{d}");
                }
                None => out.push_str("(layout hidden)\n"),
            }
        }
        out
    }
}

/// Every player's tracks and domain, domains side by side.
fn table_text(state: &Era) -> String {
    let mut out = String::new();
    for (seat, p) in state.player_list().iter().enumerate() {
        let _ = writeln!(out, "  player {seat}: {p}");
    }
    let domains: Vec<Vec<String>> = state
        .player_list()
        .iter()
        .map(|p| domain_lines(p.domain()))
        .collect();
    let rows = domains.iter().map(Vec::len).max().unwrap_or(0);
    for r in 0..rows {
        out.push_str("   ");
        for d in &domains {
            let line = d.get(r).map_or("", String::as_str);
            let _ = write!(out, " {line:<12}");
        }
        out.push('\n');
    }
    let _ = write!(out, "    ({})", Domain::LEGEND);
    out
}

fn domain_lines(domain: &Domain) -> Vec<String> {
    domain.to_string().lines().map(str::to_string).collect()
}
