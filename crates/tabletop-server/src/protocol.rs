//! The WebSocket protocol's messages: what a client may send (decoded
//! strictly, bounded in size) and what the server sends.
//!
//! The contract is written out in `PROTOCOL.md`.

use serde::Deserialize;
use serde_json::{Value, json};

/// The largest client message accepted, in bytes.
pub const MAX_CLIENT_MESSAGE: usize = 4096;
/// The longest token, match id or client id accepted.
const MAX_ID: usize = 64;
/// The longest action text accepted.
const MAX_ACTION_TEXT: usize = 256;

/// An action as a client names it: its id, or its text.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(untagged)]
pub enum ActionRef {
    /// The action id.
    Id(u32),
    /// The action as text (`warrior b1 4`).
    Text(String),
}

/// A message from a client.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Binds the connection to the seat the token opens.
    Hello {
        /// The capability token of the seat.
        token: String,
        /// The last sequence number seen, to resume from.
        #[serde(default)]
        last_seq: Option<usize>,
        /// Whether each `update` carries a patch of the last view sent
        /// (`view_patch`) instead of the whole `view`.
        #[serde(default)]
        view_patches: bool,
        /// Whether a legal action's text is sent only the first time
        /// (`[id]` alone after that).
        #[serde(default)]
        known_texts: bool,
    },
    /// Binds the connection to a match as a spectator.
    Spectate {
        /// The match id.
        #[serde(rename = "match")]
        match_id: String,
        /// The last sequence number seen, to resume from.
        #[serde(default)]
        last_seq: Option<usize>,
        /// Whether each `update` carries a patch of the last view sent
        /// (`view_patch`) instead of the whole `view`.
        #[serde(default)]
        view_patches: bool,
        /// Whether a legal action's text is sent only the first time
        /// (`[id]` alone after that).
        #[serde(default)]
        known_texts: bool,
    },
    /// An action of the bound seat.
    Act {
        /// The sequence number the client last saw (the number of entries).
        seq: usize,
        /// The action.
        action: ActionRef,
        /// The client's id for this action: a resend with the same id is
        /// applied once.
        client_id: String,
    },
}

/// Why a client message was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// Longer than [`MAX_CLIENT_MESSAGE`].
    #[error("the message is {0} bytes; at most {MAX_CLIENT_MESSAGE} are accepted")]
    TooLarge(usize),
    /// Not a message of the protocol.
    #[error("not a message of the protocol: {0}")]
    Malformed(String),
    /// A field longer than the protocol allows.
    #[error("the field `{0}` is too long")]
    FieldTooLong(&'static str),
}

impl DecodeError {
    /// The refusal code.
    pub fn code(&self) -> &'static str {
        match self {
            DecodeError::TooLarge(_) => "too_large",
            DecodeError::Malformed(_) | DecodeError::FieldTooLong(_) => "bad_message",
        }
    }
}

fn bounded(field: &'static str, text: &str, max: usize) -> Result<(), DecodeError> {
    if text.len() > max {
        Err(DecodeError::FieldTooLong(field))
    } else {
        Ok(())
    }
}

/// Decodes one client message.
///
/// # Errors
/// Text too large, not JSON, not a message of the protocol, or with a
/// field too long.
pub fn decode(text: &str) -> Result<ClientMessage, DecodeError> {
    if text.len() > MAX_CLIENT_MESSAGE {
        return Err(DecodeError::TooLarge(text.len()));
    }
    let message: ClientMessage =
        serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))?;
    match &message {
        ClientMessage::Hello { token, .. } => bounded("token", token, MAX_ID)?,
        ClientMessage::Spectate { match_id, .. } => bounded("match", match_id, MAX_ID)?,
        ClientMessage::Act {
            action, client_id, ..
        } => {
            bounded("client_id", client_id, MAX_ID)?;
            if let ActionRef::Text(text) = action {
                bounded("action", text, MAX_ACTION_TEXT)?;
            }
        }
    }
    Ok(message)
}

/// A refusal: a stable code and a text worded from what the recipient
/// may know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Machine-readable code (`not_your_turn`, `illegal`, ...).
    pub code: &'static str,
    /// The reason, for people.
    pub text: String,
}

impl Refusal {
    /// A refusal with a code and text.
    pub fn new(code: &'static str, text: impl Into<String>) -> Self {
        Refusal {
            code,
            text: text.into(),
        }
    }
}

