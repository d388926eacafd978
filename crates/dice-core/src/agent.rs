//! Agents: anything that picks an action from what its seat may see.

use alloc::vec::Vec;

use crate::game::{Game, ToMove, Viewer};
use crate::game_match::Match;
use crate::rng::DiceRng;
use crate::seat::Seat;

/// Something that plays a seat: a bot, a network client, a human at a
/// prompt.
///
/// An agent is given only what its seat may know (the seat's
/// [`Game::view`] and the legal actions, which are public to the player who
/// must choose), never the state itself. Randomness comes from the `rng`
/// passed in, so a seeded run is reproducible.
///
/// ```
/// use dice_core::{Agent, DiceRng, Seat, pig::{Pig, PigAction}};
///
/// /// Rolls until the turn total reaches 20, then holds.
/// struct HoldAt20;
///
/// impl Agent<Pig> for HoldAt20 {
///     fn name(&self) -> &str {
///         "hold-at-20"
///     }
///
///     fn choose(&mut self, _: Seat, view: &Pig, legal: &[PigAction], _: &mut DiceRng) -> Option<PigAction> {
///         let hold = view.turn_total() >= 20 && legal.contains(&PigAction::Hold);
///         Some(if hold { PigAction::Hold } else { *legal.first()? })
///     }
/// }
/// ```
pub trait Agent<G: Game> {
    /// A short name for logs and tables, e.g. `"random"`.
    fn name(&self) -> &str;

    /// Picks one of `legal` for `seat`; `None` only when `legal` is empty.
    fn choose(
        &mut self,
        seat: Seat,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut DiceRng,
    ) -> Option<G::Action>;
}

/// Picks a legal action uniformly at random.
///
/// ```
/// use dice_core::{Agent, DiceRng, RandomAgent, Game, Viewer, pig::{Pig, PigConfig}};
///
/// let game = Pig::new(&PigConfig::default()).unwrap();
/// let mut legal = Vec::new();
/// game.legal_actions(&mut legal);
/// let mut rng = DiceRng::from_seed_u64(1);
/// let a = Agent::<Pig>::choose(&mut RandomAgent, 0, &game.view(Viewer::Seat(0)), &legal, &mut rng);
/// assert!(legal.contains(&a.unwrap()));
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(
        &mut self,
        _seat: Seat,
        _view: &G::View,
        legal: &[G::Action],
        rng: &mut DiceRng,
    ) -> Option<G::Action> {
        rng.choose(legal).copied()
    }
}

/// Why [`play_out`] stopped before the end of the game.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayOutError<E> {
    /// No agent was given for this seat.
    #[error("no agent for seat {0}")]
    NoAgent(Seat),
    /// The agent returned no action.
    #[error("the agent for seat {0} returned no action")]
    NoAction(Seat),
    /// The agent returned an illegal action.
    #[error("the agent for seat {seat} chose an illegal action: {error}")]
    Illegal {
        /// The seat.
        seat: Seat,
        /// Why the action was refused.
        error: E,
    },
    /// The game was not over after the step limit.
    #[error("the game did not end within {0} steps")]
    StepLimit(usize),
    /// A chance event could not be sampled.
    #[error("a chance event could not be resolved")]
    ChanceUnresolved,
}

/// Plays `m` to the end: chance from the match's generator, decisions from
/// `agents[seat]` with their own generator `agent_rng` (kept apart so that
/// bots thinking differently never change the dice).
///
/// The agents' generator is the caller's and no record holds it, so a match
/// saved midway and replayed does not play on as this one would; for that,
/// use [`play_on`], whose agents draw from generators derived from the
/// match's own.
///
/// Counts decisions and chance events as steps and stops with an error after
/// `max_steps`.
///
/// ```
/// use dice_core::{play_out, Agent, DiceRng, Game, Match, PlayOutError, RandomAgent};
/// use dice_core::pig::{Pig, PigConfig};
///
/// let mut m = Match::<Pig>::new(&PigConfig::default(), 9).unwrap();
/// let mut agents: [&mut dyn Agent<Pig>; 2] = [&mut RandomAgent, &mut RandomAgent];
/// // Three steps are not enough to finish a game.
/// let err = play_out(&mut m, &mut agents, &mut DiceRng::from_seed_u64(9), 3).unwrap_err();
/// assert_eq!(err, PlayOutError::StepLimit(3));
/// play_out(&mut m, &mut agents, &mut DiceRng::from_seed_u64(9), 100_000).unwrap();
/// assert!(m.state().result().is_some());
/// ```
///
/// # Errors
/// A missing agent, an agent without an answer or with an illegal one, a
/// chance event that cannot be sampled, or the step limit.
pub fn play_out<G: Game>(
    m: &mut Match<G>,
    agents: &mut [&mut dyn Agent<G>],
    agent_rng: &mut DiceRng,
    max_steps: usize,
) -> Result<(), PlayOutError<G::Error>> {
    drive(m, agents, Decisions::Caller(agent_rng), max_steps)
}

