//! The games the tools know: every game of the registry, by the name a
//! command line or a record gives, and the one place that turns a name
//! into a type.

use clap::builder::PossibleValue;
use tabletop_engines::{Engine, GameVisitor, visit_games, with_game};

use crate::playable::PlayableGame;

/// A game by name, as [`Game::NAME`](dice_core::Game::NAME) spells it: one
/// of the registry's games.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameName(&'static str);

/// Work to do with one game's type, chosen at run time by a [`GameName`].
pub trait GameTask {
    /// What the work gives.
    type Output;

    /// Does the work for game `G`.
    fn run<G: PlayableGame>(self) -> Self::Output;
}

/// Every game's name and title, in the order the command line lists them
/// (by name).
fn names_and_titles() -> Vec<(&'static str, &'static str)> {
    struct All(Vec<(&'static str, &'static str)>);
    impl GameVisitor for All {
        fn visit<G: Engine>(&mut self) {
            self.0.push((G::NAME, G::LISTING.title()));
        }
    }
    let mut all = All(Vec::new());
    visit_games(&mut all);
    all.0.sort_unstable();
    all.0
}

/// Every table option the games declare, by game (by name), each with the
/// game's title and what it does: `(title, option, help)`. An option two
/// games declare is listed once, under the first.
pub fn table_options() -> Vec<(&'static str, &'static str, &'static str)> {
    struct All(Vec<(&'static str, &'static str, &'static str, &'static str)>);
    impl GameVisitor for All {
        fn visit<G: Engine>(&mut self) {
            for &option in G::LISTING.options() {
                self.0
                    .push((G::NAME, G::LISTING.title(), option, G::option_help(option)));
            }
        }
    }
    let mut all = All(Vec::new());
    visit_games(&mut all);
    all.0.sort_by_key(|&(name, ..)| name);
    let mut options: Vec<(&'static str, &'static str, &'static str)> = Vec::new();
    for (_, title, option, help) in all.0 {
        if options.iter().all(|&(_, o, _)| o != option) {
            options.push((title, option, help));
        }
    }
    options
}

impl GameName {
    /// Runs `task` with this game's type.
    ///
    /// # Panics
    /// Never: a `GameName` is only made from a name of the registry.
    pub fn run<T: GameTask>(self, task: T) -> T::Output {
        struct Run<T>(T);
        impl<T: GameTask> tabletop_engines::GameTask for Run<T> {
            type Output = T::Output;
            fn run<G: Engine>(self) -> T::Output {
                self.0.run::<G>()
            }
        }
        // A `GameName` is only ever made from a registry name.
        #[expect(
            clippy::expect_used,
            reason = "every GameName names a game of the registry"
        )]
        with_game(self.0, Run(task)).expect("a game of the registry")
    }

    /// The name records use for this game.
    pub fn record_name(self) -> &'static str {
        self.0
    }

    /// The game a record names, if the tools know it.
    pub fn from_record_name(name: &str) -> Option<GameName> {
        names_and_titles()
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(n, _)| GameName(n))
    }

    /// Every game, by name.
    pub fn all() -> Vec<GameName> {
        names_and_titles()
            .into_iter()
            .map(|(n, _)| GameName(n))
            .collect()
    }
}

impl clap::ValueEnum for GameName {
    fn value_variants<'a>() -> &'a [Self] {
        // The registry's list is fixed for the run: made once, kept.
        static ALL: std::sync::OnceLock<Vec<GameName>> = std::sync::OnceLock::new();
        ALL.get_or_init(GameName::all)
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        let title = names_and_titles()
            .into_iter()
            .find(|(n, _)| *n == self.0)
            .map_or("", |(_, t)| t);
        Some(PossibleValue::new(self.0).help(format!("{title}.")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_line_names_are_record_names() {
        let all = <GameName as clap::ValueEnum>::value_variants();
        assert_eq!(all.len(), tabletop_engines::game_names().len());
        for &game in all {
            let value = clap::ValueEnum::to_possible_value(&game).unwrap();
            assert_eq!(value.get_name(), game.record_name());
            assert_eq!(GameName::from_record_name(game.record_name()), Some(game));
        }
        assert_eq!(GameName::from_record_name("chess"), None);
    }
}
