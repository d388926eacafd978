//! The state as JSON: each seat's dice, the bids in order, who called
//! liar; read back only when it is a position of the game.

use alloc::vec::Vec;

use dice_core::{Game, Seat};

use crate::bid::{Bid, FACES};
use crate::config::{LiarsDiceConfig, PLAYERS};
use crate::error::LiarsDiceError;
use crate::state::LiarsDice;

/// A position as written.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawLiarsDice {
    config: LiarsDiceConfig,
    /// Each seat's dice rolled so far.
    dice: Vec<Vec<u8>>,
    bids: Vec<Bid>,
    called_by: Option<Seat>,
}

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
            state.check(&crate::Action::Bid(bid))?;
            state.apply_unchecked(crate::Action::Bid(bid));
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