/// Plays `m` on to the end, or for at most `max_steps` steps: chance from
/// the match's generator, each decision from `agents[seat]` with
/// [`Match::decision_rng`], a generator derived from the match's generator
/// and the decision's place in the log.
///
/// Nothing outside the match steers the bots, so a match saved at any
/// point and [replayed](crate::replay) from its record plays on exactly as
/// the uninterrupted one (the bots must be stateless between decisions, as
/// every bot in this workspace is):
///
/// ```
/// use dice_core::{play_on, replay, Agent, Match, RandomAgent};
/// use dice_core::pig::{Pig, PigConfig};
///
/// let mut agents: [&mut dyn Agent<Pig>; 2] = [&mut RandomAgent, &mut RandomAgent];
/// let mut whole = Match::<Pig>::new(&PigConfig::default(), 9).unwrap();
/// play_on(&mut whole, &mut agents, 100_000).unwrap();
///
/// let mut first = Match::<Pig>::new(&PigConfig::default(), 9).unwrap();
/// let _ = play_on(&mut first, &mut agents, 10); // stops after 10 steps
/// let mut resumed = replay(&first.record()).unwrap();
/// play_on(&mut resumed, &mut agents, 100_000).unwrap();
/// assert_eq!(resumed.record(), whole.record());
/// ```
///
/// # Errors
/// As [`play_out`]; without a generator, a decision is
/// [`PlayOutError::ChanceUnresolved`] too.
pub fn play_on<G: Game>(
    m: &mut Match<G>,
    agents: &mut [&mut dyn Agent<G>],
    max_steps: usize,
) -> Result<(), PlayOutError<G::Error>> {
    drive(m, agents, Decisions::Derived, max_steps)
}

/// Where the agents' randomness comes from.
enum Decisions<'a> {
    /// One generator of the caller's, drawn on from decision to decision.
    Caller(&'a mut DiceRng),
    /// [`Match::decision_rng`] at each decision.
    Derived,
}

/// The loop of [`play_out`] and [`play_on`].
fn drive<G: Game>(
    m: &mut Match<G>,
    agents: &mut [&mut dyn Agent<G>],
    mut decisions: Decisions<'_>,
    max_steps: usize,
) -> Result<(), PlayOutError<G::Error>> {
    let mut legal = Vec::new();
    for _ in 0..max_steps {
        match m.state().to_move() {
            ToMove::Over => return Ok(()),
            ToMove::Chance => {
                m.resolve_chance().ok_or(PlayOutError::ChanceUnresolved)?;
            }
            ToMove::Player(seat) => {
                let agent = agents.get_mut(seat).ok_or(PlayOutError::NoAgent(seat))?;
                let mut derived;
                let rng = match &mut decisions {
                    Decisions::Caller(rng) => &mut **rng,
                    Decisions::Derived => {
                        derived = m.decision_rng().ok_or(PlayOutError::ChanceUnresolved)?;
                        &mut derived
                    }
                };
                m.state().legal_actions(&mut legal);
                let view = m.state().view(Viewer::Seat(seat));
                let action = agent
                    .choose(seat, &view, &legal, rng)
                    .ok_or(PlayOutError::NoAction(seat))?;
                m.play(action)
                    .map_err(|error| PlayOutError::Illegal { seat, error })?;
            }
        }
    }
    if m.state().to_move() == ToMove::Over {
        Ok(())
    } else {
        Err(PlayOutError::StepLimit(max_steps))
    }
}
