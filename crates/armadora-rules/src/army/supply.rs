//! A player's unplaced warriors (ARM-5), hidden behind their screen.

use super::warrior::{MAX_VALUE, Value};

/// Each player's warriors by player count (ARM-5): how many tiles of value
/// 1, 2, 3, 4 and 5, for 2, 3 and 4 players.
pub const WARRIORS: [[u8; MAX_VALUE as usize]; 3] =
    [[11, 2, 1, 1, 1], [7, 2, 1, 1, 0], [5, 1, 1, 1, 0]];

/// The most warriors of each value any player has: the two-player set,
/// the largest for every value.
const MOST: [u8; MAX_VALUE as usize] = WARRIORS[0];

/// The warriors every player starts with at this table size (ARM-5);
/// `None` outside 2–4 players.
///
/// ```
/// use armadora_rules::army::starting_warriors;
///
/// let two = starting_warriors(2).unwrap();
/// assert_eq!(two.tiles(), 16);
/// assert_eq!(two.counts(), [11, 2, 1, 1, 1]);
/// assert_eq!(starting_warriors(5), None);
/// ```
pub fn starting_warriors(players: usize) -> Option<Supply> {
    Supply::from_counts(*WARRIORS.get(players.checked_sub(2)?)?)
}

/// Warriors off the board, as counts of each value: a player's supply
/// behind their screen (ARM-5). In records, the five counts of values 1
/// to 5: `[11, 2, 1, 1, 1]`.
///
/// It never holds more of a value than a player's set at any table (11
/// ones, 2 twos, one each of 3, 4 and 5), so at most 16 warriors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        try_from = "[u8; MAX_VALUE as usize]",
        into = "[u8; MAX_VALUE as usize]"
    )
)]
pub struct Supply([u8; MAX_VALUE as usize]);

impl Supply {
    /// No warrior.
    pub const EMPTY: Supply = Supply([0; MAX_VALUE as usize]);

    /// The supply holding `counts[0]` warriors of value 1, `counts[1]` of
    /// value 2, and so on; `None` if that is more of a value than any
    /// player has (ARM-5).
    ///
    /// ```
    /// use armadora_rules::army::Supply;
    ///
    /// assert!(Supply::from_counts([11, 2, 1, 1, 1]).is_some());
    /// assert!(Supply::from_counts([12, 0, 0, 0, 0]).is_none());
    /// ```
    pub fn from_counts(counts: [u8; MAX_VALUE as usize]) -> Option<Supply> {
        counts
            .iter()
            .zip(MOST)
            .all(|(&count, most)| count <= most)
            .then_some(Supply(counts))
    }

    /// How many warriors of each value, value 1 first.
    pub const fn counts(self) -> [u8; MAX_VALUE as usize] {
        self.0
    }

    /// How many warriors of `value` it holds.
    pub fn count(mut self, value: Value) -> u8 {
        *self.slot_mut(value)
    }

    /// How many warriors it holds, whatever their values: at most 16.
    pub fn tiles(self) -> u8 {
        // Each count is at most its value's count in `MOST`, which add up
        // to 16: the sum fits.
        self.0.iter().sum()
    }

    /// Whether it holds no warrior.
    pub fn is_empty(self) -> bool {
        self == Supply::EMPTY
    }

    /// Each value it holds at least one of, lowest first.
    pub fn values(self) -> impl Iterator<Item = Value> + Clone {
        Value::ALL
            .into_iter()
            .zip(self.0)
            .filter(|&(_, count)| count > 0)
            .map(|(value, _)| value)
    }

    /// Every warrior it holds, lowest value first.
    pub fn warriors(self) -> impl Iterator<Item = Value> {
        Value::ALL
            .into_iter()
            .zip(self.0)
            .flat_map(|(value, count)| core::iter::repeat_n(value, usize::from(count)))
    }

    /// The supply holding these warriors; `None` if that is more of a value
    /// than any player has.
    pub(crate) fn of(warriors: impl IntoIterator<Item = Value>) -> Option<Supply> {
        warriors.into_iter().try_fold(Supply::EMPTY, Supply::with)
    }

    /// The count of `value`: a `Value` names one of the five slots.
    fn slot_mut(&mut self, value: Value) -> &mut u8 {
        let [one, two, three, four, five] = &mut self.0;
        match value {
            Value::One => one,
            Value::Two => two,
            Value::Three => three,
            Value::Four => four,
            Value::Five => five,
        }
    }

    /// Takes out one warrior of `value`; `None` (and no change) if there
    /// is none.
    pub(crate) fn take(&mut self, value: Value) -> Option<()> {
        let slot = self.slot_mut(value);
        *slot = slot.checked_sub(1)?;
        Some(())
    }

    /// One more warrior of `value`; `None` if that is more than any player
    /// has.
    #[must_use]
    pub(crate) fn with(mut self, value: Value) -> Option<Supply> {
        let slot = self.slot_mut(value);
        *slot = slot.checked_add(1)?;
        Supply::from_counts(self.0)
    }

    /// The warriors of `self` that are not in `other`; `None` if `other`
    /// holds a value more often than `self`.
    pub(crate) fn checked_sub(self, other: Supply) -> Option<Supply> {
        Value::ALL.into_iter().try_fold(self, |rest, v| {
            let slot = rest.count(v).checked_sub(other.count(v))?;
            let mut rest = rest;
            *rest.slot_mut(v) = slot;
            Some(rest)
        })
    }
}

impl PartialEq<[u8; MAX_VALUE as usize]> for Supply {
    fn eq(&self, counts: &[u8; MAX_VALUE as usize]) -> bool {
        self.0 == *counts
    }
}

impl From<Supply> for [u8; MAX_VALUE as usize] {
    fn from(supply: Supply) -> Self {
        supply.0
    }
}

impl TryFrom<[u8; MAX_VALUE as usize]> for Supply {
    type Error = TooManyWarriors;

    fn try_from(counts: [u8; MAX_VALUE as usize]) -> Result<Self, TooManyWarriors> {
        Supply::from_counts(counts).ok_or(TooManyWarriors(counts))
    }
}

/// Counts of warriors no player has: more of a value than a player's set
/// at any table.
///
/// ```
/// use armadora_rules::army::Supply;
///
/// let err = Supply::try_from([12, 0, 0, 0, 0]).unwrap_err();
/// assert_eq!(err.counts(), [12, 0, 0, 0, 0]);
/// assert!(err.to_string().starts_with("ARM-5:"));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("ARM-5: a supply of {0:?} holds more of a value than any player has ({MOST:?})")]
pub struct TooManyWarriors([u8; MAX_VALUE as usize]);

impl TooManyWarriors {
    /// The counts refused, value 1 first.
    pub const fn counts(self) -> [u8; MAX_VALUE as usize] {
        self.0
    }
}
