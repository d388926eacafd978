//! The `play` tool: one game told turn by turn, with bots and people at
//! the seats, or many games between bots summarised.

use std::io::BufRead;
use std::path::PathBuf;
use std::time::Instant;

use dice_core::seat::TurnOrder;
use dice_core::{Agent, DiceRng, Entry, Game, Match, Seat, ToMove, Viewer};
use indicatif::{ProgressBar, ProgressStyle};

use crate::human;
use crate::narrate::Viewpoint;
use crate::output::Output;
use crate::playable::{GameOptions, PlayableGame, bot, bot_names};
use crate::summary::{GameSummary, summarise, summary_text};

/// Everything `play` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayOptions {
    /// Game options.
    pub game: GameOptions,
    /// The first game's seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// One bot name per seat (the last repeats to fill the table).
    pub bots: Vec<String>,
    /// The seats people play, at the terminal.
    pub humans: Vec<Seat>,
    /// How many games.
    pub games: u64,
    /// Worker threads for many games.
    pub threads: usize,
    /// Rotate the bots around the table from game to game.
    pub rotate: bool,
    /// Where to write the (last) game's private record.
    pub record: Option<PathBuf>,
    /// Print JSON instead of text.
    pub json: bool,
    /// A game longer than this many steps is abandoned as an error.
    pub max_steps: usize,
    /// From whose eyes one game is told.
    pub viewpoint: Viewpoint,
}

impl Default for PlayOptions {
    /// One game between the game's default bots, seed 1, told as a
    /// spectator sees it.
    fn default() -> Self {
        PlayOptions {
            game: GameOptions::default(),
            seed: 1,
            bots: Vec::new(),
            humans: Vec::new(),
            games: 1,
            threads: 1,
            rotate: false,
            record: None,
            json: false,
            max_steps: 1_000_000,
            viewpoint: Viewpoint::Of(Viewer::Spectator),
        }
    }
}

/// How `play` ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every game was played to its end.
    Finished,
    /// A person's input ended before the game did.
    InputEnded,
}

/// Who plays a seat of a told game.
enum Seated<G: Game> {
    Bot(Box<dyn Agent<G>>),
    Human,
}

/// The seed of game `index` and the bots' own generator (a separate
/// stream, so bots never change the dice).
fn seeds(seed: u64, index: u64) -> (u64, DiceRng) {
    let s = seed.wrapping_add(index);
    let mut bot_rng = DiceRng::from_seed_u64(s);
    bot_rng.set_stream(1);
    (s, bot_rng)
}

/// The bot name at each seat of game `index`: as listed (the last name
/// repeats), the game's first bot when none is listed, rotated if asked.
fn seat_bots<G: PlayableGame>(options: &PlayOptions, players: usize, index: u64) -> Vec<String> {
    let named = |seat: usize| {
        options
            .bots
            .get(seat)
            .or(options.bots.last())
            .cloned()
            .unwrap_or_else(|| G::BOTS.first().copied().unwrap_or("random").to_string())
    };
    let Some(order) = TurnOrder::new(players) else {
        return Vec::new();
    };
    // Game `index` moves every listed bot `index` seats to the left.
    let shift = if options.rotate {
        u64::try_from(players)
            .ok()
            .and_then(|table| index.checked_rem(table))
            .and_then(|s| usize::try_from(s).ok())
            .unwrap_or(0)
    } else {
        0
    };
    order
        .seats()
        .map(|seat| named(order.left_of(seat, order.distance(shift, 0))))
        .collect()
}

/// One bot per seat.
type Bots<G> = Vec<Box<dyn Agent<G>>>;

/// The bots named at each seat, under their names as the tables show them.
fn make_bots<G: PlayableGame>(
    names: &[String],
    options: &GameOptions,
) -> Result<(Vec<String>, Bots<G>), String> {
    names
        .iter()
        .map(|name| {
            bot::<G>(name, options)
                .map(|(canonical, agent)| (canonical.to_string(), agent))
                .ok_or_else(|| {
                    format!(
                        "unknown bot {name:?}; {} has: {}",
                        G::NAME,
                        bot_names::<G>()
                    )
                })
        })
        .collect::<Result<Vec<_>, _>>()
        .map(|bots| bots.into_iter().unzip())
}

/// Plays game `index` between bots, silently.
///
/// # Errors
/// Bad options, a bot that fails or a game that does not end.
pub fn play_one<G: PlayableGame>(
    options: &PlayOptions,
    index: u64,
) -> Result<(GameSummary, Match<G>), String> {
    let config = G::config_from(&options.game)?;
    let (seed, mut bot_rng) = seeds(options.seed, index);
    let mut m = Match::<G>::new(&config, seed).map_err(|e| e.to_string())?;
    let names = seat_bots::<G>(options, m.state().players(), index);
    let (players, mut bots) = make_bots::<G>(&names, &options.game)?;
    let mut agents: Vec<&mut dyn Agent<G>> = bots
        .iter_mut()
        .map(|b| &mut **b as &mut dyn Agent<G>)
        .collect();
    dice_core::play_out(&mut m, &mut agents, &mut bot_rng, options.max_steps)
        .map_err(|e| e.to_string())?;
    let result = m.state().result().ok_or("the game did not end")?;
    let steps = m.log().len();
    Ok((
        GameSummary {
            players,
            result,
            steps,
        },
        m,
    ))
}

