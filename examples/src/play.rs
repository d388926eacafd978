//! The `play` tool: one game logged turn by turn, or many games summarised.

use std::fmt::Write as _;
use std::io::Write as _;
use std::time::Instant;

use dice_core::{Agent, DiceRng, GameResult, Match, ToMove};

use crate::title::{GameOptions, Title};

/// Everything `play` was asked to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayOptions {
    /// Game options.
    pub game: GameOptions,
    /// The first game's seed; game `i` uses `seed + i`.
    pub seed: u64,
    /// One bot name per seat (the last repeats to fill the table).
    pub bots: Vec<String>,
    /// How many games.
    pub games: u64,
    /// Worker threads for many games.
    pub threads: usize,
    /// Rotate the bots around the table from game to game.
    pub rotate: bool,
    /// Where to write the last game's record.
    pub record: Option<String>,
    /// Print JSON instead of text.
    pub json: bool,
    /// A game longer than this many steps is abandoned as an error.
    pub max_steps: usize,
}

/// How one game ended.
#[derive(Debug, Clone, PartialEq)]
pub struct GameSummary {
    /// The bot name at each seat.
    pub bots: Vec<String>,
    /// The result.
    pub result: GameResult,
    /// Decisions plus chance events.
    pub steps: usize,
}

/// The seeds of game `index`: the match's chance and the bots' own
/// generator (a separate stream, so bots never change the dice).
fn seeds(seed: u64, index: u64) -> (u64, DiceRng) {
    let s = seed.wrapping_add(index);
    let mut bot_rng = DiceRng::from_seed_u64(s);
    bot_rng.set_stream(1);
    (s, bot_rng)
}

/// The bot at each seat of game `index`: as listed (the last name repeats),
/// the game's default bot when none is listed, rotated if asked.
fn seat_bots<T: Title>(options: &PlayOptions, players: usize, index: u64) -> Vec<String> {
    let named = |seat: usize| {
        options
            .bots
            .get(seat)
            .or(options.bots.last())
            .cloned()
            .unwrap_or_else(|| T::BOTS.first().copied().unwrap_or("random").to_string())
    };
    let shift = if options.rotate {
        usize::try_from(index % players.max(1) as u64).unwrap_or(0)
    } else {
        0
    };
    (0..players)
        .map(|seat| named((seat + players - shift) % players.max(1)))
        .collect()
}

fn make_bots<T: Title>(
    names: &[String],
    options: &GameOptions,
) -> Result<Vec<Box<dyn Agent<T>>>, String> {
    names
        .iter()
        .map(|name| {
            T::bot(name, options).ok_or_else(|| {
                format!(
                    "unknown bot {name:?}; this game has: {}",
                    T::BOTS.join(", ")
                )
            })
        })
        .collect()
}

/// Plays game `index` silently.
///
/// # Errors
/// A bot that fails or a game that does not end.
pub fn play_one<T: Title>(
    options: &PlayOptions,
    index: u64,
) -> Result<(GameSummary, Match<T>), String> {
    let config = T::config_from(&options.game)?;
    let (seed, mut bot_rng) = seeds(options.seed, index);
    let mut m = Match::<T>::new(&config, seed).map_err(|e| e.to_string())?;
    let names = seat_bots::<T>(options, m.state().players(), index);
    let mut bots = make_bots::<T>(&names, &options.game)?;
    let mut agents: Vec<&mut dyn Agent<T>> = bots
        .iter_mut()
        .map(|b| &mut **b as &mut dyn Agent<T>)
        .collect();
    dice_core::play_out(&mut m, &mut agents, &mut bot_rng, options.max_steps)
        .map_err(|e| e.to_string())?;
    let result = m.state().result().ok_or("the game did not end")?;
    Ok((
        GameSummary {
            bots: names,
            result,
            steps: m.log().len(),
        },
        m,
    ))
}

