//! Player names: text a stranger types when taking a seat, untrusted. It
//! is checked here before it is stored, and pages show it as text only.

/// The most characters a name has.
pub const MAX_NAME_CHARS: usize = 32;

/// Whether `c` may stand in a name: no control characters, no line or
/// paragraph separators, and none of the invisible characters that
/// reorder or hide text (bidirectional overrides and isolates, zero-width
/// marks), so a name shows as what it is.
fn allowed(c: char) -> bool {
    !(c.is_control()
        || (c.is_whitespace() && c != ' ')
        || matches!(c, '\u{AD}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}' | '\u{FFF9}'..='\u{FFFB}'))
}

/// `text` as a player's name: trimmed, 1 to [`MAX_NAME_CHARS`]
/// characters, each one allowed; why not otherwise.
///
/// # Errors
/// An empty or too long name, or one with a character a name may not
/// hold.
pub fn player_name(text: &str) -> Result<String, String> {
    let name = text.trim();
    let chars = name.chars().count();
    if chars == 0 {
        return Err("a name of at least one character".to_owned());
    }
    if chars > MAX_NAME_CHARS {
        return Err(format!(
            "a name of at most {MAX_NAME_CHARS} characters, not {chars}"
        ));
    }
    if let Some(c) = name.chars().find(|&c| !allowed(c)) {
        return Err(format!(
            "a name without control or invisible characters (U+{:04X})",
            u32::from(c)
        ));
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_trimmed_and_kept_as_typed() {
        assert_eq!(player_name("  Ana  ").as_deref(), Ok("Ana"));
        assert_eq!(player_name("Łukasz Żółć").as_deref(), Ok("Łukasz Żółć"));
        assert_eq!(
            player_name("<b>José</b> & co").as_deref(),
            Ok("<b>José</b> & co")
        );
        assert!(player_name(&"é".repeat(MAX_NAME_CHARS)).is_ok());
    }

    #[test]
    fn empty_long_and_hidden_text_is_refused() {
        for bad in [
            "",
            "   ",
            "a\nb",
            "tab\there",
            "nul\0",
            "rtl\u{202E}evil",
            "zero\u{200B}width",
            "line\u{2028}sep",
            "bom\u{FEFF}",
        ] {
            assert!(player_name(bad).is_err(), "{bad:?}");
        }
        assert!(player_name(&"x".repeat(MAX_NAME_CHARS + 1)).is_err());
    }
}
