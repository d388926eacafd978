//! `Display` for the game's named values (colours, resources, buildings,
//! steps): each is shown by the name it has in records and rule text.

/// Implements `Display` for `$name` by writing its `name()`.
macro_rules! display_name {
    ($name:ty) => {
        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}
pub(crate) use display_name;
