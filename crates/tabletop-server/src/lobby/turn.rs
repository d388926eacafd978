//! Whether it is one seat's turn, asked over HTTP with that seat's token
//! (`GET /api/matches/{id}/turn`, `Authorization: Bearer TOKEN`): the
//! lobby's list of the seats a browser holds says which wait for their
//! person without opening a connection for each.
//!
//! Who moves next may be a secret in a game with hidden information, so
//! the answer is the seat's own: whether that seat has a legal action,
//! as its own connection would be told (never the public facts, never
//! another seat's). It is rebuilt from the stored entries, which hold
//! every step before any seat is told of it: nothing is loaded.

use axum::http::{HeaderMap, header};
use schemars::JsonSchema;
use serde::Serialize;

use crate::lobby::error::LobbyError;
use crate::lobby::{Lobby, blocking, table_of};
use crate::store::{Status, StoreError};

/// The answer to `GET /api/matches/{id}/turn`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Turn {
    /// The seat the token opens.
    pub seat: usize,
    /// Whether that seat has a move to make now.
    pub your_turn: bool,
    /// The match's phase.
    pub status: Status,
}

/// The token an `Authorization: Bearer TOKEN` header carries.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

impl Lobby {
    /// Whether it is the turn of the seat `token` opens in match `id`, as
    /// that seat sees it.
    ///
    /// # Errors
    /// A token of no seat of the match, an unknown match, or the store
    /// failing.
    pub async fn turn(&self, id: &str, token: &str) -> Result<Turn, LobbyError> {
        let seat = match self.seat_of(token).await? {
            Some((of, seat)) if of == id => seat,
            _ => return Err(LobbyError::UnknownToken),
        };
        let status = self.stored_facts(id).await?.status;
        if status == Status::Over {
            return Ok(Turn {
                seat,
                your_turn: false,
                status,
            });
        }
        let (store, key) = (self.store(), id.to_owned());
        let yours = blocking(move || {
            let Some(stored) = store.load(&key)? else {
                return Ok(None);
            };
            let broken = |why: String| StoreError(format!("match {key}: {why}"));
            let mut table = table_of(&stored.setup).map_err(broken)?;
            for entry in &stored.entries {
                table
                    .replay_entry(entry.id)
                    .map_err(|e| broken(e.to_string()))?;
            }
            Ok(Some(!table.legal_for(seat).is_empty()))
        })
        .await?
        // Expired while it was read.
        .ok_or(LobbyError::NotFound)?;
        Ok(Turn {
            seat,
            your_turn: yours,
            status,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn with(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        headers
    }

    #[test]
    fn a_bearer_token_is_read_from_its_header_and_nothing_else_is() {
        assert_eq!(bearer(&with("Bearer abc")), Some("abc"));
        assert_eq!(bearer(&with("bearer  abc ")), Some("abc"));
        assert_eq!(bearer(&with("Basic abc")), None);
        assert_eq!(bearer(&with("Bearer ")), None);
        assert_eq!(bearer(&HeaderMap::new()), None);
    }
}
