//! A Liar's Dice position and the rules that move it (LD-3 to LD-9).

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use dice_core::{
    DiceRng, Die, Game, GameResult, InconsistentView, ParseActionError, Prob, Scoreboard, Seat,
    ToMove, Viewer,
};

use crate::bid::{Action, Bid, FACES, MAX_DICE};
use crate::config::{LiarsDiceConfig, PLAYERS};
use crate::error::LiarsDiceError;
use crate::seen::SeenRoll;
use crate::view::LiarsDiceView;

/// A six-sided die (LD-2).
const D6: Die<u8, 6> = Die::new([1, 2, 3, 4, 5, 6]);

/// The most dice on a table.
const MAX_TOTAL: usize = MAX_DICE as usize * PLAYERS;

/// A Liar's Dice position: the dice rolled so far, the bids, and who
/// called liar.
///
/// Bids only go up (LD-5), so the set of bids made is their sequence: it
/// is kept as a bit set of bid ids, and a position is a few bytes, copied
/// without allocating.
///
/// Deserialising checks the position: a valid config, dice rolled in
/// order (seat 0's, then seat 1's) showing 1 to 6, rising bids made only
/// after the roll, liar called only on a bid.
///
/// ```
/// use dice_core::{Game, ToMove};
/// use liars_dice_rules::{Action, Bid, LiarsDice, LiarsDiceConfig};
///
/// let mut game = LiarsDice::new(&LiarsDiceConfig::default()).unwrap();
/// game.apply_chance(3).unwrap(); // seat 0 rolls a 3
/// game.apply_chance(5).unwrap(); // seat 1 rolls a 5
/// game.apply(Action::Bid(Bid::new(1, 4).unwrap())).unwrap();
/// game.apply(Action::Liar).unwrap();
/// // No 4 and no six on the table: the bid fails, the caller wins.
/// assert_eq!(game.to_move(), ToMove::Over);
/// assert_eq!(game.result().unwrap().scores(), [-1, 1]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        into = "crate::serde_form::RawLiarsDice",
        try_from = "crate::serde_form::RawLiarsDice"
    )
)]
pub struct LiarsDice {
    pub(crate) config: LiarsDiceConfig,
    /// The faces rolled, in the order rolled: seat 0's dice, then seat
    /// 1's; 0 past `rolled`.
    pub(crate) faces: [u8; MAX_TOTAL],
    pub(crate) rolled: u8,
    /// Bit `id` is set when the bid with action id `id` was made.
    pub(crate) bids: u64,
    /// Who called liar: the game is over.
    pub(crate) called_by: Option<Seat>,
}

impl LiarsDice {
    /// The dice on the table.
    pub fn total_dice(&self) -> u8 {
        self.config.total_dice()
    }

    /// The action id of calling liar: one past the highest bid (LD-6).
    pub fn liar_id(&self) -> u32 {
        u32::from(self.total_dice()).saturating_mul(u32::from(FACES))
    }

    /// `seat`'s dice rolled so far, in the order rolled.
    pub fn dice(&self, seat: Seat) -> &[u8] {
        // Both bounds are clamped to the lengths they split, so neither
        // split can fail.
        let (rolled, _) = self.faces.split_at(usize::from(self.rolled).min(MAX_TOTAL));
        let first = usize::from(self.config.numdice).min(rolled.len());
        let (seat_0, seat_1) = rolled.split_at(first);
        match seat {
            0 => seat_0,
            1 => seat_1,
            _ => &[],
        }
    }

