//! The board (ARM-1), its lines (ARM-2) and territories (ARM-3) as bit
//! sets, and the four-square rule (ARM-8).
//!
//! A square set is a `u64`: bit `i` for the square with index `i`
//! ([`Square::index`]), row-major from `a1`.

#[cfg(feature = "serde")]
#[macro_use]
mod by_name;
mod line;
mod name;
mod palisades;
mod square;

pub(crate) use line::LINE_COUNT;
pub use line::{LINES, Line, ParseLineError, Side};
pub(crate) use name::Named;
pub(crate) use palisades::LineSet;
pub use palisades::{MIN_TERRITORY, Palisades, Territories};
pub(crate) use square::{ALL_SQUARES, MINE_SQUARES, SQUARE_COUNT, SquareMap};
pub use square::{COLUMNS, MINES, ParseSquareError, ROWS, SQUARES, Square, squares_of};
