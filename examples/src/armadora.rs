//! Armadöra in the tools.

use std::fmt::Write as _;

use armadora_rules::board::MINES;
use armadora_rules::bot::Greedy;
use armadora_rules::{Action, Armadora, ArmadoraConfig, ArmadoraView, Chance, Power, TurnStep};
use dice_core::mcts::Mcts;
use dice_core::{Agent, Game, RandomAgent, Seat, ToMove, Viewer};

use crate::title::{GameOptions, Title};

fn faction(state: &Armadora, seat: Seat) -> String {
    state.config().faction(seat).map_or_else(
        || format!("player {seat}"),
        |f| format!("player {seat} ({f})"),
    )
}

impl Title for Armadora {
    const BOTS: &'static [&'static str] = &["greedy", "random", "mcts"];

    fn config_from(options: &GameOptions) -> Result<ArmadoraConfig, String> {
        let mut config = ArmadoraConfig::new(options.players.unwrap_or(2));
        for switch in &options.switches {
            config = match switch.as_str() {
                "advanced" => config.advanced(true),
                "no-teams" => config.free_for_all(),
                "no-peek" => config.peek_own(false),
                other => return Err(format!("armadora has no option --{other}")),
            };
        }
        config.validate().map_err(|e| e.to_string())?;
        Ok(config)
    }

    fn bot(name: &str, options: &GameOptions) -> Option<Box<dyn Agent<Armadora>>> {
        match name {
            "random" => Some(Box::new(RandomAgent)),
            "greedy" => Some(Box::new(Greedy::default())),
            "mcts" => Some(Box::new(Mcts::new(options.mcts_iterations.unwrap_or(1000)))),
            _ => None,
        }
    }

    fn describe_action(before: &Armadora, seat: Seat, action: &Action) -> String {
        let who = faction(before, seat);
        match action {
            Action::Warrior { at, value } => {
                format!("{who} places a warrior face down on {at} (a {value})")
            }
            Action::Pass => format!("{who} passes"),
            Action::Reinforce(at) => format!("{who} reinforces the warrior on {at} (+1)"),
            Action::Palisade(line) => format!("{who} places a palisade on {line}"),
            Action::EndTurn => format!("{who} ends the turn after one palisade"),
            Action::Power(Power::Mage(at)) => format!("{who} uses the Mage to look at {at}"),
            Action::Power(Power::Goblin { at, value }) => {
                format!("{who} uses the Goblin: a warrior face up on {at} (a {value})")
            }
            Action::Power(Power::Orc(line)) => {
                format!("{who} uses the Orc: an extra palisade on {line}")
            }
            Action::Power(Power::Elf(at)) => {
                format!("{who} uses the Elf: an arrow on the warrior on {at} (-1)")
            }
        }
    }

    fn describe_chance(before: &Armadora, outcome: &Chance) -> String {
        match outcome {
            Chance::Gold(piles) => {
                let layout: Vec<String> = MINES
                    .iter()
                    .zip(piles)
                    .map(|(mine, pile)| format!("{mine}:{pile}"))
                    .collect();
                format!("gold dealt to the mines: {}", layout.join(" "))
            }
            Chance::FirstPlayer(p) => format!("{} starts\n", faction(before, *p)),
        }
    }

    fn after_step(before: &Armadora, after: &Armadora) -> Option<String> {
        let (ToMove::Player(was), to) = (before.to_move(), after.to_move()) else {
            return None;
        };
        let round_over = match to {
            ToMove::Player(next) => next <= was && after.table().turn_step() == TurnStep::Start,
            ToMove::Over => true,
            ToMove::Chance => false,
        };
        round_over.then(|| format!("\n{}", after.view(Viewer::Spectator).board_text()))
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
                faction(state, seat),
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

    fn describe_view(view: &ArmadoraView) -> String {
        view.to_string()
    }
}
