//! The contract every rules engine in this workspace implements.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{self, Debug, Display};

use crate::inconsistent::InconsistentView;
use crate::notation::ParseActionError;
use crate::objective::Objective;
use crate::prob::Prob;
use crate::result::GameResult;
use crate::rng::DiceRng;
use crate::scoreboard::Scoreboard;
use crate::seat::Seat;

/// Who acts next.
///
/// ```
/// use dice_core::{Game, ToMove, pig::{Pig, PigAction, PigConfig}};
///
/// let game = Pig::new(&PigConfig::default()).unwrap();
/// assert_eq!(game.to_move(), ToMove::Player(0));
/// assert_eq!(game.after(PigAction::Roll).unwrap().to_move(), ToMove::Chance);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum ToMove {
    /// This seat must choose one of the legal actions.
    Player(Seat),
    /// A chance event (a roll, a shuffle, a draw) must be resolved.
    Chance,
    /// The game is over; [`Game::result`] says who won.
    Over,
}

/// Whose eyes a [`Game::view`] is for.
///
/// ```
/// use dice_core::{Game, Viewer, pig::{Pig, PigConfig}};
///
/// let game = Pig::new(&PigConfig::default()).unwrap();
/// // Pig hides nothing, so every seat and a spectator see the same.
/// assert_eq!(game.view(Viewer::Seat(1)), game.view(Viewer::Spectator));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Viewer {
    /// The player in this seat: sees public information and their own secrets.
    Seat(Seat),
    /// Someone at the table who plays no seat: public information only.
    Spectator,
}

impl Viewer {
    /// Everyone a game of `players` seats tells: every seat in order, then
    /// a spectator.
    pub fn every(players: usize) -> impl Iterator<Item = Viewer> + Clone {
        (0..players)
            .map(Viewer::Seat)
            .chain(core::iter::once(Viewer::Spectator))
    }
}

/// A game's rules: the one contract frontends, bots, solvers and the tools
/// in this workspace drive every game through.
///
/// A value of an implementing type is a complete, valid game state. It knows
/// the rules and nothing else: it holds no generator, does no I/O and reads no
/// clock. Chance is explicit: at a [`ToMove::Chance`] node the state lists
/// every outcome with its exact [`Prob`], and applying one is deterministic,
/// so physical dice, scripted dice, a seeded [`DiceRng`] and exact solvers all
/// go through the same door.
///
/// Implementors write the checks ([`check`](Game::check),
/// [`check_chance`](Game::check_chance)) and the effects
/// ([`apply_unchecked`](Game::apply_unchecked),
/// [`apply_chance_unchecked`](Game::apply_chance_unchecked)) separately; the
/// provided [`apply`](Game::apply) runs one then the other, which is why an
/// illegal action always leaves the state exactly as it was.
///
/// # Hidden information, and where a reveal belongs
///
/// What a viewer may know is its [`view`](Game::view); what it is told of
/// each entry is [`seen_action`](Game::seen_action) or
/// [`seen_chance`](Game::seen_chance), worked out from the state *before*
/// the entry, so it can only say what the viewer knew then plus what the
/// entry itself makes public (an Era roll behind a screen: that it was
/// rolled). A reveal, hidden values becoming public (every die when a
/// Liar's Dice bid is challenged, Era's layouts when the last is laid
/// out), belongs in the view of the state *after* the entry that causes
/// it, never in that entry's seen form: the next view (and the history's
/// end) shows the values, and [`resample_hidden`](Game::resample_hidden)
/// no longer redraws them. The test kit's `check_histories` pairs the game
/// with twins the viewer cannot tell apart; at a reveal the twins part, and
/// it draws a new twin from the revealed position
/// ([`resample_hidden`](Game::resample_hidden)) and compares on to the end.
///
/// ```
/// use dice_core::{Game, ToMove, pig::{Pig, PigAction, PigConfig}};
///
/// let mut game = Pig::new(&PigConfig::default()).unwrap();
/// assert_eq!(game.to_move(), ToMove::Player(0));
/// // Holding with an empty turn total is not allowed, and changes nothing.
/// let before = game.clone();
/// assert!(game.apply(PigAction::Hold).is_err());
/// assert_eq!(game, before);
/// game.apply(PigAction::Roll).unwrap();
/// assert_eq!(game.to_move(), ToMove::Chance);
/// ```
pub trait Game: Clone + PartialEq + Debug + Sized {
    /// The game's name in records, e.g. `"age-of-war"`.
    const NAME: &'static str;

