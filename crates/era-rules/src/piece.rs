//! What is placed in a domain (ERA-7): buildings (table D3), walls (table
//! D4) and scorched areas.

use core::fmt;

use crate::building::BuildingKind;
use crate::parse_error::parse_error;

/// The longest wall a ruleset may list (table D4).
pub const MAX_WALL_LENGTH: u8 = 8;

/// Anything placed in a domain (ERA-7): a building, a straight wall of a
/// length, or a scorched area.
///
/// Written `"farm"`, `"wall3"`, `"scorched"` in records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Piece {
    /// A building.
    Building(BuildingKind),
    /// A straight wall of this many cells (1 to [`MAX_WALL_LENGTH`]).
    Wall(u8),
    /// A scorched area: nothing can be built on it.
    Scorched,
}

/// How many distinct pieces there are (12 buildings, 8 wall lengths, scorched).
pub(crate) const PIECES: usize = PIECE_COUNT as usize;
/// [`PIECES`] as a `u8`, for id arithmetic.
pub(crate) const PIECE_COUNT: u8 = 21;

impl Piece {
    /// Every piece: the buildings of table D3 in [`BuildingKind::ALL`]'s
    /// order, the walls by length, the scorched area.
    #[expect(
        clippy::indexing_slicing,
        reason = "evaluated in the build: an index past the end fails it"
    )]
    pub const ALL: [Piece; PIECES] = {
        let mut all = [Piece::Scorched; PIECES];
        let mut i = 0;
        while i < BuildingKind::ALL.len() {
            all[i] = Piece::Building(BuildingKind::ALL[i]);
            i += 1;
        }
        let mut length = 1;
        while length <= MAX_WALL_LENGTH {
            all[i] = Piece::Wall(length);
            (i, length) = (i + 1, length + 1);
        }
        all
    };

    /// The buildings and walls, in the order the Build step lists them.
    pub(crate) fn buildable() -> impl Iterator<Item = Piece> {
        Piece::ALL.into_iter().filter(|&p| p != Piece::Scorched)
    }

    /// Its place in [`Piece::ALL`]; `None` for a wall of a length no
    /// ruleset has.
    pub(crate) fn index(self) -> Option<usize> {
        use crate::map::Key;
        match self {
            Piece::Building(kind) => Some(kind.position()),
            Piece::Wall(length) if self.is_valid() => usize::from(length).checked_add(11),
            Piece::Wall(_) => None,
            Piece::Scorched => Some(20),
        }
    }

    /// The piece at this place of [`Piece::ALL`].
    pub(crate) fn from_index(i: usize) -> Option<Piece> {
        Piece::ALL.get(i).copied()
    }

    /// Whether this is a valid piece (a wall length in range).
    pub(crate) fn is_valid(self) -> bool {
        match self {
            Piece::Wall(n) => (1..=MAX_WALL_LENGTH).contains(&n),
            _ => true,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Piece::Building(k) => f.write_str(k.name()),
            Piece::Wall(n) => write!(f, "wall{n}"),
            Piece::Scorched => f.write_str("scorched"),
        }
    }
}

parse_error!(
    /// A name that is no piece.
    ParsePieceError,
    "not a piece (a building name, \"wall1\"..\"wall8\" or \"scorched\")"
);

impl core::str::FromStr for Piece {
    type Err = ParsePieceError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "scorched" {
            return Ok(Piece::Scorched);
        }
        if let Some(n) = s.strip_prefix("wall") {
            let n: u8 = n.parse().map_err(|_| ParsePieceError)?;
            let p = Piece::Wall(n);
            return if p.is_valid() {
                Ok(p)
            } else {
                Err(ParsePieceError)
            };
        }
        BuildingKind::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .map(Piece::Building)
            .ok_or(ParsePieceError)
    }
}
