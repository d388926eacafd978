//! The bounds OpenSpiel asks for that no game here declares: the rest of
//! what `GameType` and `Game` say (the long name, the information, the
//! utility, the most outcomes of a chance event) is the game's own
//! declaration, read through the registry (`AnyGame::info`).

/// `max_game_length()` and `max_move_number()` when no bound is computed:
/// OpenSpiel's `int` range. Pig, Age of War and Era have no bound at all
/// (a player can fail every roll forever).
pub(crate) const NO_LENGTH_BOUND: i64 = 2_147_483_647;