    /// The bids made, in order.
    pub fn bids(&self) -> impl Iterator<Item = Bid> + '_ {
        (0..u64::BITS)
            .filter(|&id| self.bids & (1u64 << id) != 0)
            .filter_map(Bid::from_id)
    }

    /// The last bid, if any.
    pub fn last_bid(&self) -> Option<Bid> {
        let highest = u64::BITS.checked_sub(self.bids.leading_zeros())?;
        Bid::from_id(highest.checked_sub(1)?)
    }

    /// Who called liar, once someone has.
    pub fn called_by(&self) -> Option<Seat> {
        self.called_by
    }

    /// How many dice on the table count for `bid` (LD-7).
    pub fn count(&self, bid: Bid) -> u8 {
        let counted = self
            .faces
            .iter()
            .take(usize::from(self.rolled))
            .filter(|&&f| bid.counts(f))
            .count();
        u8::try_from(counted).unwrap_or(u8::MAX)
    }

    /// The winner and the loser, once liar is called (LD-8).
    pub fn showdown(&self) -> Option<(Seat, Seat)> {
        let caller = self.called_by?;
        let bidder = other(caller);
        let bid = self.last_bid()?;
        Some(if self.count(bid) >= bid.quantity() {
            (bidder, caller)
        } else {
            (caller, bidder)
        })
    }

    /// Whether dice are still to be rolled.
    pub(crate) fn rolling(&self) -> bool {
        self.rolled < self.total_dice()
    }

    /// The seat whose die is rolled next.
    pub(crate) fn rolling_seat(&self) -> Seat {
        self.owner(usize::from(self.rolled))
    }

    /// Who rolls die `die` (counting from 0): seat 0 rolls its dice first,
    /// then seat 1 (LD-3).
    fn owner(&self, die: usize) -> Seat {
        usize::from(die >= usize::from(self.config.numdice))
    }

    /// The seat to bid or call: the seats take turns from seat 0 (LD-5).
    fn bidding_seat(&self) -> Seat {
        usize::from(self.bids.count_ones() % 2 != 0)
    }

    fn legal_bid(&self, bid: Bid) -> Result<(), LiarsDiceError> {
        if bid.quantity() > self.total_dice() {
            return Err(LiarsDiceError::NoSuchBid {
                bid,
                dice: self.total_dice(),
            });
        }
        match self.last_bid() {
            Some(last) if bid.id() <= last.id() => Err(LiarsDiceError::NotHigher { bid, last }),
            _ => Ok(()),
        }
    }
}

/// The other seat of two.
pub(crate) fn other(seat: Seat) -> Seat {
    usize::from(seat == 0)
}

impl Game for LiarsDice {
    const NAME: &'static str = "liars-dice";
    type Config = LiarsDiceConfig;
    type Action = Action;
    /// Bids and calls are public (LD-10).
    type SeenAction = Self::Action;
    /// The face a die shows, 1 to 6 (LD-3).
    type Chance = u8;
    /// A die shows its face to its owner only (LD-10).
    type SeenChance = SeenRoll;
    type View = LiarsDiceView;
    type Error = LiarsDiceError;

    fn new(config: &LiarsDiceConfig) -> Result<Self, LiarsDiceError> {
        config.validate()?;
        Ok(LiarsDice {
            config: *config,
            faces: [0; MAX_TOTAL],
            rolled: 0,
            bids: 0,
            called_by: None,
        })
    }

    fn config(&self) -> &LiarsDiceConfig {
        &self.config
    }

    fn players(&self) -> usize {
        PLAYERS
    }

    fn to_move(&self) -> ToMove {
        if self.called_by.is_some() {
            ToMove::Over
        } else if self.rolling() {
            ToMove::Chance
        } else {
            ToMove::Player(self.bidding_seat())
        }
    }

