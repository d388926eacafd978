//! The games of the registry: the one list in the workspace. A game is
//! added here, in this crate's `Cargo.toml` (its feature) and in the
//! workspace's `[workspace.dependencies]`; everything else (the names,
//! loading, bots, the catalogue, the tools, the Python and JavaScript
//! packages, the server, the schema tests) reads the game's declaration
//! ([`Listed`](dice_core::listing::Listed)) through this list.

use serde_json::{Map, Value};

use crate::state::Engine;

/// The rules crates, re-exported at the crate root: the contract (with
/// Pig) and each game's.
pub mod rules {
    #[cfg(feature = "age-of-war")]
    pub use age_of_war_rules;
    #[cfg(feature = "armadora")]
    pub use armadora_rules;
    pub use dice_core;
    #[cfg(feature = "era")]
    pub use era_rules;
    #[cfg(feature = "liars-dice")]
    pub use liars_dice_rules;
}

/// Work done with one game's type, for each game ([`visit_games`]) or for
/// the game of a name ([`with_game`]).
pub trait GameVisitor {
    /// Does the work for game `G`.
    fn visit<G: Engine>(&mut self);
}

/// Calls `visitor` with every game's type, in the registry's order.
pub fn visit_games(visitor: &mut impl GameVisitor) {
    #[cfg(feature = "pig")]
    visitor.visit::<dice_core::pig::Pig>();
    #[cfg(feature = "age-of-war")]
    visitor.visit::<age_of_war_rules::AgeOfWar>();
    #[cfg(feature = "armadora")]
    visitor.visit::<armadora_rules::Armadora>();
    #[cfg(feature = "era")]
    visitor.visit::<era_rules::Era>();
    #[cfg(feature = "liars-dice")]
    visitor.visit::<liars_dice_rules::LiarsDice>();
    let _ = visitor;
}

/// Work to do with the type of the game a name names.
pub trait GameTask {
    /// What the work gives.
    type Output;

    /// Does the work for game `G`.
    fn run<G: Engine>(self) -> Self::Output;
}

/// Runs `task` with the type of the game that answers to `name` (its name
/// or one of its other names); `None` when no game does.
///
/// ```
/// use tabletop_engines::{Engine, GameTask, with_game};
///
/// struct Title;
/// impl GameTask for Title {
///     type Output = &'static str;
///     fn run<G: Engine>(self) -> &'static str {
///         G::LISTING.title()
///     }
/// }
/// assert_eq!(with_game("age_of_war", Title), Some("Age of War"));
/// assert_eq!(with_game("chess", Title), None);
/// ```
pub fn with_game<T: GameTask>(name: &str, task: T) -> Option<T::Output> {
    struct Find<'a, T: GameTask> {
        name: &'a str,
        task: Option<T>,
        output: Option<T::Output>,
    }
    impl<T: GameTask> GameVisitor for Find<'_, T> {
        fn visit<G: Engine>(&mut self) {
            if G::LISTING.answers_to(self.name) {
                if let Some(task) = self.task.take() {
                    self.output = Some(task.run::<G>());
                }
            }
        }
    }
    let mut find = Find {
        name,
        task: Some(task),
        output: None,
    };
    visit_games(&mut find);
    find.output
}

/// The parameters a new game of `G` takes by default beyond its config's
/// serde defaults: a new Era game plays the engine's rules revision (a
/// config's serde form reads a missing `revision` as an old record's,
/// which is refused).
pub(crate) fn new_game_params<G: Engine>(params: &Map<String, Value>) -> Map<String, Value> {
    #[allow(unused_mut, reason = "only Era adds a parameter")]
    let mut params = params.clone();
    #[cfg(feature = "era")]
    if G::NAME == <era_rules::Era as dice_core::Game>::NAME {
        params
            .entry("revision")
            .or_insert_with(|| Value::from(era_rules::RULES_REVISION));
    }
    params
}
