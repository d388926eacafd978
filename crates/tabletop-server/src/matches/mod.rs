//! The matches: one task per live match and the table it owns, the bots'
//! threads, talk at the table, and the names its players go by.

pub mod actor;
pub mod bots;
pub mod games;
pub mod names;
pub mod talk;