    /// Everything chosen before play: the number of players and options.
    type Config: Clone + PartialEq + Debug;
    /// A decision a player can take.
    type Action: Copy + Eq + Debug;
    /// One outcome of a chance event.
    type Chance: Clone + Eq + Debug;
    /// What one seat, or a spectator, may know of the state.
    type View: Clone + PartialEq + Debug;
    /// Why an action, chance outcome or config was refused; names the rule.
    type Error: core::error::Error + Clone + PartialEq;
    /// An action as one viewer may know it: everything, for its actor; for
    /// the others, what the rules show them (an Armadöra placement shows
    /// its square, not the warrior's value). Its `Display` is the narration
    /// for that viewer.
    type SeenAction: Clone + PartialEq + Debug + Display;
    /// A chance outcome as one viewer may know it (an Era roll behind
    /// another player's screen shows only that it was rolled). Its `Display`
    /// is the narration for that viewer.
    type SeenChance: Clone + PartialEq + Debug + Display;

    /// A new game at its first node (usually a chance node for the setup).
    ///
    /// # Errors
    /// When the config breaks a rule (for example an unsupported player count).
    fn new(config: &Self::Config) -> Result<Self, Self::Error>;

    /// The config this game was created with.
    fn config(&self) -> &Self::Config;

    /// How many seats are at the table.
    fn players(&self) -> usize;

    /// Who acts next.
    fn to_move(&self) -> ToMove;

    /// Replaces the contents of `out` with every legal action of the player
    /// to move, in a fixed order; empty unless [`to_move`](Game::to_move) is
    /// [`ToMove::Player`]. Reusing one buffer makes this allocation-free once
    /// the buffer has grown to the game's largest list.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// A uniformly random legal action, drawn with
    /// [`DiceRng::pick`] over the [`legal_actions`](Game::legal_actions)
    /// list (`buf` holds it); `None` unless a player is to move.
    ///
    /// Search rollouts call it at every step. A game may override it to
    /// skip building the list, but must return the same action and draw the
    /// same words as this default; the test kit checks that
    /// (`testkit::check_random_games`).
    #[inline]
    fn random_legal_action(
        &self,
        rng: &mut DiceRng,
        buf: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        self.legal_actions(buf);
        rng.pick(buf.len()).and_then(|i| buf.get(i)).copied()
    }

    /// Plays on at random for at most `max_steps` steps (a decision or a
    /// chance outcome each), stopping at the end: at a chance node the
    /// outcome of [`sample_chance`](Game::sample_chance), at a decision the
    /// action of [`random_legal_action`](Game::random_legal_action) (`buf`
    /// holds the list). This is a search rollout.
    ///
    /// A game may override it with a tighter loop, but must reach the same
    /// state and draw the same words as this default; the test kit checks
    /// that (`testkit::check_random_games`).
    ///
    /// ```
    /// use dice_core::{DiceRng, Game, ToMove, pig::{Pig, PigConfig}};
    ///
    /// let mut game = Pig::new(&PigConfig::default()).unwrap();
    /// game.random_playout(&mut DiceRng::from_seed_u64(1), &mut Vec::new(), u32::MAX);
    /// assert_eq!(game.to_move(), ToMove::Over);
    /// ```
    #[inline]
    fn random_playout(&mut self, rng: &mut DiceRng, buf: &mut Vec<Self::Action>, max_steps: u32) {
        contract_playout(self, rng, buf, max_steps);
    }

    /// Whether `action` is legal now, and if not, which rule it breaks.
    ///
    /// # Errors
    /// The rule the action breaks, including "not this player's turn",
    /// "waiting for chance" and "the game is over".
    fn check(&self, action: &Self::Action) -> Result<(), Self::Error>;

    /// Applies an action known to be legal.
    ///
    /// Precondition: [`check`](Game::check) accepts `action`. Search code
    /// that takes actions from [`legal_actions`](Game::legal_actions) may
    /// skip the check. An illegal action here never panics or breaks memory
    /// safety, but leaves the state unspecified.
    fn apply_unchecked(&mut self, action: Self::Action);