/// Plays game 0 and returns its log in words.
///
/// # Errors
/// A bot that fails or a game that does not end.
pub fn play_logged<T: Title>(
    options: &PlayOptions,
) -> Result<(String, GameSummary, Match<T>), String> {
    let config = T::config_from(&options.game)?;
    let (seed, mut bot_rng) = seeds(options.seed, 0);
    let mut m = Match::<T>::new(&config, seed).map_err(|e| e.to_string())?;
    let names = seat_bots::<T>(options, m.state().players(), 0);
    let mut bots = make_bots::<T>(&names, &options.game)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} for {} players, seed {}",
        T::NAME,
        m.state().players(),
        options.seed
    );
    for (seat, name) in names.iter().enumerate() {
        let _ = writeln!(out, "  seat {seat}: {name}");
    }
    let _ = writeln!(out);
    let mut legal = Vec::new();
    for _ in 0..options.max_steps {
        let before = m.state().clone();
        match before.to_move() {
            ToMove::Over => break,
            ToMove::Chance => {
                let outcome = m
                    .resolve_chance()
                    .ok_or("a chance event could not be resolved")?;
                let _ = writeln!(out, "{}", T::describe_chance(&before, &outcome));
            }
            ToMove::Player(seat) => {
                before.legal_actions(&mut legal);
                let view = before.view(dice_core::Viewer::Seat(seat));
                let bot = bots.get_mut(seat).ok_or("no bot for a seat")?;
                let action = bot
                    .choose(seat, &view, &legal, &mut bot_rng)
                    .ok_or_else(|| format!("bot at seat {seat} returned no action"))?;
                m.play(action)
                    .map_err(|e| format!("bot at seat {seat}: {e}"))?;
                let line = T::describe_action(&before, seat, &action);
                if !line.is_empty() {
                    let _ = writeln!(out, "{line}");
                }
            }
        }
        if let Some(text) = T::after_step(&before, m.state()) {
            let _ = writeln!(out, "{}", text.trim_end());
        }
    }
    let result = m
        .state()
        .result()
        .ok_or("the game did not end within the step limit")?;
    let _ = writeln!(out, "{}", T::describe_result(m.state()));
    let summary = GameSummary {
        bots: names,
        result,
        steps: m.log().len(),
    };
    Ok((out, summary, m))
}

/// A finished game: its index, summary, and the match if it was the last.
type Finished<T> = (u64, GameSummary, Option<Match<T>>);

/// Plays `options.games` games over `options.threads` threads; the
/// summaries come back in game order, identical for any thread count.
///
/// # Errors
/// The first game that fails, by index.
pub fn play_many<T: Title>(
    options: &PlayOptions,
) -> Result<(Vec<GameSummary>, Option<Match<T>>), String> {
    let games = options.games;
    let threads = options.threads.max(1);
    let done = std::sync::atomic::AtomicU64::new(0);
    let results: Vec<Result<Finished<T>, String>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let done = &done;
                scope.spawn(move || {
                    let mut mine = Vec::new();
                    let mut index = t as u64;
                    while index < games {
                        let r = play_one::<T>(options, index)
                            .map(|(s, m)| (index, s, (index + 1 == games).then_some(m)))
                            .map_err(|e| format!("game {index}: {e}"));
                        mine.push(r);
                        let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        if t == 0 && finished * 40 / games != (finished - 1) * 40 / games {
                            progress(finished, games);
                        }
                        index += threads as u64;
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
    progress(games, games);
    eprintln!();
    let mut ok = Vec::with_capacity(results.len());
    for r in results {
        ok.push(r?);
    }
    ok.sort_by_key(|(i, _, _)| *i);
    let last = ok.iter_mut().find_map(|(_, _, m)| m.take());
    Ok((ok.into_iter().map(|(_, s, _)| s).collect(), last))
}

fn progress(done: u64, total: u64) {
    let width = 40u64;
    let filled = (done.min(total) * width)
        .checked_div(total)
        .unwrap_or(width);
    let bar: String = (0..width)
        .map(|i| if i < filled { '#' } else { '.' })
        .collect();
    eprint!("\r[{bar}] {done}/{total}");
    let _ = std::io::stderr().flush();
}

/// Wins (a shared victory counts `1/k` to each of `k` winners), scores and
/// lengths over many games.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Mean steps per game.
    pub mean_steps: f64,
    /// Games per second, wall clock.
    pub games_per_second: f64,
    /// Per seat.
    pub seats: Vec<Line>,
    /// Per bot name.
    pub bots: Vec<Line>,
}

/// One row of a summary table.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Line {
    /// Seat number or bot name.
    pub name: String,
    /// Seat-games played.
    pub games: u64,
    /// Wins, shared ones counted fractionally.
    pub wins: f64,
    /// Mean final score.
    pub mean_score: f64,
}

/// Aggregates game summaries.
#[allow(clippy::cast_precision_loss)]
pub fn summarise(games: &[GameSummary], seconds: f64) -> Summary {
    let mut seats: Vec<Line> = Vec::new();
    let mut bots: Vec<Line> = Vec::new();
    let mut steps = 0usize;
    for g in games {
        steps += g.steps;
        let share = 1.0 / g.result.winners().len().max(1) as f64;
        for (seat, score) in g.result.scores().iter().enumerate() {
            let won = if g.result.is_winner(seat) { share } else { 0.0 };
            let bot = g.bots.get(seat).cloned().unwrap_or_default();
            for (rows, key) in [(&mut seats, seat.to_string()), (&mut bots, bot)] {
                let i = if let Some(i) = rows.iter().position(|r| r.name == key) {
                    i
                } else {
                    rows.push(Line {
                        name: key,
                        games: 0,
                        wins: 0.0,
                        mean_score: 0.0,
                    });
                    rows.len() - 1
                };
                let row = &mut rows[i];
                row.games += 1;
                row.wins += won;
                row.mean_score += f64::from(*score);
            }
        }
    }
    for row in seats.iter_mut().chain(bots.iter_mut()) {
        row.mean_score /= row.games.max(1) as f64;
    }
    let n = games.len() as f64;
    Summary {
        games: games.len() as u64,
        mean_steps: if games.is_empty() {
            0.0
        } else {
            steps as f64 / n
        },
        games_per_second: if seconds > 0.0 { n / seconds } else { 0.0 },
        seats,
        bots,
    }
}

/// The summary as text tables.
#[allow(clippy::cast_precision_loss)]
pub fn summary_text(name: &str, options: &PlayOptions, s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} games of {name}, seeds {}..{}, {} thread(s): {:.1} games/s, mean length {:.1} steps",
        s.games,
        options.seed,
        options.seed.wrapping_add(s.games),
        options.threads.max(1),
        s.games_per_second,
        s.mean_steps
    );
    for (title, rows) in [("seat", &s.seats), ("bot", &s.bots)] {
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "{title:<8} {:>7} {:>8} {:>7} {:>11}",
            "games", "wins", "win %", "mean score"
        );
        for r in rows {
            let pct = if r.games == 0 {
                0.0
            } else {
                100.0 * r.wins / r.games as f64
            };
            let _ = writeln!(
                out,
                "{:<8} {:>7} {:>8.1} {:>6.1}% {:>11.2}",
                r.name, r.games, r.wins, pct, r.mean_score
            );
        }
    }
    out
}

