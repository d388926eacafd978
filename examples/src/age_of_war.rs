//! Age of War in the tools.

use std::fmt::Write as _;

use age_of_war_rules::castle::Clan;
use age_of_war_rules::table::Place;
use age_of_war_rules::{Action, AgeOfWar, AgeOfWarConfig, Chance, SolverBot};
use dice_core::mcts::Mcts;
use dice_core::{Agent, Game, RandomAgent, Seat, ToMove};

use crate::title::{GameOptions, Title};

impl Title for AgeOfWar {
    const BOTS: &'static [&'static str] = &["greedy", "random", "mcts"];

    fn config_from(options: &GameOptions) -> Result<AgeOfWarConfig, String> {
        if let Some(s) = options.switches.first() {
            return Err(format!("age-of-war has no option --{s}"));
        }
        Ok(AgeOfWarConfig::new(options.players.unwrap_or(2)))
    }

    fn bot(name: &str, options: &GameOptions) -> Option<Box<dyn Agent<AgeOfWar>>> {
        match name {
            "random" => Some(Box::new(RandomAgent)),
            "greedy" => Some(Box::new(SolverBot::new())),
            "mcts" => Some(Box::new(
                Mcts::new(options.mcts_iterations.unwrap_or(200)).with_playout_steps(20_000),
            )),
            _ => None,
        }
    }

    fn describe_action(before: &AgeOfWar, seat: Seat, action: &Action) -> String {
        let mut text = match action {
            Action::LoseDie => format!(
                "  player {seat} loses a die ({} left to roll)",
                before.turn().in_hand().saturating_sub(1)
            ),
            Action::Fill { castle, line } => {
                let needs = castle
                    .line(*line)
                    .map(|l| l.to_string())
                    .unwrap_or_default();
                let what = if *line == 0 {
                    "the special daimyo line".to_string()
                } else {
                    format!("line {line}")
                };
                format!("  player {seat} fills {what} of {castle} ({needs})")
            }
        };
        if let Ok(after) = before.after(*action) {
            text += &outcome(before, &after, seat);
        }
        text
    }

    fn describe_chance(before: &AgeOfWar, outcome: &Chance) -> String {
        match outcome {
            Chance::FirstPlayer(p) => format!("player {p} starts"),
            Chance::Roll(roll) => {
                let turn = before.turn();
                let head = if turn.in_hand() == 7 && turn.target().is_none() {
                    format!("\nplayer {}'s turn\n", before.current_player())
                } else {
                    String::new()
                };
                let target = turn
                    .target()
                    .map(|c| format!(" (attacking {c}, filled {})", turn.filled()))
                    .unwrap_or_default();
                let dice = match roll.dice() {
                    1 => "1 die".to_string(),
                    n => format!("{n} dice"),
                };
                format!("{head}  rolls {dice}: {roll}{target}")
            }
        }
    }

    fn after_step(before: &AgeOfWar, after: &AgeOfWar) -> Option<String> {
        let decided = matches!(before.to_move(), ToMove::Player(_));
        let turn_over =
            before.current_player() != after.current_player() || after.to_move() == ToMove::Over;
        (decided && turn_over).then(|| table_text(after))
    }

    fn describe_result(state: &AgeOfWar) -> String {
        let mut out = String::from(
            "\nfinal score (castle points + clan bonuses; ties: castles, then clans)\n",
        );
        let result = state.result();
        for seat in 0..state.players() {
            let castles: Vec<String> = state
                .table()
                .holdings(seat)
                .filter(|&c| !state.table().is_face_down(c))
                .map(|c| format!("{c} {}", c.points()))
                .collect();
            let clans: Vec<String> = state
                .table()
                .clans(seat)
                .map(|c: Clan| format!("{c} {}", c.bonus()))
                .collect();
            let won = result.as_ref().is_some_and(|r| r.is_winner(seat));
            let _ = writeln!(
                out,
                "  player {seat}: {:>2} points = castles [{}] + clans [{}]; {} castles, {} clans{}",
                state.table().score(seat),
                castles.join(", "),
                clans.join(", "),
                state.table().castles_held(seat),
                state.table().clans_conquered(seat),
                if won { "  WINNER" } else { "" }
            );
        }
        if let Some(r) = result {
            if r.winners().len() > 1 {
                let _ = writeln!(out, "  shared victory: players {:?}", r.winners());
            }
        }
        out
    }

    fn describe_view(view: &AgeOfWar) -> String {
        view.to_string()
    }
}

/// How the turn ended, if it did: a conquest, a steal, a clan, or failure.
fn outcome(before: &AgeOfWar, after: &AgeOfWar, seat: Seat) -> String {
    let Some(castle) = before.turn().target().or(after.turn().target()) else {
        return if after.current_player() == seat {
            String::new()
        } else {
            " - out of dice, the turn fails".to_string()
        };
    };
    if before.table().holder(castle) == Some(seat) || after.table().holder(castle) != Some(seat) {
        return if after.current_player() == seat {
            String::new()
        } else {
            format!(" - out of dice, the attack on {castle} fails")
        };
    }
    let from = match before.table().place(castle) {
        Place::Centre => "from the centre".to_string(),
        Place::Player(p) => format!("from player {p}"),
    };
    let mut text = format!(" and conquers {castle} {from}");
    let clan = castle.clan();
    if after.table().clan_conqueror(clan) == Some(seat)
        && before.table().clan_conqueror(clan) != Some(seat)
    {
        let _ = write!(text, ", completing clan {clan} (+{})", clan.bonus());
    }
    text
}

fn table_text(state: &AgeOfWar) -> String {
    let mut out = String::new();
    let centre: Vec<String> = state.table().centre().map(|c| c.to_string()).collect();
    let _ = writeln!(
        out,
        "  centre: {}",
        if centre.is_empty() {
            "empty".to_string()
        } else {
            centre.join(", ")
        }
    );
    for seat in 0..state.players() {
        let held: Vec<String> = state
            .table()
            .holdings(seat)
            .map(|c| {
                if state.table().is_face_down(c) {
                    format!("[{c}]")
                } else {
                    c.to_string()
                }
            })
            .collect();
        let _ = writeln!(
            out,
            "  player {seat}: {:>2} points  {}",
            state.table().score(seat),
            held.join(", ")
        );
    }
    out
}
