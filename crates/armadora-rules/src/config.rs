//! What the players choose before the game: table size, factions and
//! options.

use dice_core::Seat;

use crate::army::{Faction, MAX_PLAYERS, Supply, starting_warriors};
use crate::error::ArmadoraError;

/// Table size, factions and options.
///
/// In a record: `{"players": n, "factions": [...], "advanced": bool,
/// "peek_own": bool, "teams": bool}`. Missing fields take their defaults:
/// two players, factions in the order orc, goblin, elf, mage, the base game,
/// `peek_own` on (ARM-14), and teams exactly when there are four players
/// (ARM-13).
///
/// ```
/// use armadora_rules::{ArmadoraConfig, Faction};
///
/// let config = ArmadoraConfig::new(4).free_for_all().advanced(true);
/// assert!(!config.is_teams());
/// let config = ArmadoraConfig::new(2)
///     .with_factions(&[Faction::Mage, Faction::Elf])
///     .unwrap();
/// assert_eq!(config.factions(), &[Faction::Mage, Faction::Elf]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize),
    serde(into = "serde_impl::ConfigOut")
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ArmadoraConfig {
    players: usize,
    factions: [Faction; MAX_PLAYERS],
    advanced: bool,
    peek_own: bool,
    teams: bool,
}

impl Default for ArmadoraConfig {
    /// Two players, base game.
    fn default() -> Self {
        ArmadoraConfig::new(2)
    }
}

impl ArmadoraConfig {
    /// `players` seats with the default factions and options; a count
    /// outside 2–4 is refused by [`validate`](Self::validate) and
    /// `Armadora::new`.
    pub const fn new(players: usize) -> Self {
        ArmadoraConfig {
            players,
            factions: Faction::ALL,
            advanced: false,
            peek_own: true,
            teams: players == 4,
        }
    }

    /// The same with these factions, one per seat.
    ///
    /// # Errors
    /// [`ArmadoraError::Factions`] unless there is exactly one faction per
    /// seat and no faction twice (ARM-4).
    pub fn with_factions(mut self, factions: &[Faction]) -> Result<Self, ArmadoraError> {
        if factions.len() != self.players || listed_twice(factions).is_some() {
            return Err(ArmadoraError::Factions);
        }
        // Seats beyond the table keep the other factions, so the four stay
        // distinct.
        let others = Faction::ALL.into_iter().filter(|f| !factions.contains(f));
        for (slot, faction) in self
            .factions
            .iter_mut()
            .zip(factions.iter().copied().chain(others))
        {
            *slot = faction;
        }
        Ok(self)
    }

    /// The same with the advanced powers and reinforcement (ARM-15) on or off.
    #[must_use]
    pub const fn advanced(self, on: bool) -> Self {
        ArmadoraConfig {
            advanced: on,
            ..self
        }
    }

    /// The same with players allowed, or not, to look at their own face-down
    /// warriors (ARM-14).
    #[must_use]
    pub const fn peek_own(self, on: bool) -> Self {
        ArmadoraConfig {
            peek_own: on,
            ..self
        }
    }

    /// Four players each for themselves instead of two teams (ARM-13,
    /// provisional option).
    #[must_use]
    pub const fn free_for_all(self) -> Self {
        ArmadoraConfig {
            teams: false,
            ..self
        }
    }

    /// Whether the config is playable: 2–4 players, distinct factions,
    /// teams only with four.
    ///
    /// # Errors
    /// The rule it breaks.
    pub fn validate(&self) -> Result<(), ArmadoraError> {
        if !(2..=MAX_PLAYERS).contains(&self.players) {
            return Err(ArmadoraError::Players(self.players));
        }
        if listed_twice(self.factions()).is_some() {
            return Err(ArmadoraError::Factions);
        }
        if self.teams && self.players != 4 {
            return Err(ArmadoraError::Teams);
        }
        Ok(())
    }

    /// How many seats.
    pub const fn players(&self) -> usize {
        self.players
    }

    /// Each seat's faction.
    pub fn factions(&self) -> &[Faction] {
        self.factions.get(..self.players).unwrap_or(&self.factions)
    }

    /// The faction at `seat`, if it is at the table.
    pub fn faction(&self, seat: usize) -> Option<Faction> {
        self.factions().get(seat).copied()
    }

