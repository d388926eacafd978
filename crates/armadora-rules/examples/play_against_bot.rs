//! A person against the `Greedy` bot, over standard input, seeing only
//! what their seat may see: the board as their view draws it, the bots'
//! moves as told to their seat (an opponent's warrior goes down face
//! down), and a numbered list of their legal actions. Answer with a number
//! or with the action's text (`warrior d3 4`, `palisade c2e`, `end turn`,
//! `pass`, `power mage d3`, ...); `quit` or the end of input stops.
//!
//! ```text
//! cargo run -p armadora-rules --example play_against_bot
//! cargo run -p armadora-rules --example play_against_bot -- --players 3 --advanced --seed 7
//! printf 'warrior d3 5\npalisade c2e\nend turn\n1\npass\n' \
//!     | cargo run -p armadora-rules --example play_against_bot
//! ```
//!
//! Options: `--seed N` (the deal and the bots' choices; default 1),
//! `--players N` (2 to 4; default 2), `--seat N` (yours; default 0),
//! `--advanced`, `--free-for-all`, `--no-peek`.

use std::io::{self, BufRead, IsTerminal, Write};

use armadora_rules::prelude::*;

const USAGE: &str = "usage: play_against_bot [--seed N] [--players 2-4] [--seat N] \
                     [--advanced] [--free-for-all] [--no-peek]";

/// What the command line asks for.
struct Options {
    config: ArmadoraConfig,
    seed: u64,
    seat: Seat,
}

fn options() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let (mut players, mut seed, mut seat) = (2, 1, 0);
    let (mut advanced, mut free_for_all, mut peek_own) = (false, false, true);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| {
            args.next()
                .and_then(|n| n.parse::<u64>().ok())
                .ok_or(format!("{name} takes a number"))
        };
        match arg.as_str() {
            "--players" => players = usize::try_from(number("--players")?).unwrap_or(0),
            "--seed" => seed = number("--seed")?,
            "--seat" => seat = usize::try_from(number("--seat")?).unwrap_or(usize::MAX),
            "--advanced" => advanced = true,
            "--free-for-all" => free_for_all = true,
            "--no-peek" => peek_own = false,
            other => return Err(format!("unknown option {other}")),
        }
    }
    let mut config = ArmadoraConfig::new(players)
        .advanced(advanced)
        .peek_own(peek_own);
    if free_for_all {
        config = config.free_for_all();
    }
    config.validate().map_err(|e| e.to_string())?;
    if seat >= players {
        return Err(format!("--seat is 0 to {}", players.saturating_sub(1)));
    }
    Ok(Options { config, seed, seat })
}

/// `seat 1 (goblin)`, or `seat 0 (orc, you)` for the person's own seat.
fn who(config: &ArmadoraConfig, seat: Seat, you: Seat) -> String {
    let faction = config.faction(seat).map_or("?", Faction::name);
    let you = if seat == you { ", you" } else { "" };
    format!("seat {seat} ({faction}{you})")
}

/// The legal actions, numbered from 1, five to a line.
fn print_choices(game: &Armadora, legal: &[Action]) {
    let cells: Vec<String> = (1..)
        .zip(legal)
        .map(|(number, action)| format!("{number:>4} {:<17}", game.action_text(action)))
        .collect();
    for row in cells.chunks(5) {
        println!("{}", row.concat().trim_end());
    }
}

/// Reads the person's choice: a number from the list or an action's text.
/// `None` at the end of input or on `quit`.
fn ask(
    game: &Armadora,
    legal: &[Action],
    lines: &mut impl Iterator<Item = io::Result<String>>,
) -> io::Result<Option<Action>> {
    let echo = !io::stdin().is_terminal();
    loop {
        print!("your move (a number or an action, `quit` to stop): ");
        io::stdout().flush()?;
        let Some(line) = lines.next().transpose()? else {
            println!();
            return Ok(None);
        };
        let text = line.trim();
        if echo {
            println!("{text}");
        }
        if text.is_empty() {
            continue;
        }
        if text == "quit" {
            return Ok(None);
        }
        let chosen = match text.parse::<usize>() {
            Ok(number) => number
                .checked_sub(1)
                .and_then(|i| legal.get(i).copied())
                .ok_or(format!(
                    "{number} is not on the list (1 to {})",
                    legal.len()
                )),
            Err(_) => game.action_from_text(text).map_err(|e| e.to_string()),
        };
        match chosen.and_then(|action| {
            game.check(&action)
                .map(|()| action)
                .map_err(|e| e.to_string())
        }) {
            Ok(action) => return Ok(Some(action)),
            Err(why) => println!("  {why}"),
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let Options { config, seed, seat } = options().unwrap_or_else(|why| {
        eprintln!("{why}\n{USAGE}");
        std::process::exit(2)
    });
    let me = Viewer::Seat(seat);
    let mut m = Match::<Armadora>::new(&config, seed)?;
    let mut bot = Greedy::default();
    let mut bot_rng = DiceRng::from_seed_u64(seed.wrapping_add(1));
    let mut lines = io::stdin().lock().lines();
    let mut legal = Vec::new();
    println!(
        "Armadöra, {} players{}: you are seat {seat} ({}).",
        config.players(),
        if config.is_advanced() {
            ", advanced"
        } else {
            ""
        },
        config.faction(seat).map_or("?", Faction::name),
    );
    loop {
        let game = m.state().clone();
        match game.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let outcome = m.draw_chance().ok_or("the match has no generator")?;
                println!("setup: {}", game.seen_chance(&outcome, me));
                m.apply_chance(outcome)?;
            }
            ToMove::Player(p) if p == seat => {
                println!("\n{}", game.view(me));
                game.legal_actions(&mut legal);
                print_choices(&game, &legal);
                let Some(action) = ask(&game, &legal, &mut lines)? else {
                    println!("You leave the table; the game stops here.");
                    return Ok(());
                };
                println!(
                    "{} {}",
                    who(&config, seat, seat),
                    game.seen_action(&action, me)
                );
                m.play(action)?;
            }
            ToMove::Player(p) => {
                game.legal_actions(&mut legal);
                let view = game.view(Viewer::Seat(p));
                let action = bot
                    .choose(p, &view, &legal, &mut bot_rng)
                    .ok_or("the bot found no action")?;
                // Told as this seat may know it: never the bot's values.
                let told = game.seen_action(&action, me);
                println!("{} {told}", who(&config, p, seat));
                m.play(action)?;
            }
        }
    }
    let end = m.state();
    println!("\nEveryone has passed; every warrior is turned face up.\n");
    println!("{}", end.view(me));
    let scoring = end.scoring();
    let result = end.result().ok_or("the game is not over")?;
    for player in 0..config.players() {
        let piles: Vec<String> = scoring.piles(player).iter().map(u8::to_string).collect();
        println!(
            "{:<21} {:>2} gold in piles [{}]{}",
            who(&config, player, seat),
            scoring.gold(player),
            piles.join(", "),
            if result.is_winner(player) {
                "  wins"
            } else {
                ""
            },
        );
    }
    println!("gold nobody won: {}", scoring.discarded());
    Ok(())
}
