//! The part of [`Game`](crate::Game) a game with nothing hidden writes the
//! same way as every other such game.

// What the macro's expansion names, by a path that reaches them from the
// crate that expands it.
pub use crate::game::Viewer;
pub use crate::inconsistent::InconsistentView;
pub use crate::rng::DiceRng;

/// Inside `impl Game`, declares a game with nothing hidden: every seat and
/// every spectator sees the whole position, every action and every chance
/// outcome. The view is the state itself, what a viewer sees of an action
/// or an outcome is that action or outcome, and the only state a view can
/// stand for is the view itself. It writes the associated types `View`,
/// `SeenAction` and `SeenChance` and the methods `view`, `determinize`,
/// `seen_action` and `seen_chance`; the action and chance types are `Copy`.
///
/// ```text
/// impl Game for Pig {
///     type Config = PigConfig;
///     type Action = PigAction;
///     type Chance = u8;
///     type Error = PigError;
///     const NAME: &'static str = "pig";
///     dice_core::perfect_information!();
///     // ...
/// }
/// ```
#[macro_export]
macro_rules! perfect_information {
    () => {
        type SeenAction = Self::Action;
        type SeenChance = Self::Chance;
        type View = Self;

        fn view(&self, _viewer: $crate::perfect_information::Viewer) -> Self {
            self.clone()
        }

        fn determinize(
            view: &Self,
            _rng: &mut $crate::perfect_information::DiceRng,
        ) -> ::core::result::Result<Self, $crate::perfect_information::InconsistentView> {
            ::core::result::Result::Ok(view.clone())
        }

        fn seen_action(
            &self,
            action: &Self::Action,
            _viewer: $crate::perfect_information::Viewer,
        ) -> Self::Action {
            *action
        }

        fn seen_chance(
            &self,
            outcome: &Self::Chance,
            _viewer: $crate::perfect_information::Viewer,
        ) -> Self::Chance {
            *outcome
        }
    };
}
