//! Many games between bots, silently, over several threads, with a
//! progress bar.

use dice_core::Match;
use indicatif::{ProgressBar, ProgressStyle};

use crate::bot_turn::{Progress, play_bots};
use crate::options::PlayOptions;
use crate::playable::PlayableGame;
use crate::resume::fresh;
use crate::seating::{game_seed, make_bots, seat_bots};
use crate::summary::GameSummary;

/// Plays game `index` between bots, silently, to its end.
///
/// # Errors
/// Bad options, a bot that fails or a game that does not end within
/// `options.max_steps` steps.
pub fn play_one<G: PlayableGame>(
    options: &PlayOptions,
    index: u64,
) -> Result<(GameSummary, Match<G>), String> {
    let config = G::config_from(&options.game)?;
    let m = fresh::<G>(&config, game_seed(options.seed, index))?;
    let (players, progress, m) = play_bots_from(options, index, m)?;
    let (Progress::Over, Some(result)) = (progress, m.state().result()) else {
        return Err(format!(
            "the game did not end within {} steps",
            options.max_steps
        ));
    };
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

/// Plays `m`, game `index`, on between the bots the options seat, for at
/// most `options.max_steps` steps; gives the bots' names, how far the game
/// went, and the match.
///
/// # Errors
/// Bad bot names, or a bot that fails.
pub fn play_bots_from<G: PlayableGame>(
    options: &PlayOptions,
    index: u64,
    mut m: Match<G>,
) -> Result<(Vec<String>, Progress, Match<G>), String> {
    let names = seat_bots::<G>(options, m.state().players(), index);
    let (players, mut bots) = make_bots::<G>(&names, &options.game)?;
    let progress = play_bots(&mut m, &mut bots, options.max_steps)?;
    Ok((players, progress, m))
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

#[cfg(test)]
mod tests {
    use super::*;
    use dice_core::pig::Pig;

    use crate::options::tests::options;

    #[test]
    fn threads_give_the_same_games_as_one_thread() {
        let (one, last_one) = play_many::<Pig>(&options(50, 1), false).unwrap();
        let (three, last_three) = play_many::<Pig>(&options(50, 3), false).unwrap();
        assert_eq!(one, three);
        assert_eq!(last_one, last_three);
        assert_eq!(one.len(), 50);
    }
}
