//! What a client may send on its WebSocket, decoded strictly and bounded
//! in size. The contract is written out in `PROTOCOL.md`.

use schemars::JsonSchema;
use serde::Deserialize;

use crate::wire::code::Code;

/// The largest client message accepted, in bytes.
pub const MAX_CLIENT_MESSAGE: usize = 4096;
/// The longest token, match id or client id accepted.
const MAX_ID: usize = 64;
/// The longest action text accepted.
const MAX_ACTION_TEXT: usize = 256;
/// The longest line of talk decoded, in bytes: room for
/// [`MAX_LINE_CHARS`](crate::matches::talk::MAX_LINE_CHARS) characters of four
/// bytes and the spaces around them; the line's own limit is counted in
/// characters after.
const MAX_SAY_TEXT: usize = 1024;

/// An action as a client names it: its id, or its text.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum ActionRef {
    /// The action id.
    Id(u32),
    /// The action as text (`warrior b1 4`).
    Text(String),
}

/// What both messages that bind a connection (`hello`, `spectate`)
/// carry after what they bind to.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, JsonSchema)]
pub struct Binding {
    /// The last sequence number seen, to resume from.
    #[serde(default)]
    pub last_seq: Option<usize>,
    /// Whether each `update` carries a patch of the last view sent
    /// (`view_patch`) instead of the whole `view`.
    #[serde(default)]
    pub view_patches: bool,
    /// Whether a legal action's text is sent only the first time
    /// (`[id]` alone after that).
    #[serde(default)]
    pub known_texts: bool,
    /// Whether each update carries its entries in words
    /// (`narration`).
    #[serde(default)]
    pub narration: bool,
}

/// A message from a client.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Binds the connection to the seat the token opens.
    Hello {
        /// The capability token of the seat.
        token: String,
        /// Where to resume from, and the opt-ins.
        #[serde(flatten)]
        binding: Binding,
    },
    /// Binds the connection to a match as a spectator.
    Spectate {
        /// The match id.
        #[serde(rename = "match")]
        match_id: String,
        /// Where to resume from, and the opt-ins.
        #[serde(flatten)]
        binding: Binding,
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
    /// A line of talk from the bound seat, to everyone at the match.
    Say {
        /// The line: at most 200 characters once trimmed, text only.
        text: String,
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
    pub fn code(&self) -> Code {
        match self {
            DecodeError::TooLarge(_) => Code::TooLarge,
            DecodeError::Malformed(_) | DecodeError::FieldTooLong(_) => Code::BadMessage,
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
        ClientMessage::Say { text } => bounded("text", text, MAX_SAY_TEXT)?,
    }
    Ok(message)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_binding_message_with_a_field_it_does_not_know_is_refused() {
        for text in [
            r#"{"type":"hello","token":"ab","view_patch":true}"#,
            r#"{"type":"spectate","match":"m","last_seq":1,"resume":true}"#,
        ] {
            assert!(
                matches!(decode(text), Err(DecodeError::Malformed(e)) if e.contains("unknown field")),
                "{text}"
            );
        }
    }

    #[test]
    fn decodes_each_message() {
        assert_eq!(
            decode(r#"{"type":"hello","token":"ab","last_seq":3}"#),
            Ok(ClientMessage::Hello {
                token: "ab".into(),
                binding: Binding {
                    last_seq: Some(3),
                    ..Binding::default()
                },
            })
        );
        assert_eq!(
            decode(
                r#"{"type":"spectate","match":"m","view_patches":true,"known_texts":true,"narration":true}"#
            ),
            Ok(ClientMessage::Spectate {
                match_id: "m".into(),
                binding: Binding {
                    last_seq: None,
                    view_patches: true,
                    known_texts: true,
                    narration: true,
                },
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
        assert_eq!(
            decode(r#"{"type":"say","text":"<b>hi</b>"}"#),
            Ok(ClientMessage::Say {
                text: "<b>hi</b>".into()
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
                Err(Code::BadMessage),
                "{text}"
            );
        }
        let long = format!(r#"{{"type":"hello","token":"{}"}}"#, "a".repeat(65));
        assert_eq!(decode(&long), Err(DecodeError::FieldTooLong("token")));
        let huge = "x".repeat(MAX_CLIENT_MESSAGE + 1);
        assert_eq!(decode(&huge).map_err(|e| e.code()), Err(Code::TooLarge));
    }
}
