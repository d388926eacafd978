//! Player names: text a stranger types when taking a seat, untrusted. It
//! is checked here before it is stored, and pages show it as text only.
//!
//! What a name may hold comes from Unicode's own data, not a hand list:
//! the space and printable ASCII, and beyond ASCII only the characters
//! UTS #39 allows in identifiers (its General Security Profile), which
//! leaves out the default-ignorable ones (U+3164, U+FFA0, U+180E, tag
//! characters), those that are not NFKC, obsolete or technical, and the
//! symbols that show nothing (U+2800); format characters (U+061C, U+200D),
//! separators other than the space, control, private-use and unassigned
//! code points are refused by their general category. Two seats of one
//! table may not have names with the same UTS #39 skeleton (`Ana` and
//! `Аna` with a Cyrillic `А`): a player is told apart by name.

use unicode_properties::{GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_security::GeneralSecurityProfile;
use unicode_security::general_security_profile::IdentifierType;

/// The most characters a name has.
pub const MAX_NAME_CHARS: usize = 32;

/// Why a name is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameRefusal {
    /// Nothing but spaces, or nothing at all.
    #[error("a name of at least one character")]
    Empty,
    /// Over [`MAX_NAME_CHARS`] characters.
    #[error("a name of at most {MAX_NAME_CHARS} characters, not {0}")]
    TooLong(usize),
    /// A character a name may not hold: the text names it and why.
    #[error("a name without {why} characters (U+{code_point:04X})")]
    Character {
        /// The first such character's code point.
        code_point: u32,
        /// Its kind, in words.
        why: &'static str,
    },
    /// Another seat of the table has this name, or one that looks the same.
    #[error("another player at this table is called {0:?}, which looks the same")]
    Confusable(String),
}

/// Why `c` hides or breaks text (a control, format, unassigned or
/// private-use character, a separator other than the space, or one that
/// shows nothing), or `None` when it shows: what no text a player types
/// for others may hold, a name or a line said at the table.
pub fn hidden(c: char) -> Option<&'static str> {
    if c == ' ' || c.is_ascii_graphic() {
        return None;
    }
    match c.general_category_group() {
        GeneralCategoryGroup::Other => Some("control, format or unassigned"),
        GeneralCategoryGroup::Separator => Some("line break or wide space"),
        _ if c.identifier_type() == Some(IdentifierType::Default_Ignorable) => Some("invisible"),
        _ => None,
    }
}

/// Why `c` may not stand in a name, or `None` when it may.
fn refused(c: char) -> Option<&'static str> {
    if c == ' ' || c.is_ascii_graphic() {
        return None;
    }
    if let Some(why) = hidden(c) {
        return Some(why);
    }
    if c.identifier_allowed() {
        return None;
    }
    Some(match c.identifier_type() {
        Some(IdentifierType::Default_Ignorable) => "invisible",
        Some(IdentifierType::Not_NFKC) => "compatibility",
        Some(IdentifierType::Not_XID) => "symbol or blank",
        _ => "obsolete, technical or rare",
    })
}

/// `text` as a player's name: trimmed, 1 to [`MAX_NAME_CHARS`]
/// characters, each one allowed; why not otherwise.
///
/// # Errors
/// An empty or too long name, or one with a character a name may not
/// hold.
pub fn player_name(text: &str) -> Result<String, NameRefusal> {
    let name = text.trim();
    let chars = name.chars().count();
    if chars == 0 {
        return Err(NameRefusal::Empty);
    }
    if chars > MAX_NAME_CHARS {
        return Err(NameRefusal::TooLong(chars));
    }
    if let Some((c, why)) = name.chars().find_map(|c| refused(c).map(|why| (c, why))) {
        return Err(NameRefusal::Character {
            code_point: u32::from(c),
            why,
        });
    }
    Ok(name.to_owned())
}

/// Whether two names look the same: their UTS #39 skeletons are equal.
pub fn confusable(a: &str, b: &str) -> bool {
    unicode_security::skeleton(a).eq(unicode_security::skeleton(b))
}

/// `name` for a seat of a table whose other seats are called `others`:
/// refused when one of them looks the same.
///
/// # Errors
/// The first other name that looks the same.
pub fn distinct<'a>(
    name: &str,
    others: impl IntoIterator<Item = &'a str>,
) -> Result<(), NameRefusal> {
    match others.into_iter().find(|other| confusable(name, other)) {
        Some(other) => Err(NameRefusal::Confusable(other.to_owned())),
        None => Ok(()),
    }
}

