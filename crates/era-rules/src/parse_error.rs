//! The errors of text that names nothing: a unit type per kind of name,
//! whose message says what the text should have been.

/// Declares a unit error type with its message and `core::error::Error`.
macro_rules! parse_error {
    ($(#[$meta:meta])* $name:ident, $message:literal) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq)]
        #[non_exhaustive]
        pub struct $name;

        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str($message)
            }
        }

        impl core::error::Error for $name {}
    };
}

pub(crate) use parse_error;