    /// Whether `seat` may take `action` now: refused with
    /// [`SeatError::NotYourTurn`] unless `seat` is to move, else
    /// [`check`](Game::check)'s answer. What a server calls with the seat of
    /// the connection an action came from.
    ///
    /// # Errors
    /// Who is to move instead, or the rule the action breaks.
    fn check_as(&self, seat: Seat, action: &Self::Action) -> Result<(), SeatError<Self::Error>> {
        match self.to_move() {
            ToMove::Player(p) if p == seat => self.check(action).map_err(SeatError::Illegal),
            to_move => Err(SeatError::NotYourTurn { seat, to_move }),
        }
    }

    /// Applies `action` for `seat` if that seat is to move and the action
    /// is legal.
    ///
    /// # Errors
    /// As [`check_as`](Game::check_as); the state is then exactly as before.
    fn apply_as(&mut self, seat: Seat, action: Self::Action) -> Result<(), SeatError<Self::Error>> {
        self.check_as(seat, &action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// Whether `action` is legal now.
    fn is_legal(&self, action: &Self::Action) -> bool {
        self.check(action).is_ok()
    }

    /// Applies `action` if it is legal.
    ///
    /// # Errors
    /// The rule it breaks; the state is then exactly as before.
    fn apply(&mut self, action: Self::Action) -> Result<(), Self::Error> {
        self.check(&action)?;
        self.apply_unchecked(action);
        Ok(())
    }

    /// The state after `action`, leaving `self` untouched.
    ///
    /// # Errors
    /// The rule the action breaks.
    fn after(&self, action: Self::Action) -> Result<Self, Self::Error> {
        self.check(&action)?;
        let mut next = self.clone();
        next.apply_unchecked(action);
        Ok(next)
    }

    /// Replaces the contents of `out` with every outcome of the pending
    /// chance event and its exact probability; the probabilities are positive
    /// and sum to exactly one. Empty unless [`to_move`](Game::to_move) is
    /// [`ToMove::Chance`].
    fn chance_outcomes(&self, out: &mut Vec<(Self::Chance, Prob)>);

    /// Where `outcome` stands in the list of
    /// [`chance_outcomes`](Game::chance_outcomes): its outcome id; `None`
    /// if it is not listed.
    ///
    /// The provided method lists the outcomes. A game whose chance events
    /// have many outcomes (Armadöra's 5040 gold layouts) overrides it with
    /// a direct computation, so that applying a sampled outcome by id does
    /// not list them all; the test kit checks that both agree.
    fn chance_outcome_index(&self, outcome: &Self::Chance) -> Option<usize> {
        let mut outcomes = Vec::new();
        self.chance_outcomes(&mut outcomes);
        outcomes.iter().position(|(o, _)| o == outcome)
    }

    /// The outcome of the pending chance event whose outcome id is `index`
    /// (its place in [`chance_outcomes`](Game::chance_outcomes)), with its
    /// probability; `None` when there is no such outcome.
    ///
    /// The provided method lists the outcomes. A game whose chance events
    /// have many outcomes overrides it with a direct computation (Armadöra
    /// unranks a gold layout), so that applying an outcome by id neither
    /// lists them all nor keeps a list; the test kit checks that both agree.
    fn chance_outcome(&self, index: usize) -> Option<(Self::Chance, Prob)> {
        let mut outcomes = Vec::new();
        self.chance_outcomes(&mut outcomes);
        (index < outcomes.len()).then(|| outcomes.swap_remove(index))
    }

    /// Whether `outcome` is a possible outcome of the pending chance event.
    ///
    /// # Errors
    /// Why it is not (not a chance node, an impossible outcome).
    fn check_chance(&self, outcome: &Self::Chance) -> Result<(), Self::Error>;

    /// Applies a chance outcome known to be possible.
    ///
    /// Precondition: [`check_chance`](Game::check_chance) accepts `outcome`.
    /// Otherwise, as for [`apply_unchecked`](Game::apply_unchecked), the state
    /// is unspecified but nothing panics.
    fn apply_chance_unchecked(&mut self, outcome: Self::Chance);

    /// Applies a chance outcome if it is possible.
    ///
    /// # Errors
    /// Why it is not; the state is then exactly as before.
    fn apply_chance(&mut self, outcome: Self::Chance) -> Result<(), Self::Error> {
        self.check_chance(&outcome)?;
        self.apply_chance_unchecked(outcome);
        Ok(())
    }

    /// Draws an outcome of the pending chance event from `rng`, with the
    /// probabilities of [`chance_outcomes`](Game::chance_outcomes); `None`
    /// when not at a chance node.
    ///
    /// The provided method enumerates the outcomes and picks one by exact
    /// integer weights ([`sample_weighted`]). Games override it with a direct
    /// sampler (rolling each die) that is faster; either way, which words it
    /// draws is part of the game's reproducibility promise.
    fn sample_chance(&self, rng: &mut DiceRng) -> Option<Self::Chance> {
        let mut outcomes = Vec::new();
        self.chance_outcomes(&mut outcomes);
        sample_weighted(outcomes, rng)
    }

    /// What `viewer` may know: public information plus that seat's own
    /// secrets. Never another player's secrets, never a generator.
    fn view(&self, viewer: Viewer) -> Self::View;

    /// A full state consistent with `view`: what the view shows is kept,
    /// and everything it hides (other players' secret tiles, unrevealed
    /// dice) is drawn from `rng`, from a distribution each game documents.
    ///
    /// Search code that must not peek (Monte Carlo tree search over hidden
    /// information) plays from such samples. The test kit checks that
    /// `G::determinize(&s.view(v), rng)?.view(v) == s.view(v)`.
    ///
    /// # Errors
    /// When no state is consistent with the view (for example a view edited
    /// by hand), with the reason: the rule or invariant it breaks.
    fn determinize(view: &Self::View, rng: &mut DiceRng) -> Result<Self, InconsistentView>;

    /// The running scores `view` shows: each seat's score so far (what it
    /// would score if the game ended now, as far as the viewer can tell),
    /// with its named parts for a game that scores in parts. Worked out
    /// from the view alone, so it tells nothing the viewer may not know.
    /// This is where a drawing, a table of players or a page finds a
    /// game's scores; no field of the view is read by convention.
    ///
    /// The provided method has none: a game that keeps no running score,
    /// or whose score the viewer cannot know yet.
    ///
    /// ```
    /// use dice_core::{Game, Viewer, pig::{Pig, PigConfig}};
    ///
    /// let game = Pig::new(&PigConfig::default()).unwrap();
    /// let board = Pig::scoreboard(&game.view(Viewer::Spectator)).unwrap();
    /// assert_eq!((board.unit(), board.totals()), ("points", &[0, 0][..]));
    /// ```
    fn scoreboard(view: &Self::View) -> Option<Scoreboard> {
        let _ = view;
        None
    }

    /// Replaces the contents of `out` with the legal actions of `seat`,
    /// worked out from that seat's own view alone: empty unless the view
    /// shows `seat` to move. A client that holds only its view lists its
    /// moves with this.
    ///
    /// The legal actions of the seat to move depend only on what that seat
    /// may know, so every state consistent with its view has the same list:
    /// the provided method [determinizes](Game::determinize) the view with a
    /// fixed generator and asks that state. The test kit's
    /// `check_refusals` compares it with the true list from every seat of many random
    /// positions.
    ///
    /// ```
    /// use dice_core::{Game, Viewer, pig::{Pig, PigAction, PigConfig}};
    ///
    /// let game = Pig::new(&PigConfig::default()).unwrap();
    /// let mut legal = Vec::new();
    /// Pig::legal_actions_in_view(&game.view(Viewer::Seat(0)), 0, &mut legal);
    /// assert_eq!(legal, [PigAction::Roll]);
    /// Pig::legal_actions_in_view(&game.view(Viewer::Seat(1)), 1, &mut legal);
    /// assert!(legal.is_empty());
    /// ```
    fn legal_actions_in_view(view: &Self::View, seat: Seat, out: &mut Vec<Self::Action>) {
        out.clear();
        if let Ok(state) = Self::determinize(view, &mut DiceRng::from_seed_u64(0)) {
            if state.to_move() == ToMove::Player(seat) {
                state.legal_actions(out);
            }
        }
    }

    /// A state that `viewer` cannot tell apart from this one, with every part
    /// hidden from `viewer` drawn afresh (other players' secret tiles,
    /// unrevealed dice). The test kit uses it to prove that views leak
    /// nothing: `s.view(v) == s.resample_hidden(v, rng).view(v)` for every
    /// state, and the resampled part differs whenever something is hidden.
    ///
    /// The provided method is for games without hidden information: it
    /// returns a clone.
    #[must_use]
    fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Self {
        let _ = (viewer, rng);
        self.clone()
    }

    /// What `viewer` may know of `action`, taken now by the player to move.
    ///
    /// A function of what `viewer` may know: two states that `viewer`
    /// cannot tell apart give the same answer for the same action, and an
    /// action of another seat shows none of that seat's secrets. The test
    /// kit checks both (`testkit::check_histories`).
    fn seen_action(&self, action: &Self::Action, viewer: Viewer) -> Self::SeenAction;

    /// What `viewer` may know of `outcome`, the outcome of the chance event
    /// pending now. The same promise as [`seen_action`](Game::seen_action).
    fn seen_chance(&self, outcome: &Self::Chance, viewer: Viewer) -> Self::SeenChance;

    /// The action as text, which [`action_from_text`](Game::action_from_text)
    /// reads back: the notation a person types and a log shows its actor.
    ///
    /// It is the actor's text and names the actor's own secrets (an
    /// Armadöra warrior's value); to tell anyone else, narrate
    /// [`seen_action`](Game::seen_action) instead.
    fn action_text(&self, action: &Self::Action) -> String;

    /// Reads an action written as [`action_text`](Game::action_text) writes
    /// it. Parsing does not check legality: [`check`](Game::check) does.
    ///
    /// # Errors
    /// When `text` is no action of this game, with what was expected.
    fn action_from_text(&self, text: &str) -> Result<Self::Action, ParseActionError>;

    /// The outcome of the pending chance event as text, in full: the
    /// omniscient narration, for the record's owner only. Viewers get
    /// [`seen_chance`](Game::seen_chance).
    fn chance_text(&self, outcome: &Self::Chance) -> String;

    /// The final scores and winners once [`to_move`](Game::to_move) is
    /// [`ToMove::Over`]; `None` before.
    fn result(&self) -> Option<GameResult>;

    /// The winners of a finished game, written into `out` (cleared first),
    /// exactly [`result`](Game::result)'s winners; `false`, with `out`
    /// empty, before the end.
    ///
    /// Search asks it once per simulation, so a game whose `result` builds
    /// vectors overrides it to answer into the caller's buffer without
    /// allocating. The test kit checks both agree (`testkit::check_random_games`).
    fn winners_into(&self, out: &mut Vec<Seat>) -> bool {
        out.clear();
        match self.result() {
            Some(result) => {
                out.extend_from_slice(result.winners());
                true
            }
            None => false,
        }
    }

    /// What a seat plays for: to win (the provided answer), or, in a game
    /// for one, to score as much as it can ([`Objective::Score`], with the
    /// bounds of a final score). It depends only on the config.
    ///
    /// The search ([`Mcts`](crate::mcts::Mcts)) rewards it, and a ladder
    /// that ranks players ranks them by it: at a table of one every
    /// finished game is a win, so only the score tells a good player from
    /// a poor one.
    fn objective(&self) -> Objective {
        Objective::Win
    }

    /// Every action id is below this bound, which depends only on the config.
    fn action_id_bound(&self) -> u32;

    /// The stable integer id of `action`, below
    /// [`action_id_bound`](Game::action_id_bound); `None` if the action has
    /// no place in this config's action space. Ids depend only on the config,
    /// never on the position, so they can index a policy head or a mask.
    fn action_id(&self, action: &Self::Action) -> Option<u32>;

    /// The action with this id, if any.
    fn action_from_id(&self, id: u32) -> Option<Self::Action>;
}

/// Picks one outcome with exactly its probability, from words of `rng`.
///
/// All probabilities are brought to their least common denominator `d`, one
/// integer is drawn uniformly below `d` with [`DiceRng::below_u128`], and the
/// outcome whose cumulative range holds it is returned. `None` when the list
/// is empty, the probabilities do not sum to one, or `d` overflows 128 bits.
///
/// ```
/// use dice_core::{sample_weighted, DiceRng, Prob};
///
/// let coin = vec![("heads", Prob::new(1, 2).unwrap()), ("tails", Prob::new(1, 2).unwrap())];
/// let side = sample_weighted(coin, &mut DiceRng::from_seed_u64(0)).unwrap();
/// assert!(side == "heads" || side == "tails");
/// let broken = vec![("heads", Prob::new(1, 3).unwrap())];
/// assert_eq!(sample_weighted(broken, &mut DiceRng::from_seed_u64(0)), None);
/// ```
pub fn sample_weighted<C>(outcomes: Vec<(C, Prob)>, rng: &mut DiceRng) -> Option<C> {
    let lcm = common_denominator(outcomes.iter().map(|(_, p)| *p))?;
    let total = outcomes.iter().try_fold(0u128, |acc, (_, p)| {
        acc.checked_add(p.numer().checked_mul(lcm.checked_div(p.denom())?)?)
    })?;
    if total != lcm {
        return None;
    }
    let mut draw = rng.below_u128(core::num::NonZeroU128::new(lcm)?);
    for (outcome, p) in outcomes {
        let weight = p.numer().checked_mul(lcm.checked_div(p.denom())?)?;
        match draw.checked_sub(weight) {
            Some(rest) => draw = rest,
            None => return Some(outcome),
        }
    }
    None
}

/// The least common denominator of some probabilities, or `None` if it
/// overflows 128 bits. Cheap when the denominators divide one another (as
/// the powers of six of dice rolls do): each step is one exact division.
pub(crate) fn common_denominator(probs: impl Iterator<Item = Prob>) -> Option<u128> {
    let mut lcm: u128 = 1;
    for p in probs {
        let d = p.denom();
        if lcm.checked_rem(d)? != 0 {
            lcm = lcm.checked_div(crate::prob::gcd(lcm, d))?.checked_mul(d)?;
        }
    }
    Some(lcm)
}

/// Why [`Game::check_as`](crate::Game::check_as) refused an action sent by
/// a seat.
///
/// A server takes the seat from the connection, never from the message,
/// and asks the game whether *that* seat may take the action. Both answers
/// are worded from what the sending seat may know: who is to move is
/// public, and a rule refusal for the seat to move is a function of that
/// seat's own view (the test kit's
/// `check_refusals` proves it for every
/// game with twins the seat cannot tell apart).
///
/// ```
/// use dice_core::{Game, SeatError, ToMove, pig::{Pig, PigAction, PigConfig}};
///
/// let game = Pig::new(&PigConfig::default()).unwrap();
/// let err = game.check_as(1, &PigAction::Roll).unwrap_err();
/// assert_eq!(err, SeatError::NotYourTurn { seat: 1, to_move: ToMove::Player(0) });
/// assert_eq!(err.to_string(), "seat 1 may not act now: player 0 is to move");
/// assert!(matches!(game.check_as(0, &PigAction::Hold), Err(SeatError::Illegal(_))));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SeatError<E> {
    /// Someone else is to move, or chance, or the game is over.
    NotYourTurn {
        /// The seat that sent the action.
        seat: Seat,
        /// Who is to move instead.
        to_move: ToMove,
    },
    /// It is this seat's turn, but the action breaks a rule.
    Illegal(E),
}

impl<E: fmt::Display> fmt::Display for SeatError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatError::NotYourTurn { seat, to_move } => {
                write!(f, "seat {seat} may not act now: ")?;
                match to_move {
                    ToMove::Player(p) => write!(f, "player {p} is to move"),
                    ToMove::Chance => f.write_str("the game waits for a chance event"),
                    ToMove::Over => f.write_str("the game is over"),
                }
            }
            SeatError::Illegal(e) => e.fmt(f),
        }
    }
}