/// Runs `play` for one title; returns the text (or JSON) to print.
///
/// # Errors
/// Bad options or a failed game, in words.
pub fn run<T: Title>(options: &PlayOptions) -> Result<String, String> {
    if options.games <= 1 {
        let (log, summary, m) = play_logged::<T>(options)?;
        write_record(options, &m)?;
        if options.json {
            let json = serde_json::json!({
                "game": T::NAME,
                "seed": options.seed,
                "bots": summary.bots,
                "steps": summary.steps,
                "result": {
                    "scores": summary.result.scores(),
                    "tiebreaks": summary.result.tiebreaks(),
                    "winners": summary.result.winners(),
                },
            });
            return serde_json::to_string_pretty(&json).map_err(|e| e.to_string());
        }
        return Ok(log);
    }
    let start = Instant::now();
    let (games, last) = play_many::<T>(options)?;
    let seconds = start.elapsed().as_secs_f64();
    if let Some(m) = &last {
        write_record(options, m)?;
    }
    let summary = summarise(&games, seconds);
    if options.json {
        serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())
    } else {
        Ok(summary_text(T::NAME, options, &summary))
    }
}

fn write_record<T: Title>(options: &PlayOptions, m: &Match<T>) -> Result<(), String> {
    if let Some(path) = &options.record {
        let json = serde_json::to_string_pretty(&m.record()).map_err(|e| e.to_string())?;
        std::fs::write(path, json + "\n").map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice_core::pig::Pig;

    fn options(games: u64, threads: usize) -> PlayOptions {
        PlayOptions {
            game: GameOptions::default(),
            seed: 11,
            bots: vec!["greedy".into(), "random".into()],
            games,
            threads,
            rotate: true,
            record: None,
            json: false,
            max_steps: 100_000,
        }
    }

    #[test]
    fn threads_give_the_same_games_as_one_thread() {
        let (one, last_one) = play_many::<Pig>(&options(50, 1)).unwrap();
        let (three, last_three) = play_many::<Pig>(&options(50, 3)).unwrap();
        assert_eq!(one, three);
        assert_eq!(last_one, last_three);
        assert_eq!(one.len(), 50);
    }

    #[test]
    fn rotation_moves_each_bot_around_the_table() {
        let (games, _) = play_many::<Pig>(&options(4, 2)).unwrap();
        assert_eq!(games[0].bots, ["greedy", "random"]);
        assert_eq!(games[1].bots, ["random", "greedy"]);
    }

    #[test]
    fn shared_wins_count_fractionally_in_the_summary() {
        let g = GameSummary {
            bots: vec!["a".into(), "b".into()],
            result: GameResult::by_ranking(vec![3, 3], vec![]),
            steps: 10,
        };
        let s = summarise(&[g], 1.0);
        assert!(s.bots.iter().all(|row| (row.wins - 0.5).abs() < 1e-9));
        assert!((s.mean_steps - 10.0).abs() < 1e-9);
    }

    #[test]
    fn the_logged_game_is_game_zero_of_many() {
        let (_, logged, m) = play_logged::<Pig>(&options(1, 1)).unwrap();
        let (many, _) = play_many::<Pig>(&options(1, 1)).unwrap();
        assert_eq!(many[0], logged);
        assert_eq!(dice_core::replay(&m.record()).unwrap().state(), m.state());
    }
}
