//! The command lines of `play` and `replay`, parsed with clap.

use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches, Parser};
use dice_core::{Seat, Viewer};

use crate::games::{GameName, table_options};
use crate::narrate::Viewpoint;
use crate::options::PlayOptions;
use crate::playable::GameOptions;

/// Plays games between bots and people: one game told turn by turn, or many
/// games summarised.
#[derive(Debug, Clone, PartialEq, Eq, Parser)]
#[command(
    name = "play",
    after_long_help = play_details(),
    after_help = "See `--help` for the bots, people at the table and exit statuses."
)]
pub struct PlayArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameName,
    /// Table size [default: the game's].
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
    /// The first game's seed; game i uses S + i.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// A bot per seat, comma-separated; the last fills the table
    /// [default: the game's first bot].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub bots: Vec<String>,
    /// A person plays this seat at the terminal (repeat it, or list seats
    /// comma-separated, for several).
    #[arg(long, value_name = "SEAT", value_delimiter = ',', conflicts_with_all = ["view", "omniscient", "json"])]
    pub human: Vec<Seat>,
    /// Tell the game as this seat sees it (a seat number, or `spectator`)
    /// [default: spectator].
    #[arg(long, value_name = "SEAT", value_parser = parse_viewer, conflicts_with = "omniscient")]
    pub view: Option<Viewer>,
    /// Tell everything, secrets included: the record owner's log.
    #[arg(long)]
    pub omniscient: bool,
    /// Play N games and print a summary instead of a log.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one::<u64>)]
    pub games: u64,
    /// Spread the games over N threads (the same results as one).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least_one::<usize>)]
    pub threads: usize,
    /// Move the bots one seat to the left from game to game.
    #[arg(long)]
    pub rotate: bool,
    /// Write the (last) game's record as JSON: the private record, with
    /// the seed, the generator and every hidden value. Keep it secret.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play on from a saved record (written by --record) with the bots
    /// given, to the end the uninterrupted game would have reached.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["players", "seed", "games", "rotate"])]
    pub resume: Option<PathBuf>,
    /// Print the result, or the summary, as JSON.
    #[arg(long)]
    pub json: bool,
    /// Iterations per decision of the mcts bot [default: the game's].
    #[arg(long, value_name = "N")]
    pub mcts_iterations: Option<u32>,
    /// Stop one game after N steps (with --record, its record is still
    /// written); in --games batches, a game this long is an error.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_steps: usize,
    /// Options of one game.
    #[command(flatten)]
    pub switches: Switches,
}

/// The table options the games declare (`--advanced`, ...), each under
/// its game's title, as switches: the ones given, by name. `play` refuses
/// a switch the game played does not declare; a resumed game keeps its
/// record's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Switches(pub Vec<String>);

impl FromArgMatches for Switches {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(Switches(
            table_options()
                .into_iter()
                .filter(|&(_, option, _)| matches.get_flag(option))
                .map(|(_, option, _)| option.to_owned())
                .collect(),
        ))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Switches::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for Switches {
    /// A command that resumes records (`play`) refuses switches beside
    /// `--resume`, its record's being kept.
    fn augment_args(mut command: Command) -> Command {
        let resumes = command.get_arguments().any(|a| a.get_id() == "resume");
        for (title, option, help) in table_options() {
            let mut arg = Arg::new(option)
                .long(option)
                .help(help)
                .action(ArgAction::SetTrue);
            if resumes {
                arg = arg.conflicts_with("resume");
            }
            command = command.next_help_heading(title).arg(arg);
        }
        command
    }

    fn augment_args_for_update(command: Command) -> Command {
        Switches::augment_args(command)
    }
}

/// The long help's list of bots, from each game's declaration.
fn play_details() -> String {
    let games: Vec<String> = tabletop_engines::catalogue()
        .iter()
        .map(|game| {
            let bots: Vec<String> = game
                .bots
                .iter()
                .map(|bot| match bot.aliases {
                    [] => bot.name.to_owned(),
                    aliases => format!("{} (or {})", bot.name, aliases.join(", ")),
                })
                .collect();
            format!("{}: {}", game.name, bots.join(", "))
        })
        .collect();
    format!(
        "Bots, each game's default first: {}. mcts is a Monte Carlo tree search that samples what \
         its seat cannot see.\n\n{PLAY_NOTES}",
        games.join("; ")
    )
}

const PLAY_NOTES: &str = "\
One game is told as a spectator sees it unless --view or --omniscient says otherwise. A person at a seat (--human) sees the table as their seat sees it, the other seats' moves as their seat may know them, and a numbered list of their legal actions; they answer with a number or the action as listed, at a terminal or from a script on standard input (? shows the list again). With one person, the game is told as their seat sees it; with several, as a spectator sees it, each person seeing their own view at their prompt.

A game stopped by --max-steps, or by the end of a person's input, still has its record written with --record: `play GAME --resume FILE` plays it on, with the bots given by --bots and --mcts-iterations, to the same end as the game played without stopping (the bots draw from generators derived from the record's own).

