//! Exact conquest odds with best play, and the best action they imply.
//!
//! For one castle, a set of lines still to fill and `n` dice in hand, the
//! chance of completing them this turn with best play is
//!
//! `V(L, 0) = 0` for non-empty `L`, `V(∅, n) = 1`, and
//! `V(L, n) = Σ_roll P(roll) · max(V(L, n - 1), max_{l ∈ L filled by roll} V(L - l, n - k_l))`
//!
//! where `k_l` is the fewest dice of the roll that fill `l` (AOW-6). The
//! recursion runs once per castle over every subset of its lines and every
//! dice count, with integer numerators over `6^(n(n+1)/2)` (the most dice a
//! turn from `n` dice can roll), so the results are exact fractions and no
//! fraction is reduced inside the loop.
//!
//! - [`CastleOdds`]: one castle, every set of open lines and dice in hand;
//!   [`OddsTable`]: all fourteen, solved once (about 10 ms) and kept.
//! - [`action_odds`]: for each legal action of a position, the exact chance
//!   that the turn ends in a conquest.
//! - [`best_action`]: the action a bot plays ([`SolverBot`](crate::SolverBot)).
//!
//! ```
//! use age_of_war_rules::Castle;
//! use age_of_war_rules::solver::CastleOdds;
//!
//! let odani = CastleOdds::new(Castle::Odani).conquer();
//! // 33.8312 %, exactly.
//! assert_eq!(odani.numer() * 1_000_000 / odani.denom(), 338_311);
//! assert_eq!(CastleOdds::new(Castle::Kumamoto).steal(), None);
//! ```

mod action_odds;
mod castle_odds;
mod free_turn;
mod hand;
mod odds_table;

pub use action_odds::action_odds;
pub use castle_odds::{CastleOdds, Choice};
pub use odds_table::{OddsTable, best_action, swing};
