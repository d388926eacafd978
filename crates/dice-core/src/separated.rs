//! Lists in a game's text forms, written with a separator between items.

use core::fmt;

/// Writes each of `items` through `write_item`, with `separator` between
/// two of them and nothing before the first or after the last: the lists
/// a game's `Display` writes (a roll's faces, a map's entries).
///
/// ```
/// use core::fmt;
///
/// struct Roll(Vec<u8>);
///
/// impl fmt::Display for Roll {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         dice_core::write_separated(f, " ", &self.0, |f, face| write!(f, "d{face}"))
///     }
/// }
///
/// assert_eq!(Roll(vec![1, 5, 6]).to_string(), "d1 d5 d6");
/// assert_eq!(Roll(vec![]).to_string(), "");
/// ```
///
/// # Errors
/// The first error of the formatter or of `write_item`.
pub fn write_separated<'f, T>(
    f: &mut fmt::Formatter<'f>,
    separator: &str,
    items: impl IntoIterator<Item = T>,
    mut write_item: impl FnMut(&mut fmt::Formatter<'f>, T) -> fmt::Result,
) -> fmt::Result {
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            f.write_str(separator)?;
        }
        write_item(f, item)?;
    }
    Ok(())
}
