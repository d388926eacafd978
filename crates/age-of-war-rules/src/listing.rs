//! Age of War's declaration: what every layer reads of it beyond the rules.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::Write as _;

use dice_core::listing::{Bot, Level, Listed, Listing};
use dice_core::mcts::Mcts;
use dice_core::{Agent, Game, Seat, ToMove};

use crate::bot::SolverBot;
use crate::config::AgeOfWarConfig;
use crate::state::AgeOfWar;

fn solver(_: u32) -> Box<dyn Agent<AgeOfWar> + Send> {
    Box::new(SolverBot::new())
}

/// Uniformly random playouts of Age of War run long: castles change hands
/// for thousands of steps.
fn mcts(iterations: u32) -> Box<dyn Agent<AgeOfWar> + Send> {
    Box::new(Mcts::new(iterations).with_playout_steps(20_000))
}

impl Listed for AgeOfWar {
    const LISTING: Listing<AgeOfWar> = Listing::new("Age of War", 2, 6)
        .with_aliases(&["age_of_war"])
        .with_perfect_information()
        .with_bots(&[
            // The solver used to be called `greedy`: it plays the turn at
            // hand with exact odds and looks no further.
            Bot::own("solver", solver).with_aliases(&["greedy"]),
            Bot::random(),
            Bot::searching("mcts", 200, mcts),
        ])
        // docs/ladder/age-of-war-2p.md measured them.
        .with_levels(&[
            Level::new("beginner", "random", None),
            Level::new("casual", "mcts", Some(200)),
            Level::new("strongest", "solver", None),
        ]);

    /// Seven dice rolled as a multiset (AOW-1): `C(7 + 5, 5)` = 792 rolls
    /// (the first player's draw has at most six outcomes).
    fn chance_bound(_: &AgeOfWarConfig) -> u64 {
        792
    }

    fn table_config(players: Option<usize>, _: &[&str]) -> Result<AgeOfWarConfig, String> {
        Ok(AgeOfWarConfig::new(players.unwrap_or(2)))
    }

    fn table_text(view: &AgeOfWar) -> String {
        view.to_string()
    }

    fn after_step(before: &AgeOfWar, after: &AgeOfWar) -> Option<String> {
        let mut out = String::new();
        let turn_over = starts_turn(after) || after.to_move() == ToMove::Over;
        if let (ToMove::Player(seat), true) = (before.to_move(), turn_over) {
            let _ = writeln!(out, "  {}", outcome(before, after, seat));
            out.push_str(&table_text(after));
        }
        if starts_turn(after) {
            let _ = write!(out, "\nplayer {}'s turn", after.current_player());
        }
        (!out.is_empty()).then_some(out)
    }

    fn result_text(state: &AgeOfWar) -> String {
        let mut out = String::from(
            "\nfinal score (castle points + clan bonuses; ties: castles, then clans)\n",
        );
        let result = state.result();
        let table = state.table();
        for seat in 0..state.players() {
            let castles: Vec<String> = table
                .holdings(seat)
                .filter(|&c| !table.is_face_down(c))
                .map(|c| format!("{c} {}", c.points()))
                .collect();
            let clans: Vec<String> = table
                .clans(seat)
                .map(|c| format!("{c} {}", c.bonus()))
                .collect();
            let won = result.as_ref().is_some_and(|r| r.is_winner(seat));
            let _ = writeln!(
                out,
                "  player {seat}: {:>2} points = castles [{}] + clans [{}]; {} castles, {} clans{}",
                table.score(seat),
                castles.join(", "),
                clans.join(", "),
                table.castles_held(seat),
                table.clans_conquered(seat),
                if won { "  WINNER" } else { "" }
            );
        }
        if let Some(r) = result.filter(|r| r.winners().len() > 1) {
            let _ = writeln!(out, "  shared victory: players {:?}", r.winners());
        }
        out
    }
}
/// Whether a turn starts here: no die placed or lost yet, no castle
/// chosen, the roll to come. Every decision places or loses a die, so only
/// the first player's draw and the end of a turn lead here.
fn starts_turn(state: &AgeOfWar) -> bool {
    let turn = state.turn();
    state.to_move() == ToMove::Chance
        && turn.target().is_none()
        && turn.placed() == 0
        && turn.lost() == 0
}

/// How `seat`'s turn ended: a conquest (and a clan), or failure.
fn outcome(before: &AgeOfWar, after: &AgeOfWar, seat: Seat) -> String {
    let won = after
        .table()
        .holdings(seat)
        .find(|&c| before.table().holder(c) != Some(seat));
    let Some(castle) = won else {
        return match before.turn().target() {
            Some(castle) => format!("player {seat} is out of dice: the attack on {castle} fails"),
            None => format!("player {seat} is out of dice: the turn fails"),
        };
    };
    let from = match before.table().holder(castle) {
        None => "from the centre".to_string(),
        Some(p) => format!("from player {p}"),
    };
    let mut text = format!("player {seat} conquers {castle} {from}");
    let clan = castle.clan();
    if after.table().clan_conqueror(clan) == Some(seat)
        && before.table().clan_conqueror(clan) != Some(seat)
    {
        let _ = write!(text, ", completing clan {clan} (+{})", clan.bonus());
    }
    text
}

/// The centre and every seat's castles, face-down ones in brackets.
fn table_text(state: &AgeOfWar) -> String {
    let table = state.table();
    let centre: Vec<String> = table.centre().map(|c| c.to_string()).collect();
    let mut out = format!(
        "  centre: {}\n",
        if centre.is_empty() {
            "empty".to_string()
        } else {
            centre.join(", ")
        }
    );
    for seat in 0..state.players() {
        let held: Vec<String> = table
            .holdings(seat)
            .map(|c| {
                if table.is_face_down(c) {
                    format!("[{c}]")
                } else {
                    c.to_string()
                }
            })
            .collect();
        let line = format!(
            "  player {seat}: {:>2} points  {}",
            table.score(seat),
            held.join(", ")
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out
}