/// The names a new table's seats are given (`None` for a seat without
/// one), each checked as [`player_name`] checks a name and none looking
/// like an earlier one ([`distinct`]): the names as kept.
///
/// # Errors
/// The first name refused.
pub fn table_names(names: &[Option<String>]) -> Result<Vec<Option<String>>, NameRefusal> {
    let mut kept: Vec<Option<String>> = Vec::with_capacity(names.len());
    for name in names {
        let name = name.as_deref().map(player_name).transpose()?;
        if let Some(name) = &name {
            distinct(name, kept.iter().flatten().map(String::as_str))?;
        }
        kept.push(name);
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_tables_names_are_each_checked_and_told_apart() {
        let given = |names: &[Option<&str>]| {
            table_names(
                &names
                    .iter()
                    .map(|n| n.map(str::to_owned))
                    .collect::<Vec<_>>(),
            )
        };
        assert_eq!(
            given(&[Some(" Ana "), None, Some("Bo")]),
            Ok(vec![Some("Ana".to_owned()), None, Some("Bo".to_owned())])
        );
        assert_eq!(
            given(&[Some("Ana"), None, Some("\u{0410}na")]),
            Err(NameRefusal::Confusable("Ana".to_owned()))
        );
        assert_eq!(given(&[None, Some("  ")]), Err(NameRefusal::Empty));
        assert!(matches!(
            given(&[Some("zero\u{200B}width")]),
            Err(NameRefusal::Character { .. })
        ));
    }

    #[test]
    fn a_name_is_trimmed_and_kept_as_typed() {
        assert_eq!(player_name("  Ana  ").as_deref(), Ok("Ana"));
        assert_eq!(player_name("Łukasz Żółć").as_deref(), Ok("Łukasz Żółć"));
        assert_eq!(
            player_name("<b>José</b> & co").as_deref(),
            Ok("<b>José</b> & co")
        );
        for good in ["Ана", "李小龍", "O’Brien", "Zoë-Müller", "ひらがな", "محمد"]
        {
            assert_eq!(player_name(good).as_deref(), Ok(good));
        }
        assert!(player_name(&"é".repeat(MAX_NAME_CHARS)).is_ok());
    }

    #[test]
    fn empty_long_and_hidden_text_is_refused() {
        for bad in [
            "a\nb",
            "tab\there",
            "nul\0",
            "rtl\u{202E}evil",
            "zero\u{200B}width",
            "line\u{2028}sep",
            "bom\u{FEFF}",
        ] {
            assert!(
                matches!(player_name(bad), Err(NameRefusal::Character { .. })),
                "{bad:?}"
            );
        }
        assert_eq!(player_name("   "), Err(NameRefusal::Empty));
        assert_eq!(
            player_name(&"x".repeat(MAX_NAME_CHARS + 1)),
            Err(NameRefusal::TooLong(MAX_NAME_CHARS + 1))
        );
    }

    /// Characters that show nothing or hide text, by Unicode's
    /// properties: each is refused alone and inside a name.
    #[test]
    fn invisible_format_and_blank_characters_are_refused() {
        for c in [
            '\u{3164}',  // Hangul filler
            '\u{FFA0}',  // halfwidth Hangul filler
            '\u{2800}',  // Braille pattern blank
            '\u{061C}',  // Arabic letter mark
            '\u{180E}',  // Mongolian vowel separator
            '\u{E0041}', // tag Latin capital A
            '\u{E007F}', // cancel tag
            '\u{115F}',  // Hangul choseong filler
            '\u{1160}',  // Hangul jungseong filler
            '\u{034F}',  // combining grapheme joiner
            '\u{200D}',  // zero width joiner
            '\u{2064}',  // invisible plus
            '\u{FE0F}',  // variation selector 16
            '\u{00A0}',  // no-break space
            '\u{3000}',  // ideographic space
            '\u{E000}',  // private use
            '\u{1D173}', // musical symbol begin beam
        ] {
            // Alone, a space is trimmed to nothing; the others stay.
            assert!(player_name(&c.to_string()).is_err(), "{c:?}");
            let text = format!("A{c}na");
            assert_eq!(
                player_name(&text),
                Err(NameRefusal::Character {
                    code_point: u32::from(c),
                    why: refused(c).unwrap_or_default(),
                }),
                "{text:?}"
            );
        }
    }

    #[test]
    fn names_that_look_the_same_are_confusable() {
        assert!(confusable("Ana", "Ana"));
        assert!(confusable("Ana", "\u{0410}na"));
        assert!(confusable("paypal", "pаypаl"));
        assert!(confusable("Il1", "lI1"));
        assert!(!confusable("Ana", "Ann"));
        assert!(!confusable("Ana", "ana"));
        assert_eq!(
            distinct("\u{0410}na", ["Bo", "Ana"]),
            Err(NameRefusal::Confusable("Ana".to_owned()))
        );
        assert_eq!(distinct("Ana", ["Bo", "Eve"]), Ok(()));
    }
}
