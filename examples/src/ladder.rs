//! A rated ladder: a round robin among a game's bots at the settings worth
//! rating, seats rotating and seeds fixed, rated by Bradley–Terry on the
//! Elo scale ([`crate::rating`]).

use dice_core::Agent;
use dice_core::listing::Bot;

use crate::bot_turn::{Progress, play_bots};
use crate::playable::{GameOptions, PlayableGame, bot_names};
use crate::rating::{Pairing, Rating, rate};
use crate::resume::fresh;

/// What a ladder is asked to play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LadderOptions {
    /// The table size and switches.
    pub game: GameOptions,
    /// The entrants: `bot`, `bot@iterations` or `level:NAME`.
    pub entrants: Vec<String>,
    /// Games each table plays (each seating of the table in turn).
    pub games: u64,
    /// The first round's seed; round `r` of every table uses `seed + r`.
    pub seed: u64,
    /// Bootstrap samples for the intervals.
    pub samples: usize,
    /// Worker threads (the same results for any count).
    pub threads: usize,
    /// A game this long is an error.
    pub max_steps: usize,
}

/// One entrant: a bot of the game at given settings.
pub struct Entrant<G: PlayableGame> {
    /// How tables and data name it: `greedy`, `mcts@1000`.
    pub label: String,
    bot: &'static Bot<G>,
    iterations: Option<u32>,
}

impl<G: PlayableGame> Entrant<G> {
    /// The entrant `text` names: a bot (or `level:NAME`), with `@N` for
    /// a search's iterations.
    ///
    /// # Errors
    /// A name the game does not know, or iterations that are not a number.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (name, iterations) = match text.split_once('@') {
            Some((name, n)) => {
                let n: u32 = n
                    .parse()
                    .map_err(|_| format!("{text:?}: iterations after @ are a whole number"))?;
                (name, Some(n))
            }
            None => (text, None),
        };
        let (bot, asked) = G::LISTING.seat_bot(name).ok_or_else(|| {
            format!(
                "unknown bot {name:?}; {} has: {}",
                G::NAME,
                bot_names::<G>()
            )
        })?;
        let iterations = iterations
            .or(asked)
            .or(bot.default_iterations())
            .filter(|_| bot.default_iterations().is_some());
        Ok(Entrant {
            label: entrant_label(bot.name(), iterations),
            bot,
            iterations,
        })
    }

    fn make(&self) -> Box<dyn Agent<G>> {
        self.bot.make(self.iterations)
    }
}

/// How a ladder names a bot at its settings: `greedy`, `mcts@1000`.
pub fn entrant_label(bot: &str, iterations: Option<u32>) -> String {
    match iterations {
        Some(n) => format!("{bot}@{n}"),
        None => bot.to_owned(),
    }
}

/// What a ladder measured.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Ladder {
    /// The game.
    pub game: String,
    /// Seats at each table.
    pub players: usize,
    /// The game's switches every table played with (`no-teams`, ...).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub switches: Vec<String>,
    /// Games each table played.
    pub games_per_table: u64,
    /// Tables played.
    pub tables: usize,
    /// The first round's seed.
    pub seed: u64,
    /// Bootstrap samples of the intervals.
    pub samples: usize,
    /// The entrants, strongest first.
    pub entrants: Vec<Rated>,
}

/// One entrant's rating.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Rated {
    /// Its label.
    pub label: String,
    /// Its rating in Elo, the first entrant at 0.
    pub elo: f64,
    /// The 95 % interval's low end.
    pub low: f64,
    /// The 95 % interval's high end.
    pub high: f64,
    /// Games it played.
    pub games: u64,
    /// Its victories, a shared one counted as its share.
    pub wins: f64,
}

/// Every table of the round robin: each set of `players` entrants, in
/// order.
pub fn tables(entrants: usize, players: usize) -> Vec<Vec<usize>> {
    fn extend(
        from: usize,
        entrants: usize,
        left: usize,
        table: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            out.push(table.clone());
            return;
        }
        for next in from..entrants {
            table.push(next);
            extend(
                next.saturating_add(1),
                entrants,
                left.saturating_sub(1),
                table,
                out,
            );
            table.pop();
        }
    }
    let mut out = Vec::new();
    extend(0, entrants, players, &mut Vec::new(), &mut out);
    out
}

/// Who sits where in game `k` of `table`: seat `s` holds the table's
/// entrant `(s + k) mod players`, so the seatings rotate and every
/// `players` games (a round) share one seed.
pub fn seating(table: &[usize], k: u64) -> Vec<usize> {
    let players = table.len();
    let shift = u64::try_from(players)
        .ok()
        .and_then(|p| k.checked_rem(p))
        .and_then(|s| usize::try_from(s).ok())
        .unwrap_or(0);
    (0..players)
        .filter_map(|s| {
            let at = s.checked_add(shift)?.checked_rem(players)?;
            table.get(at).copied()
        })
        .collect()
}

/// One game's outcome: each winner against each other seat's entrant (a
/// victory shared by two is half a point each; two seats that both lost
/// tell nothing of each other).
fn pairings(seated: &[usize], winners: &[usize]) -> Vec<Pairing> {
    let mut out = Vec::new();
    for (a, &ea) in seated.iter().enumerate() {
        for (b, &eb) in seated.iter().enumerate() {
            match (winners.contains(&a), winners.contains(&b)) {
                (true, false) => out.push(Pairing {
                    winner: ea,
                    other: eb,
                    points: 1.0,
                }),
                (true, true) if a != b => out.push(Pairing {
                    winner: ea,
                    other: eb,
                    points: 0.5,
                }),
                _ => {}
            }
        }
    }
    out
}