Exit status: 0 when the games are over, 2 for bad usage or a record that cannot be resumed, 3 when the input ends before the game, 4 when one game is stopped by --max-steps.";

/// Replays a record, checking every entry, and tells its history as one
/// seat saw it.
#[derive(Debug, Clone, PartialEq, Eq, Parser)]
#[command(
    name = "replay",
    after_help = "Exit status: 0 when the record replays, 1 for a bad record (one line naming the entry and the reason; input that is not UTF-8 text or is larger than 256 MiB is refused before anything else is checked), 2 for bad usage (a --view seat the record's table does not have included) or a path that cannot be read."
)]
pub struct ReplayArgs {
    /// The record (JSON); - reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Print one JSON object; with --view it holds the seat's history.
    #[arg(long)]
    pub json: bool,
    /// Tell the history as this seat saw it (a seat number, or
    /// `spectator`) [default: everything, and the end as a spectator sees
    /// it].
    #[arg(long, value_name = "SEAT", value_parser = parse_viewer)]
    pub view: Option<Viewer>,
}

/// A whole number of at least 1.
fn at_least_one<T: std::str::FromStr + PartialOrd + From<u8>>(text: &str) -> Result<T, String> {
    match text.parse::<T>() {
        Ok(count) if count >= T::from(1) => Ok(count),
        Ok(_) => Err("it must be at least 1".to_string()),
        Err(_) => Err(format!("{text:?} is not a whole number")),
    }
}

/// A seat number, or `spectator`.
fn parse_viewer(text: &str) -> Result<Viewer, String> {
    if text == "spectator" {
        return Ok(Viewer::Spectator);
    }
    text.parse()
        .map(Viewer::Seat)
        .map_err(|_| format!("{text:?} is neither a seat number nor \"spectator\""))
}