    /// The seat playing `faction`, if any.
    pub fn seat_of(&self, faction: Faction) -> Option<usize> {
        self.factions().iter().position(|&f| f == faction)
    }

    /// Whether the advanced rules (ARM-15, ARM-16) are in play.
    pub const fn is_advanced(&self) -> bool {
        self.advanced
    }

    /// Whether players may look at their own face-down warriors (ARM-14).
    pub const fn is_peek_own(&self) -> bool {
        self.peek_own
    }

    /// Whether seats 0 and 2 play against seats 1 and 3 (ARM-13).
    pub const fn is_teams(&self) -> bool {
        self.teams
    }

    /// Whether `a` and `b` play for the same side: the same seat, or
    /// partners in the team game.
    pub const fn same_side(&self, a: Seat, b: Seat) -> bool {
        self.side_of(a) == self.side_of(b)
    }

    /// The side `seat` plays for: its team in the team game (0 for seats 0
    /// and 2, 1 for seats 1 and 3), else the seat itself.
    pub const fn side_of(&self, seat: Seat) -> usize {
        if self.teams { seat % 2 } else { seat }
    }

    /// How many sides contend: two teams, or every seat.
    pub const fn sides(&self) -> usize {
        if self.teams { 2 } else { self.players }
    }

    /// The warriors each player starts with (ARM-5); `None` for a table
    /// size the game does not have.
    pub fn starting_supply(&self) -> Option<Supply> {
        starting_warriors(self.players)
    }
}

/// The first faction listed a second time, if any (ARM-4: one each).
fn listed_twice(factions: &[Faction]) -> Option<Faction> {
    factions
        .iter()
        .enumerate()
        .find(|&(seen, faction)| factions.iter().take(seen).any(|earlier| earlier == faction))
        .map(|(_, &faction)| faction)
}

#[cfg(feature = "serde")]
mod serde_impl {
    use super::{ArmadoraConfig, Faction, listed_twice};
    use alloc::vec::Vec;
    use serde::{Deserialize, Deserializer, Serialize, de::Error};

    /// The written form: every field, so a record reads the same whatever
    /// the defaults become.
    #[derive(Serialize)]
    #[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
    pub(super) struct ConfigOut {
        players: usize,
        factions: Vec<Faction>,
        advanced: bool,
        peek_own: bool,
        teams: bool,
    }

    impl From<ArmadoraConfig> for ConfigOut {
        fn from(config: ArmadoraConfig) -> Self {
            ConfigOut {
                players: config.players,
                factions: config.factions().to_vec(),
                advanced: config.advanced,
                peek_own: config.peek_own,
                teams: config.teams,
            }
        }
    }

    const fn two() -> usize {
        2
    }

    const fn yes() -> bool {
        true
    }

    /// The read form: a missing field takes its documented default.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawConfig {
        #[serde(default = "two")]
        players: usize,
        #[serde(default)]
        factions: Option<Vec<Faction>>,
        #[serde(default)]
        advanced: bool,
        #[serde(default = "yes")]
        peek_own: bool,
        /// Teams exactly with four players unless said otherwise.
        #[serde(default)]
        teams: Option<bool>,
    }

    impl<'de> Deserialize<'de> for ArmadoraConfig {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            let raw = RawConfig::deserialize(d)?;
            let mut config = ArmadoraConfig::new(raw.players);
            config.validate().map_err(D::Error::custom)?;
            if let Some(factions) = raw.factions {
                if factions.len() != config.players {
                    return Err(D::Error::custom(format_args!(
                        "ARM-4: {} factions listed for {} players",
                        factions.len(),
                        config.players
                    )));
                }
                if let Some(twice) = listed_twice(&factions) {
                    return Err(D::Error::custom(format_args!(
                        "ARM-4: faction {twice} is listed twice"
                    )));
                }
                config = config.with_factions(&factions).map_err(D::Error::custom)?;
            }
            config.advanced = raw.advanced;
            config.peek_own = raw.peek_own;
            if let Some(teams) = raw.teams {
                config.teams = teams;
            }
            config.validate().map_err(D::Error::custom)?;
            Ok(config)
        }
    }
}
