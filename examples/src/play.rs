//! The `play` tool: one game told turn by turn, with bots and people at
//! the seats, or many games between bots summarised.

use std::io::BufRead;
use std::time::Instant;

use dice_core::{Agent, Entry, Game, Match, ToMove, Viewer};

use crate::batch::{play_bots_from, play_many};
use crate::bot_turn::{Progress, bot_decides};
use crate::human;
use crate::narrate::Viewpoint;
use crate::options::PlayOptions;
use crate::output::Output;
use crate::playable::PlayableGame;
use crate::resume::{fresh, resume};
use crate::seating::{game_seed, make_bots, seat_bots};
use crate::summary::{summarise, summary_text};

/// How `play` ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every game was played to its end.
    Finished,
    /// A person's input ended before the game did.
    InputEnded,
    /// The one game was stopped after `--max-steps` steps.
    Stopped,
}

/// Who plays a seat of a told game.
enum Seated<G: Game> {
    Bot(Box<dyn Agent<G>>),
    Human,
}

/// The match `play` starts from: the record `--resume` names, or a new
/// game with game 0's seed.
///
/// # Errors
/// Bad options, or a record that cannot be resumed.
pub fn start<G: PlayableGame>(
    options: &PlayOptions,
    input: &mut dyn BufRead,
) -> Result<Match<G>, String> {
    match &options.resume {
        Some(path) => resume::<G>(path, input),
        None => fresh::<G>(&G::config_from(&options.game)?, game_seed(options.seed, 0)),
    }
}

/// Plays game 0 (or the game `--resume` names) with people at
/// `options.humans` and bots elsewhere, telling it to `out` as it goes
/// from `options.viewpoint`, each person's answers read from `input`; the
/// game stops after `options.max_steps` steps.
///
/// # Errors
/// Bad options, a bot that fails, or input that cannot be read.
pub fn play_told<G: PlayableGame>(
    options: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut Output<'_>,
) -> Result<(Ending, Match<G>), String> {
    let mut m = start::<G>(options, input)?;
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
    let seed = m
        .seed()
        .map_or_else(|| "no seed".to_string(), |s| format!("seed {s}"));
    out.line(&format!("{} for {players} players, {seed}", G::NAME));
    if let Some(path) = &options.resume {
        out.line(&format!(
            "resumed from {} after {} steps",
            path.display(),
            m.log().len()
        ));
    }
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
            ToMove::Player(seat) => match seated.get_mut(seat).ok_or("no player at a seat")? {
                Seated::Bot(bot) => bot_decides(&mut m, seat, &mut **bot, &mut legal)?,
                Seated::Human => {
                    before.legal_actions(&mut legal);
                    let answer = human::ask(&before, seat, &legal, input, out)
                        .map_err(|e| format!("cannot read the answer: {e}"))?;
                    let Some(action) = answer else {
                        out.line("the input ended before the game did");
                        return Ok((Ending::InputEnded, m));
                    };
                    m.play_as(seat, action)
                        .map_err(|e| format!("seat {seat}: {e}"))?;
                }
            },
        }
        let entry: &Entry<G> = m.log().last().ok_or("a step left no entry")?;
        out.line(&options.viewpoint.narrate(&before, entry, m.state()));
    }
    if m.state().result().is_none() {
        out.line(&format!(
            "the game was stopped after {} steps",
            options.max_steps
        ));
        return Ok((Ending::Stopped, m));
    }
    out.line(G::describe_result(m.state()).trim_end());
    Ok((Ending::Finished, m))
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
        let m = start::<G>(options, input)?;
        let (players, progress, m) = play_bots_from(options, 0, m)?;
        write_record(options, &m)?;
        let result = m.state().result();
        let json = serde_json::json!({
            "game": G::NAME,
            "seed": m.seed(),
            "bots": players,
            "status": if progress == Progress::Over { "finished" } else { "stopped" },
            "steps": m.log().len(),
            "result": result.map(|result| serde_json::json!({
                "scores": result.scores(),
                "tiebreaks": result.tiebreaks(),
                "winners": result.winners(),
            })),
        });
        out.line(&serde_json::to_string_pretty(&json).map_err(|e| e.to_string())?);
        return Ok(match progress {
            Progress::Over => Ending::Finished,
            Progress::Stopped => Ending::Stopped,
        });
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
    use crate::batch::play_many;
    use crate::options::tests::options;
    use dice_core::pig::Pig;

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
