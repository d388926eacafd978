//! Why the lobby refused, and how each refusal answers over HTTP: a status
//! and `{"error": {"code", "text"}}`. A store failure is logged here with
//! its cause, and the client is told only that the server is unavailable.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::matches::names::NameRefusal;
use crate::store::StoreError;
use crate::wire::code::{Code, Reason};

/// Why the lobby refused.
#[derive(Debug, thiserror::Error)]
pub enum LobbyError {
    /// The request is not acceptable (HTTP 400).
    #[error("{0}")]
    BadRequest(String),
    /// No match has this id (HTTP 404).
    #[error("no match has this id")]
    NotFound,
    /// A limit is reached (HTTP 503).
    #[error("{0}")]
    Busy(String),
    /// Too many matches created from one address (HTTP 429).
    #[error("too many new matches from this address; wait a little")]
    RateLimited,
    /// The server keeps as many matches as it may (HTTP 503).
    #[error("the server keeps as many matches as it may; try again later")]
    TooManyMatches,
    /// A body that is not JSON (HTTP 415).
    #[error("the body must be `application/json`")]
    UnsupportedMediaType,
    /// The seat is taken, or not one a person may take (HTTP 409).
    #[error("{0}")]
    SeatTaken(String),
    /// The match has no such seat (HTTP 404).
    #[error("the match has no such seat")]
    UnknownSeat,
    /// The match is not over (HTTP 409).
    #[error("the match is not over yet")]
    NotOver,
    /// The match is over (HTTP 409).
    #[error("the match is over")]
    GameOver,
    /// The match is private: it has no spectators (HTTP 403).
    #[error("this match has no spectators, and no replay")]
    NoSpectators,
    /// A seat's eyes asked for without that seat's token, in a match
    /// whose replays are not public (HTTP 403): the same answer whatever
    /// token, if any, was sent.
    #[error("only this seat's player may replay the match through its eyes")]
    SeatReplayPrivate,
    /// No seat of the match has this token (HTTP 403).
    #[error("no seat of this match has this token")]
    UnknownToken,
    /// A player name refused (HTTP 400, or 409 when another seat's name
    /// looks the same).
    #[error("{0}")]
    Name(#[from] NameRefusal),
    /// The store failed (HTTP 500); the text is for the log only.
    #[error("{0}")]
    Store(String),
}

impl From<StoreError> for LobbyError {
    fn from(e: StoreError) -> Self {
        LobbyError::Store(e.to_string())
    }
}

impl LobbyError {
    /// What a client is told: the code, and a text with nothing of the
    /// server's internals.
    pub fn reason(&self) -> Reason {
        match self {
            LobbyError::BadRequest(_) => Reason::new(Code::BadRequest, self.to_string()),
            LobbyError::NotFound => Reason::new(Code::UnknownMatch, self.to_string()),
            LobbyError::Busy(_) => Reason::new(Code::Busy, self.to_string()),
            LobbyError::RateLimited => Reason::new(Code::RateLimited, self.to_string()),
            LobbyError::TooManyMatches => Reason::new(Code::TooManyMatches, self.to_string()),
            LobbyError::UnsupportedMediaType => {
                Reason::new(Code::UnsupportedMediaType, self.to_string())
            }
            LobbyError::SeatTaken(_) => Reason::new(Code::SeatTaken, self.to_string()),
            LobbyError::UnknownSeat => Reason::new(Code::UnknownSeat, self.to_string()),
            LobbyError::NotOver => Reason::new(Code::NotOver, self.to_string()),
            LobbyError::GameOver => Reason::new(Code::GameOver, self.to_string()),
            LobbyError::NoSpectators => Reason::new(Code::NoSpectators, self.to_string()),
            LobbyError::UnknownToken => Reason::new(Code::UnknownToken, self.to_string()),
            LobbyError::SeatReplayPrivate => Reason::new(Code::SeatReplayPrivate, self.to_string()),
            LobbyError::Name(refusal) => Reason::new(name_code(refusal), self.to_string()),
            LobbyError::Store(why) => {
                tracing::error!(error = %why, "the store failed");
                Reason::new(
                    Code::Unavailable,
                    "the server could not read or save the match; try again later",
                )
            }
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            LobbyError::Name(NameRefusal::Confusable(_)) => StatusCode::CONFLICT,
            LobbyError::BadRequest(_) | LobbyError::Name(_) => StatusCode::BAD_REQUEST,
            LobbyError::NotFound | LobbyError::UnknownSeat => StatusCode::NOT_FOUND,
            LobbyError::SeatTaken(_) | LobbyError::NotOver | LobbyError::GameOver => {
                StatusCode::CONFLICT
            }
            LobbyError::NoSpectators | LobbyError::UnknownToken | LobbyError::SeatReplayPrivate => {
                StatusCode::FORBIDDEN
            }
            LobbyError::Busy(_) | LobbyError::TooManyMatches => StatusCode::SERVICE_UNAVAILABLE,
            LobbyError::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            LobbyError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            LobbyError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The code of a refused name.
fn name_code(refusal: &NameRefusal) -> Code {
    match refusal {
        NameRefusal::Empty => Code::NameEmpty,
        NameRefusal::TooLong(_) => Code::NameTooLong,
        NameRefusal::Character { .. } => Code::NameCharacter,
        NameRefusal::Confusable(_) => Code::NameConfusable,
    }
}

/// The body of every error answer.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct ErrorBody {
    /// Why.
    pub error: Reason,
}

impl IntoResponse for LobbyError {
    fn into_response(self) -> Response {
        (
            self.status(),
            Json(ErrorBody {
                error: self.reason(),
            }),
        )
            .into_response()
    }
}