impl<E: core::error::Error + 'static> core::error::Error for SeatError<E> {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            SeatError::Illegal(e) => Some(e),
            SeatError::NotYourTurn { .. } => None,
        }
    }
}

/// Plays on for at most `max_steps` steps: chance as the game samples it,
/// each decision as `decide` picks it for its seat; `None` from either
/// stops. The loop of every playout, random or guided.
#[inline]
pub(crate) fn play_on<G: Game>(
    state: &mut G,
    rng: &mut DiceRng,
    max_steps: u32,
    mut decide: impl FnMut(&G, Seat, &mut DiceRng) -> Option<G::Action>,
) {
    for _ in 0..max_steps {
        match state.to_move() {
            ToMove::Over => break,
            ToMove::Chance => match state.sample_chance(rng) {
                Some(outcome) => state.apply_chance_unchecked(outcome),
                None => break,
            },
            ToMove::Player(mover) => match decide(state, mover, rng) {
                Some(action) => state.apply_unchecked(action),
                None => break,
            },
        }
    }
}

/// [`Game::random_playout`]'s default loop, which an override must match
/// (the test kit compares the two).
#[inline]
pub(crate) fn contract_playout<G: Game>(
    state: &mut G,
    rng: &mut DiceRng,
    buf: &mut Vec<G::Action>,
    max_steps: u32,
) {
    play_on(state, rng, max_steps, |state, _, rng| {
        state.random_legal_action(rng, buf)
    });
}
