//! Telling a game as it goes, from one viewpoint: what `play` prints and
//! what `replay` prints of a record's history.

use std::fmt;

use dice_core::{Entry, Game, SeenEntry, Viewer};

use crate::playable::PlayableGame;

/// From whose eyes a game is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewpoint {
    /// Everything, secrets included: the record owner's log, each entry
    /// in the game's full notation ([`Game::action_text`],
    /// [`Game::chance_text`]).
    Omniscient,
    /// What one seat, or a spectator, may know: each entry as
    /// [`Game::seen_action`] and [`Game::seen_chance`] show it to them.
    Of(Viewer),
}

impl Viewpoint {
    /// Whose view the tables are drawn from. The omniscient log draws a
    /// spectator's: every table is drawn where nothing on it is hidden but
    /// Armadöra's face-down warriors, whose values its narration names.
    pub fn drawing_viewer(self) -> Viewer {
        match self {
            Viewpoint::Omniscient => Viewer::Spectator,
            Viewpoint::Of(viewer) => viewer,
        }
    }

    /// One line for `entry`, applied to `before`.
    pub fn entry_line<G: Game>(self, before: &G, entry: &Entry<G>) -> String {
        match (self, entry) {
            (Viewpoint::Of(viewer), _) => SeenEntry::new(before, entry, viewer).to_string(),
            (Viewpoint::Omniscient, Entry::Chance(outcome)) => {
                format!("chance: {}", before.chance_text(outcome))
            }
            (Viewpoint::Omniscient, Entry::Action { player, action }) => match player {
                Some(seat) => format!("player {seat}: {}", before.action_text(action)),
                None => before.action_text(action),
            },
        }
    }

    /// Everything to tell of one step: the entry's line, then what the
    /// game adds from this viewpoint's views (a conquest, the board at the
    /// end of a round).
    pub fn narrate<G: PlayableGame>(self, before: &G, entry: &Entry<G>, after: &G) -> String {
        let mut text = self.entry_line(before, entry);
        let viewer = self.drawing_viewer();
        if let Some(more) = G::tell_step(&before.view(viewer), &after.view(viewer)) {
            text.push('\n');
            text.push_str(more.trim_end());
        }
        text
    }

    /// A whole log, from the game's start: one [`narrate`](Self::narrate)
    /// per entry.
    ///
    /// # Errors
    /// The index of an entry the game refuses (none does in a log that a
    /// match or a replay produced).
    pub fn narrate_log<G: PlayableGame>(
        self,
        config: &G::Config,
        log: &[Entry<G>],
    ) -> Result<Vec<String>, String> {
        let mut lines = Vec::with_capacity(log.len());
        self.narrate_each(config, log, |line| lines.push(line))?;
        Ok(lines)
    }

    /// As [`narrate_log`](Self::narrate_log), each entry's narration handed
    /// to `tell` as it is made, so that a long log is never held as text.
    ///
    /// # Errors
    /// As [`narrate_log`](Self::narrate_log); the entries before the one
    /// refused have been told.
    pub fn narrate_each<G: PlayableGame>(
        self,
        config: &G::Config,
        log: &[Entry<G>],
        mut tell: impl FnMut(String),
    ) -> Result<(), String> {
        let mut state = G::new(config).map_err(|e| format!("invalid config: {e}"))?;
        for (index, entry) in log.iter().enumerate() {
            let before = state.clone();
            match entry {
                Entry::Chance(outcome) => state.apply_chance(outcome.clone()),
                Entry::Action { action, .. } => state.apply(*action),
            }
            .map_err(|e| format!("entry {index}: {e}"))?;
            tell(self.narrate(&before, entry, &state));
        }
        Ok(())
    }
}

/// `seat 1`, `a spectator`, `an omniscient observer`.
impl fmt::Display for Viewpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Viewpoint::Omniscient => f.write_str("an omniscient observer"),
            Viewpoint::Of(Viewer::Seat(seat)) => write!(f, "seat {seat}"),
            Viewpoint::Of(Viewer::Spectator) => f.write_str("a spectator"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dice_core::pig::{Pig, PigAction, PigConfig};

    #[test]
    fn each_viewpoint_tells_an_entry_in_its_own_words() {
        let game = Pig::new(&PigConfig::default()).unwrap();
        let roll = Entry::Action {
            player: Some(0),
            action: PigAction::Roll,
        };
        assert_eq!(
            Viewpoint::Omniscient.entry_line(&game, &roll),
            "player 0: roll"
        );
        let seen = Viewpoint::Of(Viewer::Seat(1)).entry_line(&game, &roll);
        assert_eq!(seen, "player 0: roll");
        let rolling = game.after(PigAction::Roll).unwrap();
        let six = Entry::Chance(6);
        assert_eq!(
            Viewpoint::Omniscient.entry_line(&rolling, &six),
            "chance: 6"
        );
    }

    #[test]
    fn a_log_is_told_entry_by_entry_with_the_table_when_the_die_passes() {
        let log = [
            Entry::Action {
                player: Some(0),
                action: PigAction::Roll,
            },
            Entry::Chance(1),
        ];
        let lines = Viewpoint::Of(Viewer::Spectator)
            .narrate_log::<Pig>(&PigConfig::default(), &log)
            .unwrap();
        assert_eq!(
            lines,
            [
                "player 0: roll",
                "chance: 1\n  scores: player 0 0; player 1 0; turn total 0"
            ]
        );
        let bad = [Entry::Chance(3)];
        let err = Viewpoint::Omniscient
            .narrate_log::<Pig>(&PigConfig::default(), &bad)
            .unwrap_err();
        assert_eq!(err, "entry 0: no die is rolling");
    }
}
