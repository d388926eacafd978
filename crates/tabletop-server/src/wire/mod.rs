//! What goes over the wire: the messages a client may send, the frames the
//! server sends, the stable refusal codes, the view patches between two
//! views, and each game's view schema for the pages.

pub mod client_message;
pub mod code;
pub mod patch;
pub mod server_message;
pub mod view_schema;