/// One finished game: who sat where and who won.
type Played = (Vec<usize>, Vec<usize>);

/// Plays game `k` of `table`.
fn play_game<G: PlayableGame>(
    options: &LadderOptions,
    entrants: &[Entrant<G>],
    table: &[usize],
    k: u64,
) -> Result<Played, String> {
    let config = G::config_from(&options.game)?;
    let players = u64::try_from(table.len()).unwrap_or(1).max(1);
    let round = k.checked_div(players).unwrap_or(0);
    let mut m = fresh::<G>(&config, options.seed.wrapping_add(round))?;
    let seated = seating(table, k);
    let mut bots: Vec<Box<dyn Agent<G>>> = seated
        .iter()
        .filter_map(|&e| entrants.get(e).map(Entrant::make))
        .collect();
    let progress = play_bots(&mut m, &mut bots, options.max_steps)?;
    match (progress, m.state().result()) {
        (Progress::Over, Some(result)) => Ok((seated, result.winners().to_vec())),
        _ => Err(format!(
            "the game did not end within {} steps",
            options.max_steps
        )),
    }
}

/// Plays the round robin and rates it.
///
/// # Errors
/// Unknown entrants, fewer entrants than seats, bad options, or a game
/// that fails.
pub fn run<G: PlayableGame>(options: &LadderOptions) -> Result<Ladder, String> {
    let entrants = options
        .entrants
        .iter()
        .map(|e| Entrant::<G>::parse(e.trim()))
        .collect::<Result<Vec<_>, _>>()?;
    if let Some(twice) = entrants
        .iter()
        .enumerate()
        .find(|(i, e)| entrants.iter().take(*i).any(|f| f.label == e.label))
    {
        return Err(format!("{} is entered twice", twice.1.label));
    }
    let players = G::config_from(&options.game)
        .and_then(|c| fresh::<G>(&c, 0))?
        .state()
        .players();
    if entrants.len() < players {
        return Err(format!(
            "a table of {players} needs at least {players} entrants"
        ));
    }
    let tables = tables(entrants.len(), players);
    let jobs: Vec<(&[usize], u64)> = tables
        .iter()
        .flat_map(|t| (0..options.games).map(move |k| (t.as_slice(), k)))
        .collect();
    let played = play_all(options, &entrants, &jobs)?;
    let games: Vec<Vec<Pairing>> = played.iter().map(|(s, w)| pairings(s, w)).collect();
    let ratings = rate(entrants.len(), &games, options.samples, options.seed);
    let mut rated: Vec<Rated> = entrants
        .iter()
        .zip(ratings)
        .enumerate()
        .map(|(i, (entrant, rating))| rated_row(i, &entrant.label, rating, &played))
        .collect();
    rated.sort_by(|a, b| b.elo.total_cmp(&a.elo));
    Ok(Ladder {
        game: G::NAME.to_owned(),
        players,
        switches: options.game.switches.clone(),
        games_per_table: options.games,
        tables: tables.len(),
        seed: options.seed,
        samples: options.samples,
        entrants: rated,
    })
}

#[allow(
    clippy::cast_precision_loss,
    reason = "counts of winners are far below 2^52"
)]
fn rated_row(entrant: usize, label: &str, rating: Rating, played: &[Played]) -> Rated {
    let mut games = 0u64;
    let mut wins = 0.0;
    for (seated, winners) in played {
        for (seat, _) in seated.iter().enumerate().filter(|&(_, &e)| e == entrant) {
            games = games.saturating_add(1);
            if winners.contains(&seat) {
                wins += 1.0 / winners.len().max(1) as f64;
            }
        }
    }
    Rated {
        label: label.to_owned(),
        elo: rating.elo,
        low: rating.low,
        high: rating.high,
        games,
        wins,
    }
}

/// Plays every job over the options' threads; the results in job order.
fn play_all<G: PlayableGame>(
    options: &LadderOptions,
    entrants: &[Entrant<G>],
    jobs: &[(&[usize], u64)],
) -> Result<Vec<Played>, String> {
    let threads = options.threads.max(1);
    let results: Vec<(usize, Result<Played, String>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|first| {
                scope.spawn(move || {
                    jobs.iter()
                        .enumerate()
                        .skip(first)
                        .step_by(threads)
                        .map(|(i, &(table, k))| (i, play_game(options, entrants, table, k)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| {
                w.join()
                    .unwrap_or_else(|_| vec![(0, Err("a worker thread panicked".to_owned()))])
            })
            .collect()
    });
    let mut results = results;
    results.sort_by_key(|(i, _)| *i);
    results
        .into_iter()
        .map(|(i, r)| r.map_err(|e| format!("game {i}: {e}")))
        .collect()
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the values compared are exact: whole and half points, a rating pinned at 0"
)]
mod tests {
    use super::*;

    #[test]
    fn the_round_robin_seats_every_set_of_entrants_in_every_rotation() {
        assert_eq!(tables(3, 2), [vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(tables(4, 3).len(), 4);
        assert_eq!(seating(&[2, 5], 0), [2, 5]);
        assert_eq!(seating(&[2, 5], 1), [5, 2]);
        assert_eq!(seating(&[1, 2, 3], 2), [3, 1, 2]);
    }

    #[test]
    fn a_winner_scores_against_every_loser_and_a_shared_win_is_halved() {
        let p = pairings(&[4, 7, 9], &[1]);
        assert_eq!(p.len(), 2);
        assert!(p.iter().all(|p| p.winner == 7 && p.points == 1.0));
        let shared = pairings(&[4, 7], &[0, 1]);
        assert_eq!(shared.len(), 2);
        assert!(shared.iter().all(|p| p.points == 0.5));
    }
}
