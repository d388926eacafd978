//! The reads that a position ([`Era`](crate::Era), [`Player`](crate::Player))
//! and a view of it ([`EraView`](crate::EraView),
//! [`PlayerView`](crate::PlayerView)) share: written once, so that both
//! answer them alike. Each macro expands to inherent methods inside the
//! type's `impl` block.

/// The table's reads: the ruleset, where the game stands and the supply.
/// For a type with the fields `config`, `step`, `round`, `start`,
/// `supply`, `boxed`, `wall_supply`, `scorched_supply`, `tokens` and
/// `flipped`.
macro_rules! table_accessors {
    () => {
        /// The ruleset in force.
        pub fn ruleset(&self) -> &$crate::ruleset::Ruleset {
            self.config.ruleset()
        }

        /// The current step.
        pub fn step(&self) -> $crate::step::Step {
            self.step
        }

        /// The round number, from 1 (0 during the setup).
        pub fn round(&self) -> u32 {
            self.round
        }

        /// The seat holding the round marker (the start player, ERA-6).
        pub fn start_player(&self) -> ::dice_core::seat::Seat {
            self.start
        }

        /// Buildings of each type in the supply.
        pub fn supply(&self) -> $crate::map::ByBuilding<u8> {
            self.supply
        }

        /// Buildings of each type returned to the box (2-player setup, Fire).
        pub fn boxed(&self) -> $crate::map::ByBuilding<u8> {
            self.boxed
        }

        /// Walls of each length (index = length − 1) in the supply.
        pub fn wall_supply(&self) -> [u8; $crate::piece::MAX_WALL_LENGTH as usize] {
            self.wall_supply
        }

        /// Scorched areas in the supply.
        pub fn scorched_supply(&self) -> u8 {
            self.scorched_supply
        }

        /// Tracking tokens in play and how many show X (ERA-19).
        pub fn tracking_tokens(&self) -> (u8, u8) {
            (self.tracking.in_play, self.tracking.showing_x)
        }
    };
}

/// A player's public reads: the layout's progress, the tracks and the
/// dice that every viewer sees. For a type with the fields `laid_out`,
/// `resources`, `culture`, `disaster`, `owned`, `choices`, `rolling`,
/// `rolls` and `fresh`.
macro_rules! board_accessors {
    () => {
        /// How many start pieces this player has laid out (ERA-5).
        pub fn laid_out(&self) -> u8 {
            self.laid_out
        }

        /// Resources on the tracks.
        pub fn resources(&self) -> $crate::map::ByResource<u8> {
            self.resources
        }

        /// One resource.
        pub fn resource(&self, resource: $crate::symbols::Resource) -> u8 {
            self.resources[resource]
        }

        /// Culture in all: the track plus a lap's points per lap (ERA-15).
        pub fn culture(&self) -> u32 {
            self.culture
        }

        /// Disaster points in all: the track plus a lap's points per lap
        /// (ERA-21).
        pub fn disaster(&self) -> u32 {
            self.disaster
        }

        /// The dice owned, per colour (ERA-2).
        pub fn owned_dice(&self) -> $crate::map::ByColour<u8> {
            self.owned
        }

        /// The dice on choice faces whose set is still to be picked at
        /// Collect (ERA-15; public, like every die after the reveal).
        pub fn choices(&self) -> &$crate::dice::DiceCounts {
            &self.choices
        }

        /// Dice in hand about to be rolled, per colour.
        pub fn rolling(&self) -> $crate::map::ByColour<u8> {
            self.rolling
        }

        /// Rolls made this round (ERA-12).
        pub fn rolls(&self) -> u8 {
            self.rolls
        }

        /// White dice on each feather face that may still be re-rolled
        /// (ERA-13).
        pub fn unused_feathers(&self) -> $crate::map::FaceCounts {
            self.fresh
        }
    };
}

pub(crate) use {board_accessors, table_accessors};
