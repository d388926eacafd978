//! Arbitrary bytes as a client message of the game server's protocol: the
//! decoder never panics, refuses anything over the size limit, and what it
//! accepts has every field within the protocol's bounds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabletop_server::wire::client_message::{ActionRef, ClientMessage, MAX_CLIENT_MESSAGE, decode};
use tabletop_server::wire::code::Code;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match decode(text) {
        Ok(message) => {
            assert!(text.len() <= MAX_CLIENT_MESSAGE);
            match message {
                ClientMessage::Hello { token, .. } => assert!(token.len() <= 64),
                ClientMessage::Spectate { match_id, .. } => assert!(match_id.len() <= 64),
                ClientMessage::Act {
                    action, client_id, ..
                } => {
                    assert!(client_id.len() <= 64);
                    if let ActionRef::Text(t) = action {
                        assert!(t.len() <= 256);
                    }
                }
                ClientMessage::Say { text } => assert!(text.len() <= 1024),
            }
        }
        Err(e) => {
            let code = e.code();
            assert!(code == Code::TooLarge || code == Code::BadMessage);
            if text.len() > MAX_CLIENT_MESSAGE {
                assert_eq!(code, Code::TooLarge);
            }
        }
    }
});
