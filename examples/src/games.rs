//! The games the tools know, by the name a command line or a record gives,
//! and the one place that turns a name into a type.

use crate::playable::PlayableGame;

/// A game by name: `age-of-war`, `armadora`, `era` or `pig`, as
/// [`Game::NAME`](dice_core::Game::NAME) spells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GameName {
    /// Age of War.
    AgeOfWar,
    /// Armadöra.
    Armadora,
    /// Era: Medieval Age.
    Era,
    /// Pig, the smallest dice game.
    Pig,
}

/// Work to do with one game's type, chosen at run time by a [`GameName`].
pub trait GameTask {
    /// What the work gives.
    type Output;

    /// Does the work for game `G`.
    fn run<G: PlayableGame>(self) -> Self::Output;
}

impl GameName {
    /// Runs `task` with this game's type.
    pub fn run<T: GameTask>(self, task: T) -> T::Output {
        match self {
            GameName::AgeOfWar => task.run::<age_of_war_rules::AgeOfWar>(),
            GameName::Armadora => task.run::<armadora_rules::Armadora>(),
            GameName::Era => task.run::<era_rules::Era>(),
            GameName::Pig => task.run::<dice_core::pig::Pig>(),
        }
    }

    /// The name records use for this game.
    pub fn record_name(self) -> &'static str {
        struct Name;
        impl GameTask for Name {
            type Output = &'static str;
            fn run<G: PlayableGame>(self) -> &'static str {
                G::NAME
            }
        }
        self.run(Name)
    }

    /// The game a record names, if the tools know it.
    pub fn from_record_name(name: &str) -> Option<GameName> {
        <GameName as clap::ValueEnum>::value_variants()
            .iter()
            .copied()
            .find(|game| game.record_name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_names_are_record_names() {
        for &game in <GameName as clap::ValueEnum>::value_variants() {
            let value = clap::ValueEnum::to_possible_value(&game).unwrap();
            assert_eq!(value.get_name(), game.record_name());
            assert_eq!(GameName::from_record_name(game.record_name()), Some(game));
        }
        assert_eq!(GameName::from_record_name("chess"), None);
    }
}