/// Plays game 0 with people at `options.humans` and bots elsewhere,
/// telling it to `out` as it goes from `options.viewpoint`, each person's
/// answers read from `input`.
///
/// # Errors
/// Bad options, a bot that fails, a game that does not end, or input that
/// cannot be read.
pub fn play_told<G: PlayableGame>(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut Output<'_>,
) -> Result<(Ending, Match<G>), String> {
    let config = G::config_from(&options.game)?;
    let (seed, mut bot_rng) = seeds(options.seed, 0);
    let mut m = Match::<G>::new(&config, seed).map_err(|e| e.to_string())?;
    let players = m.state().players();
    let last = players.saturating_sub(1);
    if let Some(seat) = options.humans.iter().find(|&&s| s >= players) {
        return Err(format!("--human {seat}: the table has seats 0 to {last}"));
    }
    if let Viewpoint::Of(Viewer::Seat(seat)) = options.viewpoint {
        if seat >= players {
            return Err(format!("--view {seat}: the table has seats 0 to {last}"));
        }
    }
    let (mut names, bots) = make_bots::<G>(&seat_bots::<G>(options, players, 0), &options.game)?;
    let mut seated: Vec<Seated<G>> = bots.into_iter().map(Seated::Bot).collect();
    for &seat in &options.humans {
        if let (Some(name), Some(slot)) = (names.get_mut(seat), seated.get_mut(seat)) {
            "human".clone_into(name);
            *slot = Seated::Human;
        }
    }
    out.line(&format!(
        "{} for {players} players, seed {}",
        G::NAME,
        options.seed
    ));
    for (seat, name) in names.iter().enumerate() {
        out.line(&format!("  seat {seat}: {name}"));
    }
    out.line(&format!("told as {} sees it", options.viewpoint));
    out.line("");
    let mut legal = Vec::new();
    for _ in 0..options.max_steps {
        let before = m.state().clone();
        match before.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                m.resolve_chance()
                    .ok_or("a chance event could not be resolved")?;
            }
            ToMove::Player(seat) => {
                before.legal_actions(&mut legal);
                let action = match seated.get_mut(seat).ok_or("no player at a seat")? {
                    Seated::Bot(bot) => bot
                        .choose(seat, &before.view(Viewer::Seat(seat)), &legal, &mut bot_rng)
                        .ok_or_else(|| format!("the bot at seat {seat} has no action"))?,
                    Seated::Human => {
                        let answer = human::ask(&before, seat, &legal, input, out)
                            .map_err(|e| format!("cannot read the answer: {e}"))?;
                        let Some(action) = answer else {
                            out.line("the input ended before the game did");
                            return Ok((Ending::InputEnded, m));
                        };
                        action
                    }
                };
                m.play(action).map_err(|e| format!("seat {seat}: {e}"))?;
            }
        }
        let entry: &Entry<G> = m.log().last().ok_or("a step left no entry")?;
        out.line(&options.viewpoint.narrate(&before, entry, m.state()));
    }
    if m.state().result().is_none() {
        return Err(format!(
            "the game did not end within {} steps",
            options.max_steps
        ));
    }
    out.line(G::describe_result(m.state()).trim_end());
    Ok((Ending::Finished, m))
}

/// A finished game: its index, summary, and the match if it was the last.
type Finished<G> = (u64, GameSummary, Option<Match<G>>);