impl PlayArgs {
    /// What to do, as the play functions take it.
    pub fn options(&self) -> PlayOptions {
        let mut humans = self.human.clone();
        humans.sort_unstable();
        humans.dedup();
        let viewpoint = match (humans.as_slice(), self.omniscient, self.view) {
            ([one], _, _) => Viewpoint::Of(Viewer::Seat(*one)),
            ([_, _, ..], _, _) => Viewpoint::Of(Viewer::Spectator),
            ([], true, _) => Viewpoint::Omniscient,
            ([], false, view) => Viewpoint::Of(view.unwrap_or(Viewer::Spectator)),
        };
        PlayOptions {
            game: GameOptions {
                players: self.players,
                switches: self.switches.0.clone(),
                mcts_iterations: self.mcts_iterations,
            },
            seed: self.seed,
            bots: self.bots.iter().map(|b| b.trim().to_string()).collect(),
            humans,
            games: self.games,
            threads: self.threads,
            rotate: self.rotate,
            record: self.record.clone(),
            resume: self.resume.clone(),
            json: self.json,
            max_steps: self.max_steps,
            viewpoint,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn play_args(line: &str) -> Result<PlayArgs, clap::Error> {
        PlayArgs::try_parse_from(std::iter::once("play").chain(line.split_whitespace()))
    }

    fn replay_args(line: &str) -> Result<ReplayArgs, clap::Error> {
        ReplayArgs::try_parse_from(std::iter::once("replay").chain(line.split_whitespace()))
    }

    #[test]
    fn the_command_lines_are_well_formed() {
        PlayArgs::command().debug_assert();
        ReplayArgs::command().debug_assert();
    }

    #[test]
    fn the_help_lists_every_declared_table_option_under_its_game() {
        let help = PlayArgs::command().render_long_help().to_string();
        let options = table_options();
        assert!(!options.is_empty());
        for (title, option, what) in options {
            let heading = help.find(&format!("\n{title}:\n")).unwrap();
            let listed = help.find(&format!("--{option}\n")).unwrap();
            assert!(heading < listed, "{option}: {help}");
            assert!(help.contains(what), "{option}: {help}");
        }
    }

    #[test]
    fn play_options_parse() {
        let p = play_args(
            "armadora --players 3 --seed 9 --bots mcts,random --games 20 --threads 2 --advanced --json",
        )
        .unwrap();
        assert_eq!(p.game, GameName::from_record_name("armadora").unwrap());
        let o = p.options();
        assert_eq!(o.game.players, Some(3));
        assert_eq!(o.seed, 9);
        assert_eq!(o.bots, ["mcts", "random"]);
        assert_eq!(o.games, 20);
        assert_eq!(o.threads, 2);
        assert_eq!(o.game.switches, ["advanced"]);
        assert!(o.json);
        assert_eq!(o.viewpoint, Viewpoint::Of(Viewer::Spectator));
    }

    #[test]
    fn the_viewpoint_follows_view_omniscient_and_the_people_at_the_table() {
        let viewpoint = |line| play_args(line).unwrap().options().viewpoint;
        assert_eq!(viewpoint("pig --view 1"), Viewpoint::Of(Viewer::Seat(1)));
        assert_eq!(
            viewpoint("pig --view spectator"),
            Viewpoint::Of(Viewer::Spectator)
        );
        assert_eq!(viewpoint("pig --omniscient"), Viewpoint::Omniscient);
        assert_eq!(viewpoint("pig --human 1"), Viewpoint::Of(Viewer::Seat(1)));
        assert_eq!(
            viewpoint("pig --human 0,1"),
            Viewpoint::Of(Viewer::Spectator)
        );
        assert_eq!(
            viewpoint("pig --human 1 --human 0"),
            Viewpoint::Of(Viewer::Spectator)
        );
        assert_eq!(
            play_args("pig --human 1 --human 0 --human 1")
                .unwrap()
                .options()
                .humans,
            [0, 1]
        );
    }

    #[test]
    fn bad_play_usage_is_refused_with_status_2() {
        for line in [
            "",
            "chess",
            "era --seed x",
            "era --seed",
            "era --games 0",
            "era --threads 0",
            "era extra",
            "era --what",
            "pig --view 1 --omniscient",
            "pig --human 0 --view 1",
            "pig --human 0 --json",
            "pig --human x",
            "pig --view nobody",
        ] {
            let err = play_args(line).unwrap_err();
            assert_eq!(err.exit_code(), 2, "{line}: {err}");
        }
    }

    #[test]
    fn replay_options_parse() {
        let r = replay_args("game.json --json --view 2").unwrap();
        assert_eq!(r.file, PathBuf::from("game.json"));
        assert!(r.json);
        assert_eq!(r.view, Some(Viewer::Seat(2)));
        assert_eq!(replay_args("-").unwrap().view, None);
        for line in ["--json", "f --view x", "f --what", "f g"] {
            assert_eq!(replay_args(line).unwrap_err().exit_code(), 2, "{line}");
        }
    }
}
