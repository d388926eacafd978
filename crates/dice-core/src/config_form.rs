//! A config's form as written: what a game's config is read from before
//! its checks run.

/// Declares `$raw`, the form `$config` is written in (the same fields;
/// missing ones take the default's values, unknown ones are refused), and
/// reads it into `$config` through `$check`, which refuses a table the game
/// does not seat. It serves a config declared with
/// `#[serde(try_from = "$raw")]`, so that a config read from JSON passes
/// the same checks as one built in code. The calling crate's `serde`
/// feature turns it on; its `schema` feature derives the raw form's schema.
///
/// ```text
/// dice_core::config_as_written!(RerollConfig as RawRerollConfig {
///     players: usize,
///     rounds: u32,
/// } checked by RerollConfig::validate, RerollError);
/// ```
#[macro_export]
macro_rules! config_as_written {
    ($config:ident as $raw:ident {
        $($field:ident: $ty:ty),+ $(,)?
    } checked by $check:path, $error:ty) => {
        /// A config as written, before it is checked; missing fields take
        /// the default's values.
        #[cfg(feature = "serde")]
        #[derive(serde::Deserialize)]
        #[serde(deny_unknown_fields, default)]
        #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
        struct $raw {
            $($field: $ty),+
        }

        #[cfg(feature = "serde")]
        impl Default for $raw {
            fn default() -> Self {
                let $config { $($field),+ } = $config::default();
                $raw { $($field),+ }
            }
        }

        #[cfg(feature = "serde")]
        impl TryFrom<$raw> for $config {
            type Error = $error;

            fn try_from(raw: $raw) -> Result<Self, $error> {
                let config = $config { $($field: raw.$field),+ };
                $check(&config).map(|_| config)
            }
        }
    };
}