/// Plays `options.games` games between bots over `options.threads`
/// threads; the summaries come back in game order, the same for any thread
/// count. With `progress`, a bar on standard error shows the games done,
/// the rate and the time left.
///
/// # Errors
/// The first game that fails, by index.
pub fn play_many<G: PlayableGame>(
    options: &PlayOptions,
    progress: bool,
) -> Result<(Vec<GameSummary>, Option<Match<G>>), String> {
    let games = options.games;
    let threads = options.threads.max(1);
    let bar = progress_bar(games, progress);
    let results: Vec<Result<Finished<G>, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                let bar = bar.clone();
                scope.spawn(move || {
                    let stride = u64::try_from(threads).unwrap_or(1);
                    let mut mine = Vec::new();
                    let mut index = u64::try_from(first).unwrap_or(u64::MAX);
                    while index < games {
                        let last = index.saturating_add(1) == games;
                        mine.push(
                            play_one::<G>(options, index)
                                .map(|(s, m)| (index, s, last.then_some(m)))
                                .map_err(|e| format!("game {index}: {e}")),
                        );
                        bar.inc(1);
                        index = index.saturating_add(stride);
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| {
                w.join()
                    .unwrap_or_else(|_| vec![Err("a worker thread panicked".to_string())])
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut done = results.into_iter().collect::<Result<Vec<_>, _>>()?;
    done.sort_by_key(|(index, _, _)| *index);
    let last = done.iter_mut().find_map(|(_, _, m)| m.take());
    Ok((done.into_iter().map(|(_, s, _)| s).collect(), last))
}

/// A bar of `games` on standard error with the rate and the time left,
/// hidden unless `show`.
fn progress_bar(games: u64, show: bool) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let style =
        ProgressStyle::with_template("{wide_bar} {pos}/{len} games, {per_sec:1}, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    ProgressBar::new(games).with_style(style)
}

/// Runs `play` for one game: one game told to `out` (or its result as
/// JSON), or many summarised. `progress` allows a progress bar on standard
/// error for many games.
///
/// # Errors
/// Bad options or a failed game, in words.
pub fn run<G: PlayableGame>(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut Output<'_>,
    progress: bool,
) -> Result<Ending, String> {
    if options.games <= 1 && !options.json {
        let (ending, m) = play_told::<G>(options, input, out)?;
        write_record(options, &m)?;
        return Ok(ending);
    }
    if options.games <= 1 {
        let (summary, m) = play_one::<G>(options, 0)?;
        write_record(options, &m)?;
        let json = serde_json::json!({
            "game": G::NAME,
            "seed": options.seed,
            "bots": summary.players,
            "steps": summary.steps,
            "result": {
                "scores": summary.result.scores(),
                "tiebreaks": summary.result.tiebreaks(),
                "winners": summary.result.winners(),
            },
        });
        out.line(&serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?);
        return Ok(Ending::Finished);
    }
    let start = Instant::now();
    let (games, last) = play_many::<G>(options, progress)?;
    let seconds = start.elapsed().as_secs_f64();
    if let Some(m) = &last {
        write_record(options, m)?;
    }
    let summary = summarise(&games, seconds);
    let text = if options.json {
        serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?
    } else {
        summary_text(G::NAME, options.seed, options.threads.max(1), &summary)
    };
    out.line(text.trim_end());
    Ok(Ending::Finished)
}

/// Writes the match's private record (seed, generator and every hidden
/// value) where `--record` says.
fn write_record<G: PlayableGame>(options: &PlayOptions, m: &Match<G>) -> Result<(), String> {
    if let Some(path) = &options.record {
        let json = serde_json::to_string_pretty(&m.record()).map_err(|e| e.to_string())?;
        std::fs::write(path, json + "\n")
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice_core::pig::Pig;

    fn options(games: u64, threads: usize) -> PlayOptions {
        PlayOptions {
            seed: 11,
            bots: vec!["greedy".into(), "random".into()],
            games,
            threads,
            rotate: true,
            max_steps: 100_000,
            ..PlayOptions::default()
        }
    }

    #[test]
    fn threads_give_the_same_games_as_one_thread() {
        let (one, last_one) = play_many::<Pig>(&options(50, 1), false).unwrap();
        let (three, last_three) = play_many::<Pig>(&options(50, 3), false).unwrap();
        assert_eq!(one, three);
        assert_eq!(last_one, last_three);
        assert_eq!(one.len(), 50);
    }

    #[test]
    fn rotation_moves_each_bot_around_the_table() {
        let (games, _) = play_many::<Pig>(&options(4, 2), false).unwrap();
        assert_eq!(games[0].players, ["greedy", "random"]);
        assert_eq!(games[1].players, ["random", "greedy"]);
        assert_eq!(games[2].players, ["greedy", "random"]);
        let three = PlayOptions {
            game: GameOptions {
                players: Some(3),
                ..GameOptions::default()
            },
            bots: vec!["greedy".into(), "random".into(), "mcts".into()],
            ..options(1, 1)
        };
        assert_eq!(seat_bots::<Pig>(&three, 3, 1), ["mcts", "greedy", "random"]);
        assert_eq!(seat_bots::<Pig>(&three, 3, 4), ["mcts", "greedy", "random"]);
    }

    #[test]
    fn the_told_game_is_game_zero_of_many() {
        let mut text = Vec::new();
        let (ending, m) = play_told::<Pig>(
            &options(1, 1),
            &mut std::io::empty(),
            &mut Output::new(&mut text),
        )
        .unwrap();
        assert_eq!(ending, Ending::Finished);
        let (many, last) = play_many::<Pig>(&options(1, 1), false).unwrap();
        assert_eq!(last.as_ref(), Some(&m));
        assert_eq!(many[0].steps, m.log().len());
        assert_eq!(dice_core::replay(&m.record()).unwrap(), m);
    }
}
