//! Bradley–Terry ratings on the Elo scale, with 95 % intervals from a
//! bootstrap over games: what a ladder's results say of its entrants'
//! strengths. Floats are fine here: this reads results, it decides no
//! move.

use dice_core::DiceRng;

/// One pairing inside one game: `winner`'s points against `other`, `1.0`
/// for a win, `0.5` for a shared one.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pairing {
    /// The entrant that scored.
    pub winner: usize,
    /// The entrant it scored against.
    pub other: usize,
    /// The points scored.
    pub points: f64,
}

/// Points each entrant scored against each other, over some games.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    entrants: usize,
    /// `points[i * entrants + j]`: what `i` scored against `j`.
    points: Vec<f64>,
}

impl Tally {
    /// No games yet between `entrants` entrants.
    pub fn new(entrants: usize) -> Self {
        Tally {
            entrants,
            points: vec![0.0; entrants.saturating_mul(entrants)],
        }
    }

    fn slot(&self, i: usize, j: usize) -> Option<usize> {
        (i < self.entrants && j < self.entrants)
            .then(|| i.checked_mul(self.entrants)?.checked_add(j))
            .flatten()
    }

    /// What `i` scored against `j`.
    pub fn points(&self, i: usize, j: usize) -> f64 {
        self.slot(i, j)
            .and_then(|s| self.points.get(s))
            .copied()
            .unwrap_or(0.0)
    }

    /// Adds `points` scored by `i` against `j`.
    pub fn add(&mut self, i: usize, j: usize, points: f64) {
        if let Some(cell) = self.slot(i, j).and_then(|s| self.points.get_mut(s)) {
            *cell += points;
        }
    }

    /// Adds one game's pairings.
    pub fn add_game(&mut self, game: &[Pairing]) {
        for p in game {
            self.add(p.winner, p.other, p.points);
        }
    }

    /// The pairings between `i` and `j` counted so far.
    pub fn played(&self, i: usize, j: usize) -> f64 {
        self.points(i, j) + self.points(j, i)
    }
}

/// Elo points per factor of ten in the odds of winning.
const ELO_PER_DECADE: f64 = 400.0;

/// The Bradley–Terry strengths of `tally`'s entrants as Elo ratings, the
/// first entrant at 0 (maximum likelihood by Hunter's minorise–maximise
/// iteration). Every pair that met is given one drawn game more, so an
/// entrant that won every game has a finite rating.
pub fn fit(tally: &Tally) -> Vec<f64> {
    let n = tally.entrants;
    let prior = |i: usize, j: usize| {
        if i != j && tally.played(i, j) > 0.0 {
            0.5
        } else {
            0.0
        }
    };
    let wins: Vec<f64> = (0..n)
        .map(|i| (0..n).map(|j| tally.points(i, j) + prior(i, j)).sum())
        .collect();
    let mut gamma = vec![1.0_f64; n];
    for _ in 0..10_000 {
        let mut next: Vec<f64> = (0..n)
            .map(|i| {
                let own = gamma.get(i).copied().unwrap_or(1.0);
                let denominator: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| {
                        let games = tally.played(i, j) + 2.0 * prior(i, j);
                        games / (own + gamma.get(j).copied().unwrap_or(1.0))
                    })
                    .sum();
                let won = wins.get(i).copied().unwrap_or(0.0);
                if denominator > 0.0 {
                    won / denominator
                } else {
                    own
                }
            })
            .collect();
        // Strengths are relative: keep their geometric mean at 1.
        let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / count(n);
        for g in &mut next {
            *g /= mean_log.exp();
        }
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let anchor = gamma.first().copied().unwrap_or(1.0).log10();
    gamma
        .iter()
        .map(|g| ELO_PER_DECADE * (g.log10() - anchor))
        .collect()
}

#[allow(
    clippy::cast_precision_loss,
    reason = "counts of entrants and samples are far below 2^52"
)]
fn count(n: usize) -> f64 {
    n.max(1) as f64
}

/// A rating and its 95 % interval, in Elo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The fit on every game.
    pub elo: f64,
    /// The 2.5th percentile of the bootstrap fits.
    pub low: f64,
    /// The 97.5th percentile of the bootstrap fits.
    pub high: f64,
}

