//! Bots at the table: each decision drawn from the match's own decision
//! generator ([`Match::decision_rng`]) and played as the seat to move
//! ([`Match::play_as`]), so a match resumed from its record plays on as
//! the uninterrupted one.

use dice_core::{Agent, Game, Match, Seat, ToMove, Viewer};

/// How far a run of steps took a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// The game is over.
    Over,
    /// The step budget ran out first.
    Stopped,
}

/// Plays the decision of `bot` at `seat`, the seat to move, drawing from
/// the match's decision generator for this step.
///
/// # Errors
/// A match without a generator, a bot with no action, or an action the
/// rules refuse, in words.
pub fn bot_decides<G: Game>(
    m: &mut Match<G>,
    seat: Seat,
    bot: &mut dyn Agent<G>,
    legal: &mut Vec<G::Action>,
) -> Result<(), String> {
    let mut rng = m
        .decision_rng()
        .ok_or("the match has no generator for its bots to draw from")?;
    m.state().legal_actions(legal);
    let view = m.state().view(Viewer::Seat(seat));
    let action = bot
        .choose(seat, &view, legal, &mut rng)
        .ok_or_else(|| format!("the bot at seat {seat} has no action"))?;
    m.play_as(seat, action)
        .map_err(|e| format!("seat {seat}: {e}"))
}

/// Plays `m` on between `bots` (one per seat) for at most `max_steps`
/// steps, chance from the match's generator.
///
/// # Errors
/// As [`bot_decides`], a chance event that cannot be resolved, or a seat
/// without a bot.
pub fn play_bots<G: Game>(
    m: &mut Match<G>,
    bots: &mut [Box<dyn Agent<G>>],
    max_steps: usize,
) -> Result<Progress, String> {
    let mut legal = Vec::new();
    for _ in 0..max_steps {
        match m.state().to_move() {
            ToMove::Over => return Ok(Progress::Over),
            ToMove::Chance => {
                m.resolve_chance()
                    .ok_or("a chance event could not be resolved")?;
            }
            ToMove::Player(seat) => {
                let bot = bots.get_mut(seat).ok_or("no player at a seat")?;
                bot_decides(m, seat, &mut **bot, &mut legal)?;
            }
        }
    }
    Ok(if m.state().to_move() == ToMove::Over {
        Progress::Over
    } else {
        Progress::Stopped
    })
}
