// OpenSpiel's player ids, as the Python package exports them.

/** `currentPlayer()` at a chance node; as a player, acts for chance. */
export const CHANCE_PLAYER_ID = -1;
/** `currentPlayer()` once the game is over. */
export const TERMINAL_PLAYER_ID = -4;
/** Someone at the table who plays no seat: sees the public information only. */
export const SPECTATOR = -6;
