//! What the seat to move knows, as a key: the information state that
//! equilibrium solvers attach a strategy to.

use core::fmt::Debug;

use crate::game::{Game, Viewer};
use crate::seat::Seat;

/// A game whose seats can name what they know.
///
/// Two decision points get the same key exactly when the seat to move
/// cannot tell them apart; with perfect recall (a seat remembers its own
/// past actions and everything it saw), as every game in this workspace
/// has. The key is worked out from the seat's [`view`](Game::view) alone,
/// so it cannot carry anything the seat may not know.
///
/// Solvers ([`crate::cfr::Cfr`]) index their strategies by it; an agent
/// that plays a solved strategy looks its view's key up.
pub trait InformationState: Game {
    /// The key: ordered, so solvers can intern keys deterministically.
    type InfoKey: Clone + Ord + Debug;

    /// The information state of the seat whose view this is, when it is a
    /// seat and that seat is to move; `None` otherwise (a spectator, a seat
    /// waiting for another).
    fn information_key(view: &Self::View) -> Option<Self::InfoKey>;

    /// The information state of `seat` in this state: the key of its view.
    ///
    /// Solvers ask it at every decision of the tree; a game may override
    /// it to skip building the view, but must give the same key.
    fn information_key_of(&self, seat: Seat) -> Option<Self::InfoKey> {
        Self::information_key(&self.view(Viewer::Seat(seat)))
    }
}
