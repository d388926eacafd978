//! Command lines of `play` and `replay`.

use dice_core::Viewer;

use crate::play::PlayOptions;
use crate::title::GameOptions;

/// Usage of `play`.
pub const PLAY_USAGE: &str = "\
usage: play GAME [options]
  GAME                 age-of-war | armadora | era | pig
  --players N          table size (default: the game's)
  --seed S             first game's seed (default 1); game i uses S + i
  --bots LIST          bot per seat, comma-separated (random, greedy, mcts)
  --games N            play N games and print a summary (default 1: a full log)
  --threads N          spread games over N threads (same results as 1)
  --rotate             rotate the bots around the table from game to game
  --record FILE        write the (last) game's record as JSON
  --json               print JSON instead of text
  --mcts-iterations N  search effort of the mcts bot
  --max-steps N        abandon a game longer than this (default 1000000)
  game switches: age-of-war: none; armadora: --advanced --no-teams --no-peek;
  era: none";

/// Usage of `replay`.
pub const REPLAY_USAGE: &str = "\
usage: replay FILE [--json] [--view SEAT]
  FILE          a record (JSON); - reads standard input
  --json        print one JSON object
  --view SEAT   show the final state as this seat sees it (default: a spectator)";

/// What `play` was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayArgs {
    /// The game's name.
    pub game: String,
    /// The rest.
    pub options: PlayOptions,
}

fn value<'a>(
    args: &mut impl Iterator<Item = &'a String>,
    flag: &str,
) -> Result<&'a String, String> {
    args.next().ok_or_else(|| format!("{flag} needs a value"))
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag}: {text:?} is not a valid number"))
}

/// Parses `play`'s arguments (without the program name).
///
/// # Errors
/// Bad usage, in words.
pub fn parse_play(args: &[String]) -> Result<PlayArgs, String> {
    let mut it = args.iter();
    let mut game = None;
    let mut options = PlayOptions {
        game: GameOptions::default(),
        seed: 1,
        bots: Vec::new(),
        games: 1,
        threads: 1,
        rotate: false,
        record: None,
        json: false,
        max_steps: 1_000_000,
    };
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--players" => options.game.players = Some(number(value(&mut it, arg)?, arg)?),
            "--seed" => options.seed = number(value(&mut it, arg)?, arg)?,
            "--bots" => {
                options.bots = value(&mut it, arg)?
                    .split(',')
                    .map(|b| b.trim().to_string())
                    .collect();
            }
            "--games" => options.games = number(value(&mut it, arg)?, arg)?,
            "--threads" => options.threads = number(value(&mut it, arg)?, arg)?,
            "--record" => options.record = Some(value(&mut it, arg)?.clone()),
            "--json" => options.json = true,
            "--rotate" => options.rotate = true,
            "--mcts-iterations" => {
                options.game.mcts_iterations = Some(number(value(&mut it, arg)?, arg)?);
            }
            "--max-steps" => options.max_steps = number(value(&mut it, arg)?, arg)?,
            "-h" | "--help" => return Err(String::new()),
            switch if switch.starts_with("--") => {
                options
                    .game
                    .switches
                    .push(switch.trim_start_matches("--").to_string());
            }
            name if game.is_none() => game = Some(name.to_string()),
            extra => return Err(format!("unexpected argument {extra:?}")),
        }
    }
    if options.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if options.threads == 0 {
        return Err("--threads must be at least 1".into());
    }
    let game = game.ok_or("which game? age-of-war, armadora or era")?;
    Ok(PlayArgs { game, options })
}

/// What `replay` was asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayArgs {
    /// The record's path, or `-`.
    pub file: String,
    /// Print JSON.
    pub json: bool,
    /// Whose view to show.
    pub viewer: Viewer,
}

/// Parses `replay`'s arguments (without the program name).
///
/// # Errors
/// Bad usage, in words.
pub fn parse_replay(args: &[String]) -> Result<ReplayArgs, String> {
    let mut it = args.iter();
    let mut file = None;
    let mut json = false;
    let mut viewer = Viewer::Spectator;
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--view" => viewer = Viewer::Seat(number(value(&mut it, arg)?, arg)?),
            "-h" | "--help" => return Err(String::new()),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            path if file.is_none() => file = Some(path.to_string()),
            extra => return Err(format!("unexpected argument {extra:?}")),
        }
    }
    Ok(ReplayArgs {
        file: file.ok_or("which record file?")?,
        json,
        viewer,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn play_options_parse() {
        let p = parse_play(&args("armadora --players 3 --seed 9 --bots mcts,random --games 20 --threads 2 --advanced --json")).unwrap();
        assert_eq!(p.game, "armadora");
        assert_eq!(p.options.game.players, Some(3));
        assert_eq!(p.options.seed, 9);
        assert_eq!(p.options.bots, ["mcts", "random"]);
        assert_eq!(p.options.games, 20);
        assert_eq!(p.options.threads, 2);
        assert_eq!(p.options.game.switches, ["advanced"]);
        assert!(p.options.json);
    }

    #[test]
    fn bad_play_usage_is_refused() {
        assert!(parse_play(&args("")).is_err());
        assert!(parse_play(&args("era --seed x")).is_err());
        assert!(parse_play(&args("era --games 0")).is_err());
        assert!(parse_play(&args("era --seed")).is_err());
        assert!(parse_play(&args("era extra")).is_err());
    }

    #[test]
    fn replay_options_parse() {
        let r = parse_replay(&args("game.json --json --view 2")).unwrap();
        assert_eq!(r.file, "game.json");
        assert!(r.json);
        assert_eq!(r.viewer, Viewer::Seat(2));
        assert!(parse_replay(&args("--json")).is_err());
        assert!(parse_replay(&args("f --view x")).is_err());
        assert!(parse_replay(&args("f --what")).is_err());
    }
}
