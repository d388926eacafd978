//! The `ladder` tool's command line and entry point.

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;

use crate::args::Switches;
use crate::cli::{EXIT_USAGE, Io};
use crate::games::{GameName, GameTask};
use crate::ladder::{Ladder, LadderOptions};
use crate::ladder_report::{ladder_svg, ladder_text};
use crate::playable::{GameOptions, PlayableGame};

/// Rates a game's bots: a round robin among them, seats rotating and
/// seeds fixed, rated by Bradley–Terry on the Elo scale with 95 %
/// intervals (a bootstrap over the games).
#[derive(Debug, Clone, PartialEq, Eq, Parser)]
#[command(
    name = "ladder",
    after_help = "An entrant is a bot (`greedy`), a bot with its search's iterations (`mcts@200`), or a level (`level:strong`). Every set of --players entrants plays --games games, the seats rotating from game to game; each round of rotations shares one seed (round r: SEED + r). The first entrant is rated 0. The same command prints the same table for any --threads."
)]
pub struct LadderArgs {
    /// The game.
    #[arg(value_enum)]
    pub game: GameName,
    /// Table size [default: the game's].
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
    /// The entrants, comma-separated [default: every bot at its defaults].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub entrants: Vec<String>,
    /// Games per table (a multiple of the table size rotates evenly).
    #[arg(long, value_name = "N", default_value_t = 20)]
    pub games: u64,
    /// The first round's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Bootstrap samples for the intervals.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub samples: usize,
    /// Spread the games over N threads (the same results as one).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
    /// Write the ratings as JSON here.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the chart as SVG here.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// A game longer than N steps is an error.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_steps: usize,
    /// Options of the game, the same at every table.
    #[command(flatten)]
    pub switches: Switches,
}

/// The ladder of the game named on the command line.
struct LadderTask<'a>(&'a LadderOptions);

impl GameTask for LadderTask<'_> {
    type Output = Result<Ladder, String>;

    fn run<G: PlayableGame>(self) -> Self::Output {
        let mut options = self.0.clone();
        if options.entrants.is_empty() {
            options.entrants = G::bots().iter().map(|&b| b.to_owned()).collect();
        }
        crate::ladder::run::<G>(&options)
    }
}

/// `ladder` on `args` (the program name first): the table to the output,
/// the time taken to the errors; returns the exit status.
pub fn ladder(args: impl IntoIterator<Item = impl Into<OsString>>, io: &mut Io<'_>) -> u8 {
    let args = match LadderArgs::try_parse_from(args.into_iter().map(Into::into)) {
        Ok(args) => args,
        Err(e) => {
            let to = if e.use_stderr() {
                &mut *io.errors
            } else {
                &mut *io.output
            };
            let _ = write!(to, "{}", e.render());
            return u8::try_from(e.exit_code()).unwrap_or(EXIT_USAGE);
        }
    };
    let options = LadderOptions {
        game: GameOptions {
            players: args.players,
            switches: args.switches.0.clone(),
            ..GameOptions::default()
        },
        entrants: args.entrants.clone(),
        games: args.games.max(1),
        seed: args.seed,
        samples: args.samples,
        threads: args.threads.max(1),
        max_steps: args.max_steps,
    };
    let start = Instant::now();
    let written = args
        .game
        .run(LadderTask(&options))
        .and_then(|ladder| write_out(&args, &ladder).map(|()| ladder));
    match written {
        Ok(ladder) => {
            let _ = write!(io.output, "{}", ladder_text(&ladder));
            let _ = writeln!(
                io.errors,
                "ladder: took {:.1} s",
                start.elapsed().as_secs_f64()
            );
            0
        }
        Err(e) => {
            let _ = writeln!(io.errors, "ladder: {e}");
            EXIT_USAGE
        }
    }
}

/// Writes the JSON and the chart where the options say.
fn write_out(args: &LadderArgs, ladder: &Ladder) -> Result<(), String> {
    let write = |path: &PathBuf, text: String| {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(ladder).map_err(|e| e.to_string())?;
        write(path, json + "\n")?;
    }
    if let Some(path) = &args.svg {
        write(path, ladder_svg(ladder))?;
    }
    Ok(())
}
