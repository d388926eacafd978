//! What goes over the wire: the messages a client may send, the frames the
//! server sends, the stable refusal codes, the view patches between two
//! views (worked out from their JSON texts), and each game's view schema
//! for the pages.

pub mod client_message;
pub mod code;
pub mod json_text;
pub mod patch;
pub mod server_message;
pub mod view_schema;