    /// The bids above the last, lowest first, then liar once a bid is made
    /// (LD-5, LD-6): ascending action ids.
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if !matches!(self.to_move(), ToMove::Player(_)) {
            return;
        }
        let first = self.last_bid().map_or(0, |b| b.id().saturating_add(1));
        out.extend(
            (first..self.liar_id())
                .filter_map(Bid::from_id)
                .map(Action::Bid),
        );
        if self.bids != 0 {
            out.push(Action::Liar);
        }
    }

    fn check(&self, action: &Action) -> Result<(), LiarsDiceError> {
        match self.to_move() {
            ToMove::Over => Err(LiarsDiceError::GameOver),
            ToMove::Chance => Err(LiarsDiceError::WaitingForRoll),
            ToMove::Player(_) => match action {
                Action::Bid(bid) => self.legal_bid(*bid),
                Action::Liar if self.bids == 0 => Err(LiarsDiceError::NothingToCall),
                Action::Liar => Ok(()),
            },
        }
    }

    fn apply_unchecked(&mut self, action: Action) {
        match action {
            Action::Bid(bid) => {
                self.bids |= bid.bit();
            }
            Action::Liar => self.called_by = Some(self.bidding_seat()),
        }
    }

    fn chance_outcomes(&self, out: &mut Vec<(u8, Prob)>) {
        out.clear();
        if self.to_move() == ToMove::Chance {
            let sixth = Prob::new(1, 6).unwrap_or(Prob::ZERO);
            out.extend((1..=FACES).map(|face| (face, sixth)));
        }
    }

    /// Outcome id `face - 1` (LD-3).
    fn chance_outcome_index(&self, outcome: &u8) -> Option<usize> {
        (self.to_move() == ToMove::Chance && (1..=FACES).contains(outcome))
            .then(|| usize::from(*outcome).saturating_sub(1))
    }

    fn check_chance(&self, outcome: &u8) -> Result<(), LiarsDiceError> {
        match self.to_move() {
            ToMove::Chance if (1..=FACES).contains(outcome) => Ok(()),
            ToMove::Chance => Err(LiarsDiceError::ImpossibleRoll(*outcome)),
            ToMove::Over => Err(LiarsDiceError::GameOver),
            ToMove::Player(_) => Err(LiarsDiceError::NotChance),
        }
    }

    fn apply_chance_unchecked(&mut self, outcome: u8) {
        if let Some(face) = self.faces.get_mut(usize::from(self.rolled)) {
            *face = outcome;
            self.rolled = self.rolled.saturating_add(1);
        }
    }

    /// One die, rolled with the kit's die sampler.
    fn sample_chance(&self, rng: &mut DiceRng) -> Option<u8> {
        (self.to_move() == ToMove::Chance)
            .then(|| D6.roll(rng).copied())
            .flatten()
    }

    fn view(&self, viewer: Viewer) -> LiarsDiceView {
        LiarsDiceView::of(self, viewer)
    }

    /// The view's own dice kept (every die once liar is called), the
    /// others' dice rolled afresh, each face 1/6.
    fn determinize(view: &LiarsDiceView, rng: &mut DiceRng) -> Result<Self, InconsistentView> {
        view.state_shown(rng)
    }

    /// Every die `viewer` does not see rolled afresh.
    fn resample_hidden(&self, viewer: Viewer, rng: &mut DiceRng) -> Self {
        let mut other = *self;
        if self.called_by.is_some() {
            return other;
        }
        for (i, face) in other
            .faces
            .iter_mut()
            .take(usize::from(self.rolled))
            .enumerate()
        {
            if viewer != Viewer::Seat(self.owner(i)) {
                *face = D6.roll(rng).copied().unwrap_or(1);
            }
        }
        other
    }

    fn seen_action(&self, action: &Action, _viewer: Viewer) -> Action {
        *action
    }

    fn seen_chance(&self, outcome: &u8, viewer: Viewer) -> SeenRoll {
        let seat = self.rolling_seat();
        SeenRoll {
            seat,
            face: (viewer == Viewer::Seat(seat)).then_some(*outcome),
        }
    }

    /// `q-f` or `Liar` (LD-4, LD-6), as OpenSpiel writes them.
    fn action_text(&self, action: &Action) -> String {
        action.to_string()
    }

    fn action_from_text(&self, text: &str) -> Result<Action, ParseActionError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("liar") {
            return Ok(Action::Liar);
        }
        let expected = "expected a bid `q-f` (such as `2-5`) or `Liar`";
        let (quantity, face) = text
            .split_once('-')
            .ok_or_else(|| ParseActionError::new(text, expected))?;
        let (Ok(quantity), Ok(face)) = (quantity.parse::<u8>(), face.parse::<u8>()) else {
            return Err(ParseActionError::new(text, expected));
        };
        Bid::new(quantity, face).map(Action::Bid).ok_or_else(|| {
            ParseActionError::new(text, "a bid is 1 to 10 dice of a face from 1 to 6")
        })
    }

    /// `Roll f`, as OpenSpiel writes it.
    fn chance_text(&self, outcome: &u8) -> String {
        alloc::format!("Roll {outcome}")
    }

    /// The dice each seat has (LD-2): one round is played, so nobody loses
    /// one before the showdown decides the game.
    fn scoreboard(view: &LiarsDiceView) -> Option<Scoreboard> {
        let dice = i32::from(view.config.numdice);
        Some(Scoreboard::new(
            "dice",
            view.hands.iter().map(|_| dice).collect(),
        ))
    }

    /// The winner +1, the loser -1 (LD-9).
    fn result(&self) -> Option<GameResult> {
        let (winner, loser) = self.showdown()?;
        let mut scores = alloc::vec![0; PLAYERS];
        if let Some(s) = scores.get_mut(winner) {
            *s = 1;
        }
        if let Some(s) = scores.get_mut(loser) {
            *s = -1;
        }
        Some(GameResult::new(scores, Vec::new(), alloc::vec![winner]))
    }

    fn winners_into(&self, out: &mut Vec<Seat>) -> bool {
        out.clear();
        match self.showdown() {
            Some((winner, _)) => {
                out.push(winner);
                true
            }
            None => false,
        }
    }

    /// `6 * dice on the table` bids and liar (LD-4, LD-6).
    fn action_id_bound(&self) -> u32 {
        self.liar_id().saturating_add(1)
    }

    fn action_id(&self, action: &Action) -> Option<u32> {
        match action {
            Action::Bid(bid) => (bid.quantity() <= self.total_dice()).then(|| bid.id()),
            Action::Liar => Some(self.liar_id()),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        if id == self.liar_id() {
            return Some(Action::Liar);
        }
        (id < self.liar_id())
            .then(|| Bid::from_id(id))
            .flatten()
            .map(Action::Bid)
    }
}

