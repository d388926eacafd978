//! Why a request or message was refused, or a connection ended: one stable
//! machine-readable code each (`PROTOCOL.md` lists where each is used),
//! with a text for people worded from what the recipient may know.

use schemars::JsonSchema;
use serde::Serialize;

/// A refusal's or error's code, written in snake case (`not_your_turn`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Code {
    /// An action of a seat that is not to move.
    NotYourTurn,
    /// An action the rules refuse; the text names the rule.
    Illegal,
    /// An action id or text that names no action of the game.
    UnknownAction,
    /// An action after the end.
    GameOver,
    /// An action for a seat that a bot plays.
    NotYourSeat,
    /// An action, or a line of talk, from a spectator: spectators watch
    /// and read.
    Spectator,
    /// Not a message of the protocol.
    BadMessage,
    /// A request the lobby does not take (HTTP 400): the text says why.
    BadRequest,
    /// A message over the size limit.
    TooLarge,
    /// Messages, or new matches, faster than the limit.
    RateLimited,
    /// A second `hello` or `spectate` on a bound connection.
    AlreadyBound,
    /// A limit of the server is reached (connections, live matches, the
    /// match's queue); retry later.
    Busy,
    /// No seat has this token.
    UnknownToken,
    /// No match has this id.
    UnknownMatch,
    /// The match allows no spectators.
    NoSpectators,
    /// The match has as many spectators as it allows.
    SpectatorsFull,
    /// A newer connection of the same seat took this one's place.
    Replaced,
    /// No `hello` in time.
    Timeout,
    /// The server is stopping; reconnect later.
    Shutdown,
    /// The server could not save or load; reconnect. The cause is in the
    /// server's log, never in the message.
    Unavailable,
    /// A request body that is not `application/json`.
    UnsupportedMediaType,
    /// A WebSocket from a page of another origin.
    ForbiddenOrigin,
    /// The server keeps as many matches as it may.
    TooManyMatches,
    /// A seat someone took already, or that no one may take (HTTP 409).
    SeatTaken,
    /// A seat number the match does not have (HTTP 404).
    UnknownSeat,
    /// A request about a match's end (a replay, a rematch) before it
    /// (HTTP 409).
    NotOver,
    /// A player name of nothing but spaces (HTTP 400).
    NameEmpty,
    /// A player name over 32 characters (HTTP 400).
    NameTooLong,
    /// A player name holding a character a name may not hold: invisible,
    /// format, control, a separator other than the space, or one UTS #39
    /// does not allow in identifiers (HTTP 400); the text names it.
    NameCharacter,
    /// A player name that another seat of the match has, or one that
    /// looks the same (equal UTS #39 skeletons) (HTTP 409).
    NameConfusable,
    /// A replay through a seat's eyes asked without that seat's token, of
    /// a match whose replays are not public (HTTP 403).
    SeatReplayPrivate,
    /// A line of talk of nothing but spaces.
    TalkEmpty,
    /// A line of talk over 200 characters.
    TalkTooLong,
    /// A line of talk holding a control, format, invisible or unassigned
    /// character, or a separator other than the space; the text names it.
    TalkCharacter,
    /// Lines of talk from a seat faster than the limit.
    TalkTooFast,
}

impl Code {
    /// Every code.
    pub const ALL: [Code; 35] = [
        Code::NotYourTurn,
        Code::Illegal,
        Code::UnknownAction,
        Code::GameOver,
        Code::NotYourSeat,
        Code::Spectator,
        Code::BadMessage,
        Code::BadRequest,
        Code::TooLarge,
        Code::RateLimited,
        Code::AlreadyBound,
        Code::Busy,
        Code::UnknownToken,
        Code::UnknownMatch,
        Code::NoSpectators,
        Code::SpectatorsFull,
        Code::Replaced,
        Code::Timeout,
        Code::Shutdown,
        Code::Unavailable,
        Code::UnsupportedMediaType,
        Code::ForbiddenOrigin,
        Code::TooManyMatches,
        Code::SeatTaken,
        Code::UnknownSeat,
        Code::NotOver,
        Code::NameEmpty,
        Code::NameTooLong,
        Code::NameCharacter,
        Code::NameConfusable,
        Code::SeatReplayPrivate,
        Code::TalkEmpty,
        Code::TalkTooLong,
        Code::TalkCharacter,
        Code::TalkTooFast,
    ];

    /// The code as written on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::NotYourTurn => "not_your_turn",
            Code::Illegal => "illegal",
            Code::UnknownAction => "unknown_action",
            Code::GameOver => "game_over",
            Code::NotYourSeat => "not_your_seat",
            Code::Spectator => "spectator",
            Code::BadMessage => "bad_message",
            Code::BadRequest => "bad_request",
            Code::TooLarge => "too_large",
            Code::RateLimited => "rate_limited",
            Code::AlreadyBound => "already_bound",
            Code::Busy => "busy",
            Code::UnknownToken => "unknown_token",
            Code::UnknownMatch => "unknown_match",
            Code::NoSpectators => "no_spectators",
            Code::SpectatorsFull => "spectators_full",
            Code::Replaced => "replaced",
            Code::Timeout => "timeout",
            Code::Shutdown => "shutdown",
            Code::Unavailable => "unavailable",
            Code::UnsupportedMediaType => "unsupported_media_type",
            Code::ForbiddenOrigin => "forbidden_origin",
            Code::TooManyMatches => "too_many_matches",
            Code::SeatTaken => "seat_taken",
            Code::UnknownSeat => "unknown_seat",
            Code::NotOver => "not_over",
            Code::NameEmpty => "name_empty",
            Code::NameTooLong => "name_too_long",
            Code::NameCharacter => "name_character",
            Code::NameConfusable => "name_confusable",
            Code::SeatReplayPrivate => "seat_replay_private",
            Code::TalkEmpty => "talk_empty",
            Code::TalkTooLong => "talk_too_long",
            Code::TalkCharacter => "talk_character",
            Code::TalkTooFast => "talk_too_fast",
        }
    }
}

/// A refusal: its code and a text for people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Reason {
    /// The code.
    pub code: Code,
    /// The reason, for people.
    pub text: String,
}

impl Reason {
    /// A reason with a code and text.
    pub fn new(code: Code, text: impl Into<String>) -> Self {
        Reason {
            code,
            text: text.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_code_is_written_as_its_name_and_the_names_differ() {
        let mut names = Vec::new();
        for code in Code::ALL {
            assert_eq!(
                serde_json::to_value(code).ok(),
                Some(serde_json::Value::String(code.as_str().to_owned()))
            );
            names.push(code.as_str());
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Code::ALL.len());
    }
}
