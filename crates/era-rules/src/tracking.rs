//! The tracking tokens (ERA-19): a token shows X each time the last
//! building of a type leaves the supply, and the game ends with the round
//! in which every token shows X.

/// The tracking tokens of a game: how many are in play, how many show X.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TrackingTokens {
    /// Tokens in play (by table size, D6).
    pub(crate) in_play: u8,
    /// Tokens showing X.
    pub(crate) showing_x: u8,
}

impl TrackingTokens {
    /// `in_play` tokens, none showing X yet.
    pub(crate) const fn new(in_play: u8) -> TrackingTokens {
        TrackingTokens {
            in_play,
            showing_x: 0,
        }
    }

    /// Whether every token shows X: the game ends with this round.
    pub(crate) const fn all_show_x(self) -> bool {
        self.showing_x >= self.in_play
    }

    /// The last building of a type left the supply: one more token shows X,
    /// while one is left to flip.
    pub(crate) fn flip(&mut self) {
        if !self.all_show_x() {
            self.showing_x = self.showing_x.saturating_add(1);
        }
    }
}
