//! Bids and the other move, calling liar (LD-4 to LD-6).

use core::fmt;

/// The most dice a player holds here (LD-2): OpenSpiel sets no bound; five
/// each keeps every bid id below 64.
pub const MAX_DICE: u8 = 5;

/// The faces of a die (LD-2).
pub const FACES: u8 = 6;

/// The face that counts as every face (LD-7).
pub const WILD: u8 = 6;

/// A bid `q-f`: at least `quantity` dice on the table show `face` (sixes
/// are wild, LD-7).
///
/// ```
/// use liars_dice_rules::Bid;
///
/// let bid = Bid::new(2, 5).unwrap();
/// assert_eq!(bid.to_string(), "2-5");
/// assert_eq!(bid.id(), 10); // (2 - 1) * 6 + (5 - 1)
/// assert_eq!(Bid::from_id(10), Some(bid));
/// assert_eq!(Bid::new(1, 7), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "RawBid"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Bid {
    /// How many dice, at least 1 (at most the dice on the table).
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = 10)))]
    quantity: u8,
    /// Which face, 1 to 6.
    #[cfg_attr(feature = "schema", schemars(range(min = 1, max = 6)))]
    face: u8,
}

/// A bid as written, before it is checked.
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
struct RawBid {
    quantity: u8,
    face: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<RawBid> for Bid {
    type Error = &'static str;

    fn try_from(raw: RawBid) -> Result<Self, &'static str> {
        Bid::new(raw.quantity, raw.face).ok_or("a bid is 1 to 10 dice of a face 1 to 6")
    }
}

impl Bid {
    /// `quantity` dice showing `face`: `None` unless the face is 1 to 6 and
    /// the quantity 1 to the most dice a table holds (10).
    pub const fn new(quantity: u8, face: u8) -> Option<Bid> {
        if quantity == 0 || quantity > MAX_DICE.saturating_mul(2) || face == 0 || face > FACES {
            return None;
        }
        Some(Bid { quantity, face })
    }

    /// How many dice.
    pub const fn quantity(self) -> u8 {
        self.quantity
    }

    /// Which face.
    pub const fn face(self) -> u8 {
        self.face
    }

    /// The action id: `(quantity - 1) * 6 + (face - 1)`; a higher bid has a
    /// higher id (LD-5).
    pub const fn id(self) -> u32 {
        // Both are at least 1 (`new`) and at most 10 and 6: nothing
        // saturates.
        (self.quantity as u32)
            .saturating_sub(1)
            .saturating_mul(FACES as u32)
            .saturating_add((self.face as u32).saturating_sub(1))
    }

    /// The bid's flag in a set of bids made, one bit per action id.
    pub(crate) const fn bit(self) -> u64 {
        // Ids are below 60 (10 quantities of 6 faces), so rotating the
        // lowest bit is shifting it: no bit wraps round.
        1u64.rotate_left(self.id())
    }

    /// The bid with this action id, if it is one.
    pub fn from_id(id: u32) -> Option<Bid> {
        let faces = u32::from(FACES);
        let quantity = u8::try_from(id.checked_div(faces)?.checked_add(1)?).ok()?;
        let face = u8::try_from(id.checked_rem(faces)?.checked_add(1)?).ok()?;
        Bid::new(quantity, face)
    }

    /// Whether `face` counts for this bid: its own face, or a wild six
    /// (LD-7).
    pub const fn counts(self, face: u8) -> bool {
        face == self.face || face == WILD
    }
}

/// `q-f`, OpenSpiel's text.
impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.quantity, self.face)
    }
}

/// A decision in Liar's Dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Action {
    /// Raise the bid (LD-5).
    Bid(Bid),
    /// Call the last bid a lie (LD-6).
    Liar,
}

/// `q-f` or `Liar`, OpenSpiel's texts, which
/// [`Game::action_from_text`](dice_core::Game::action_from_text) reads.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid(bid) => bid.fmt(f),
            Action::Liar => f.write_str("Liar"),
        }
    }
}
