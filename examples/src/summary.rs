//! Many games in a few numbers: wins, scores and lengths per seat and per
//! bot.

use std::fmt::Write as _;

use dice_core::GameResult;

/// How one game ended.
#[derive(Debug, Clone, PartialEq)]
pub struct GameSummary {
    /// Who sat at each seat: a bot's name, or `human`.
    pub players: Vec<String>,
    /// The result.
    pub result: GameResult,
    /// Decisions plus chance events.
    pub steps: usize,
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
    pub seats: Vec<Row>,
    /// Per bot name.
    pub bots: Vec<Row>,
}

/// One row of a summary table.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Row {
    /// Seat number or bot name.
    pub name: String,
    /// Seat-games played.
    pub games: u64,
    /// Wins, shared ones counted fractionally.
    pub wins: f64,
    /// Mean final score.
    pub mean_score: f64,
}

impl Row {
    fn add(rows: &mut Vec<Row>, name: String, won: f64, score: i32) {
        let index = rows.iter().position(|r| r.name == name).unwrap_or_else(|| {
            rows.push(Row {
                name,
                games: 0,
                wins: 0.0,
                mean_score: 0.0,
            });
            rows.len().saturating_sub(1)
        });
        if let Some(row) = rows.get_mut(index) {
            row.games = row.games.saturating_add(1);
            row.wins += won;
            row.mean_score += f64::from(score);
        }
    }
}

/// Aggregates game summaries played in `seconds`.
#[allow(
    clippy::cast_precision_loss,
    reason = "counts of games and steps are far below 2^52"
)]
pub fn summarise(games: &[GameSummary], seconds: f64) -> Summary {
    let mut seats = Vec::new();
    let mut bots = Vec::new();
    let mut steps = 0usize;
    for game in games {
        steps = steps.saturating_add(game.steps);
        let share = 1.0 / game.result.winners().len().max(1) as f64;
        for (seat, &score) in game.result.scores().iter().enumerate() {
            let won = if game.result.is_winner(seat) {
                share
            } else {
                0.0
            };
            let bot = game.players.get(seat).cloned().unwrap_or_default();
            Row::add(&mut seats, seat.to_string(), won, score);
            Row::add(&mut bots, bot, won, score);
        }
    }
    for row in seats.iter_mut().chain(bots.iter_mut()) {
        row.mean_score /= row.games.max(1) as f64;
    }
    let count = games.len() as f64;
    Summary {
        games: games.len() as u64,
        mean_steps: if games.is_empty() {
            0.0
        } else {
            steps as f64 / count
        },
        games_per_second: if seconds > 0.0 { count / seconds } else { 0.0 },
        seats,
        bots,
    }
}

/// Wins (a shared win counted as its share) as a percentage of the games
/// played; 0 when none was.
#[allow(
    clippy::cast_precision_loss,
    reason = "counts of games are far below 2^52"
)]
pub fn win_percent(wins: f64, games: u64) -> f64 {
    if games == 0 {
        0.0
    } else {
        100.0 * wins / games as f64
    }
}

/// The summary as text tables, under a line naming the game, the seeds
/// from `first_seed` and the thread count.
pub fn summary_text(game: &str, first_seed: u64, threads: usize, s: &Summary) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} games of {game}, seeds {first_seed}..{}, {threads} thread(s): {:.1} games/s, mean length {:.1} steps",
        s.games,
        first_seed.wrapping_add(s.games),
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
            let pct = win_percent(r.wins, r.games);
            let _ = writeln!(
                out,
                "{:<8} {:>7} {:>8.1} {:>6.1}% {:>11.2}",
                r.name, r.games, r.wins, pct, r.mean_score
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_wins_count_fractionally_in_the_summary() {
        let g = GameSummary {
            players: vec!["a".into(), "b".into()],
            result: GameResult::by_ranking(vec![3, 3], vec![]),
            steps: 10,
        };
        let s = summarise(&[g], 1.0);
        assert!(s.bots.iter().all(|row| (row.wins - 0.5).abs() < 1e-9));
        assert!((s.mean_steps - 10.0).abs() < 1e-9);
        let text = summary_text("pig", 1, 1, &s);
        assert!(
            text.starts_with("1 games of pig, seeds 1..2, 1 thread(s)"),
            "{text}"
        );
    }
}