/// The ratings of `entrants` entrants from `games` (each game's
/// pairings), with intervals from `samples` fits on games drawn with
/// replacement, drawn from `seed`: the same games and seed give the same
/// ratings.
pub fn rate(entrants: usize, games: &[Vec<Pairing>], samples: usize, seed: u64) -> Vec<Rating> {
    let mut tally = Tally::new(entrants);
    for g in games {
        tally.add_game(g);
    }
    let elo = fit(&tally);
    let mut rng = DiceRng::from_seed_u64(seed);
    let mut fits: Vec<Vec<f64>> = vec![Vec::with_capacity(samples); entrants];
    for _ in 0..samples {
        let mut drawn = Tally::new(entrants);
        for _ in 0..games.len() {
            if let Some(game) = rng.index(games.len()).and_then(|i| games.get(i)) {
                drawn.add_game(game);
            }
        }
        for (entrant, rating) in fit(&drawn).into_iter().enumerate() {
            if let Some(list) = fits.get_mut(entrant) {
                list.push(rating);
            }
        }
    }
    elo.into_iter()
        .zip(fits)
        .map(|(elo, mut sampled)| {
            sampled.sort_by(f64::total_cmp);
            Rating {
                elo,
                low: percentile(&sampled, 0.025).unwrap_or(elo),
                high: percentile(&sampled, 0.975).unwrap_or(elo),
            }
        })
        .collect()
}

/// The value at fraction `q` of `sorted` (the nearest rank).
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "a rank between 0 and the length"
)]
fn percentile(sorted: &[f64], q: f64) -> Option<f64> {
    let last = sorted.len().checked_sub(1)?;
    let rank = (q * count(last.saturating_add(1)) - 0.5).round().max(0.0) as usize;
    sorted.get(rank.min(last)).copied()
}

#[cfg(test)]
#[allow(
    clippy::float_cmp,
    reason = "the values compared are exact: whole and half points, a rating pinned at 0"
)]
mod tests {
    use super::*;

    fn games(pairs: &[(usize, usize, usize)]) -> Vec<Vec<Pairing>> {
        let mut out = Vec::new();
        for &(winner, other, times) in pairs {
            for _ in 0..times {
                out.push(vec![Pairing {
                    winner,
                    other,
                    points: 1.0,
                }]);
            }
        }
        out
    }

    #[test]
    fn equal_entrants_rate_alike() {
        let played = games(&[
            (0, 1, 30),
            (1, 0, 30),
            (1, 2, 30),
            (2, 1, 30),
            (0, 2, 30),
            (2, 0, 30),
        ]);
        let ratings = rate(3, &played, 200, 1);
        for r in &ratings {
            assert!(r.elo.abs() < 1e-6, "{ratings:?}");
            assert!(r.low <= r.elo && r.elo <= r.high, "{ratings:?}");
        }
        assert!(
            ratings[1].low < -50.0 && ratings[1].high > 50.0,
            "{ratings:?}"
        );
    }

    #[test]
    fn the_fit_finds_a_known_order_and_the_elo_scale() {
        // 3 to 1 odds is 400 * log10(3) = 190.8 Elo; with the prior's one
        // drawn game per pair, 75.5 to 25.5.
        let played = games(&[
            (1, 0, 75),
            (0, 1, 25),
            (2, 1, 75),
            (1, 2, 25),
            (2, 0, 90),
            (0, 2, 10),
        ]);
        let elo = fit(&{
            let mut t = Tally::new(3);
            for g in &played {
                t.add_game(g);
            }
            t
        });
        assert_eq!(elo[0], 0.0);
        assert!(elo[0] < elo[1] && elo[1] < elo[2], "{elo:?}");
        assert!((elo[1] - 170.0).abs() < 40.0, "{elo:?}");
        assert!((elo[2] - 2.0 * elo[1]).abs() < 60.0, "{elo:?}");
        let ratings = rate(3, &played, 200, 7);
        assert!(ratings[1].high < ratings[2].low, "{ratings:?}");
    }

    #[test]
    fn two_entrants_fit_their_score_exactly() {
        // 3 to 1 with the prior: (30.5 / 10.5) odds.
        let elo = fit(&{
            let mut t = Tally::new(2);
            t.add(0, 1, 30.0);
            t.add(1, 0, 10.0);
            t
        });
        let expected = -400.0 * (30.5_f64 / 10.5).log10();
        assert!((elo[1] - expected).abs() < 1e-6, "{elo:?} vs {expected}");
    }

    #[test]
    fn an_unbeaten_entrant_gets_a_finite_rating_and_the_same_seed_the_same_intervals() {
        let played = games(&[(1, 0, 20)]);
        let a = rate(2, &played, 100, 3);
        assert!(a[1].elo.is_finite() && a[1].elo > 300.0, "{a:?}");
        assert_eq!(a, rate(2, &played, 100, 3));
    }
}
