//! One value per castle, looked up by the castle itself: the key is the
//! index, so no lookup can miss.

use crate::castle::Castle;

/// One `T` per castle, in table order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub(crate) struct PerCastle<T>([T; Castle::ALL.len()]);

impl<T> PerCastle<T> {
    /// The values in table order.
    pub(crate) const fn from_array(values: [T; Castle::ALL.len()]) -> Self {
        PerCastle(values)
    }

    /// `value(castle)` for every castle.
    pub(crate) fn from_fn(value: impl FnMut(Castle) -> T) -> Self {
        PerCastle(Castle::ALL.map(value))
    }

    /// Every castle with its value, in table order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Castle, &T)> {
        Castle::ALL.into_iter().zip(&self.0)
    }

    /// Every value, in table order.
    pub(crate) fn values(&self) -> core::slice::Iter<'_, T> {
        self.0.iter()
    }
}

#[expect(
    clippy::indexing_slicing,
    reason = "a Castle's index is below Castle::ALL.len(), the length of the array"
)]
impl<T> PerCastle<T> {
    /// The value of `castle`.
    pub(crate) const fn get(&self, castle: Castle) -> &T {
        &self.0[castle.index()]
    }

    /// The value of `castle`, to change.
    pub(crate) fn get_mut(&mut self, castle: Castle) -> &mut T {
        &mut self.0[castle.index()]
    }
}

/// A set of castles, one bit per castle index: what a legal-move list asks
/// of every castle, answered once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct CastleSet(u16);

impl CastleSet {
    /// Adds `castle`.
    pub(crate) fn insert(&mut self, castle: Castle) {
        self.0 |= castle.bit();
    }

    /// Whether `castle` is in the set.
    pub(crate) fn contains(self, castle: Castle) -> bool {
        self.0 & castle.bit() != 0
    }
}
