//! A square's or a line's name, written whole: a view names dozens of
//! squares and lines, and a legal action's text one or two, so a name is
//! one string written at once rather than pieces through `core::fmt`.

/// A thing with a short name written as is (`d3`, `c2e`).
pub(crate) trait Named {
    /// Calls `write` with the name.
    fn with_name<R>(&self, write: impl FnOnce(&str) -> R) -> R;
}