/// `welcome`: the connection is bound.
pub fn welcome(
    match_id: &str,
    seat: Option<usize>,
    game: &str,
    config: &Value,
    seats: &[String],
    seq: usize,
    update: &Value,
) -> String {
    json!({
        "type": "welcome",
        "match": match_id,
        "seat": seat,
        "game": game,
        "config": config,
        "seats": seats,
        "seq": seq,
        "update": update,
    })
    .to_string()
}

/// `update`: entries the recipient had not seen, and its view now.
pub fn update(seq: usize, update: &Value) -> String {
    json!({ "type": "update", "seq": seq, "update": update }).to_string()
}

/// For a connection that asked for view patches: `update.view` replaced
/// by `update.view_patch`, the JSON Patch from `last_view` (the last view
/// that connection was sent) to the view now.
pub fn patch_view(update: &mut Value, last_view: &Value) {
    if let Some(fields) = update.as_object_mut() {
        if let Some(view) = fields.remove("view") {
            let ops = crate::patch::diff(last_view, &view);
            fields.insert("view_patch".to_owned(), Value::Array(ops));
        }
    }
}

/// For a connection that asked for known texts: each `[id, text]` of
/// `update.legal` whose id is in `sent` (sorted: the ids whose text that
/// connection was told) becomes `[id]`; the others are added to `sent`.
/// An id names the same text throughout a match.
pub fn drop_known_texts(update: &mut Value, sent: &mut Vec<u32>) {
    let Some(legal) = update.get_mut("legal").and_then(Value::as_array_mut) else {
        return;
    };
    for pair in legal {
        let Some(id) = pair
            .get(0)
            .and_then(Value::as_u64)
            .and_then(|id| u32::try_from(id).ok())
        else {
            continue;
        };
        match sent.binary_search(&id) {
            Ok(_) => *pair = json!([id]),
            Err(at) => sent.insert(at, id),
        }
    }
}

/// `refused`: the message was not acted on; the state is unchanged.
pub fn refused(client_id: Option<&str>, refusal: &Refusal) -> String {
    json!({
        "type": "refused",
        "client_id": client_id,
        "reason": { "code": refusal.code, "text": refusal.text },
    })
    .to_string()
}

/// `stale`: the action named an old sequence number; a fresh view follows
/// in `update` (the entries after the client's `seq`).
pub fn stale(client_id: &str, seq: usize, update: &Value) -> String {
    json!({ "type": "stale", "client_id": client_id, "seq": seq, "update": update }).to_string()
}

/// `error`: the connection cannot go on (it is closed after this).
pub fn error(refusal: &Refusal) -> String {
    json!({ "type": "error", "reason": { "code": refusal.code, "text": refusal.text } }).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_each_message() {
        assert_eq!(
            decode(r#"{"type":"hello","token":"ab","last_seq":3}"#),
            Ok(ClientMessage::Hello {
                token: "ab".into(),
                last_seq: Some(3),
                view_patches: false,
                known_texts: false,
            })
        );
        assert_eq!(
            decode(r#"{"type":"spectate","match":"m","view_patches":true,"known_texts":true}"#),
            Ok(ClientMessage::Spectate {
                match_id: "m".into(),
                last_seq: None,
                view_patches: true,
                known_texts: true,
            })
        );
        assert_eq!(
            decode(r#"{"type":"act","seq":1,"action":"roll","client_id":"c"}"#),
            Ok(ClientMessage::Act {
                seq: 1,
                action: ActionRef::Text("roll".into()),
                client_id: "c".into()
            })
        );
        assert_eq!(
            decode(r#"{"type":"act","seq":1,"action":7,"client_id":"c"}"#),
            Ok(ClientMessage::Act {
                seq: 1,
                action: ActionRef::Id(7),
                client_id: "c".into()
            })
        );
    }

    #[test]
    fn refuses_what_is_not_a_message() {
        for text in [
            "",
            "{",
            "[]",
            r#"{"type":"act"}"#,
            r#"{"type":"hello","token":"a","seat":1}"#,
            r#"{"type":"hello","token":"a","view_patches":1}"#,
            r#"{"type":"act","seq":-1,"action":1,"client_id":"c"}"#,
            r#"{"type":"act","seq":1,"action":1.5,"client_id":"c"}"#,
        ] {
            assert_eq!(
                decode(text).map_err(|e| e.code()),
                Err("bad_message"),
                "{text}"
            );
        }
        let long = format!(r#"{{"type":"hello","token":"{}"}}"#, "a".repeat(65));
        assert_eq!(decode(&long), Err(DecodeError::FieldTooLong("token")));
        let huge = "x".repeat(MAX_CLIENT_MESSAGE + 1);
        assert_eq!(decode(&huge).map_err(|e| e.code()), Err("too_large"));
    }
}