/// The state as JSON, read back only when it is a position of the game.
#[cfg(feature = "serde")]
mod written {
    use dice_core::Game;

    use super::LiarsDice;
    use crate::bid::FACES;
    use crate::config::PLAYERS;
    use crate::error::LiarsDiceError;
    use crate::serde_form::RawLiarsDice;

    impl From<LiarsDice> for RawLiarsDice {
        fn from(state: LiarsDice) -> Self {
            RawLiarsDice {
                config: state.config,
                dice: (0..PLAYERS).map(|seat| state.dice(seat).to_vec()).collect(),
                bids: state.bids().collect(),
                called_by: state.called_by,
            }
        }
    }

    impl TryFrom<RawLiarsDice> for LiarsDice {
        type Error = LiarsDiceError;

        fn try_from(raw: RawLiarsDice) -> Result<Self, LiarsDiceError> {
            let mut state = LiarsDice::new(&raw.config)?;
            let bad = LiarsDiceError::Position;
            if raw.dice.len() != PLAYERS {
                return Err(bad("one list of dice per seat"));
            }
            let per = usize::from(raw.config.numdice);
            if raw.dice.iter().any(|d| d.len() > per) {
                return Err(bad("more dice than a player holds"));
            }
            if raw.dice.get(1).is_some_and(|d| !d.is_empty())
                && raw.dice.first().is_some_and(|d| d.len() < per)
            {
                return Err(bad("seat 1 rolled before seat 0 had every die"));
            }
            for &face in raw.dice.iter().flatten() {
                if !(1..=FACES).contains(&face) {
                    return Err(LiarsDiceError::ImpossibleRoll(face));
                }
                state.apply_chance_unchecked(face);
            }
            if !raw.bids.is_empty() && state.rolling() {
                return Err(bad("a bid before every die was rolled"));
            }
            for bid in raw.bids {
                state.check(&crate::bid::Action::Bid(bid))?;
                state.apply_unchecked(crate::bid::Action::Bid(bid));
            }
            if let Some(caller) = raw.called_by {
                if state.last_bid().is_none() {
                    return Err(LiarsDiceError::NothingToCall);
                }
                if state.to_move() != dice_core::ToMove::Player(caller) {
                    return Err(bad("liar called by the seat that made the last bid"));
                }
                state.called_by = Some(caller);
            }
            Ok(state)
        }
    }
}
