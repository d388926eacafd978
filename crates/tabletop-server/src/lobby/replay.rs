//! A finished match stepped through as one viewer saw it
//! (`GET /api/matches/{id}/replay`).
//!
//! What a replay may show: only a match that is over, and only what one
//! viewer (a seat, or the spectators) was told while it was played: each
//! step's entries in that viewer's seen form with their narration, and
//! that viewer's view after each step. Never the record, the generator,
//! or another seat's hidden values (a warrior's value that stayed face
//! down to that viewer, dice behind another's screen): the steps are the
//! updates the viewer's own connection was sent, rebuilt from the stored
//! entries.
//!
//! Who may ask: a seat's eyes show what that seat kept behind its screen,
//! so they are served only with that seat's token (its hash compared with
//! the stored one), or to anyone when the match was created with public
//! replays; the spectators' view to anyone who may spectate (a match with
//! spectators, or with public replays). Every other asker gets one and the
//! same refusal, whatever the match holds.

use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use serde_json::value::RawValue;
use tabletop_engines::dice_core::{Scoreboard, ToMove, Viewer};

use crate::lobby::error::LobbyError;
use crate::lobby::{Lobby, MatchHeading, blocking, raw, table_of};
use crate::store::{Status, StoreError, StoredEntry, StoredFacts, StoredMatch};
use crate::wire::patch::{self, PatchOp};

/// A finished match as one viewer saw it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Replay {
    /// The match, its game and its seats.
    #[serde(flatten)]
    pub heading: MatchHeading,
    /// Each seat's player name, where one was given.
    pub names: Vec<Option<String>>,
    /// Whose eyes.
    pub viewer: Viewer,
    /// The viewer's view before the first entry (the game's view schema).
    #[schemars(with = "Value", extend("tsType" = "View"))]
    pub start: Box<RawValue>,
    /// The steps, in order: each the update the viewer was sent after one
    /// seat's action (with the chance it led to); the first holds the
    /// setup's chance.
    #[schemars(with = "Vec<ReplayStep<'static>>")]
    pub steps: Vec<Box<RawValue>>,
    /// The result.
    #[schemars(with = "Value", extend("tsType" = "GameResult"))]
    pub result: Box<RawValue>,
}

/// One step of a replay.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ReplayStep<'a> {
    /// The log index of the step's first entry.
    pub from: usize,
    /// The number of entries after the step.
    pub to: usize,
    /// The step's entries as the viewer saw them (the game's seen
    /// entries).
    #[schemars(with = "Vec<Value>", extend("tsType" = "SeenEntry[]"))]
    pub entries: &'a RawValue,
    /// Each entry in words, as the viewer saw it.
    pub narration: &'a [String],
    /// Who was to move after the step.
    pub to_move: ToMove,
    /// RFC 6902 operations turning the viewer's view before the step into
    /// the view after it.
    pub view_patch: &'a [PatchOp<'a>],
    /// The running scores of the view after the step, as the live update
    /// carried them (`null` when the game showed none).
    pub scoreboard: Option<&'a Scoreboard>,
}

/// The stored entries in steps: leading chance entries (the setup) form
/// the first step; each seat's action starts a step that holds the chance
/// entries after it.
fn steps(entries: &[StoredEntry]) -> impl Iterator<Item = &[StoredEntry]> {
    entries.chunk_by(|_, next| next.seat.is_none())
}

/// The replay of `stored` as `viewer` saw it; why not when the stored
/// entries do not replay.
fn build(
    stored: &StoredMatch,
    viewer: Viewer,
) -> Result<(Box<RawValue>, Vec<Box<RawValue>>), String> {
    let mut table = table_of(&stored.setup)?;
    let start = table.mark().view_text(viewer);
    let mut before = start.clone();
    let mut out = Vec::new();
    for step in steps(&stored.entries) {
        let mark = table.mark();
        for entry in step {
            table.replay_entry(entry.id).map_err(|e| e.to_string())?;
        }
        let told = table.tell(&mark, viewer);
        let ops = patch::diff(&before, told.view());
        let step = ReplayStep {
            from: told.from(),
            to: told.to(),
            entries: told.entries(),
            narration: told.narration(),
            to_move: told.to_move(),
            view_patch: &ops,
            scoreboard: told.scoreboard(),
        };
        out.push(serde_json::value::to_raw_value(&step).map_err(|e| e.to_string())?);
        drop(ops);
        before = told.into_view();
    }
    Ok((start, out))
}

impl Lobby {
    /// Whose eyes `seat` asks for (`None`: the spectators'), if the
    /// asker, holding `token` if any, may see through them.
    ///
    /// # Errors
    /// A seat not at the table; the spectators' view of a match without
    /// spectators or public replays; a seat's eyes without that seat's
    /// token when replays are not public; the store failing.
    async fn eyes(
        &self,
        id: &str,
        facts: &StoredFacts,
        seat: Option<usize>,
        token: Option<&str>,
    ) -> Result<Viewer, LobbyError> {
        match seat {
            None if facts.spectators || facts.public_replays => Ok(Viewer::Spectator),
            None => Err(LobbyError::NoSpectators),
            Some(seat) if seat >= facts.seats.len() => Err(LobbyError::UnknownSeat),
            Some(seat) if facts.public_replays => Ok(Viewer::Seat(seat)),
            Some(seat) => {
                let opened = match token {
                    Some(token) => self.seat_of(token).await?,
                    None => None,
                };
                match opened {
                    Some((of, opens)) if of == id && opens == seat => Ok(Viewer::Seat(seat)),
                    _ => Err(LobbyError::SeatReplayPrivate),
                }
            }
        }
    }

    /// The finished match `id` as `seat` saw it (`None`: the
    /// spectators), for an asker holding `token`, if any; built from the
    /// store on a blocking thread: nothing is loaded.
    ///
    /// # Errors
    /// An unknown match or seat, eyes the asker may not see through (a
    /// seat's without its token when replays are not public, the
    /// spectators' when the match allows neither), a match not over, or
    /// the store failing.
    pub async fn replay(
        &self,
        id: &str,
        seat: Option<usize>,
        token: Option<&str>,
    ) -> Result<Replay, LobbyError> {
        let facts = self.stored_facts(id).await?;
        let viewer = self.eyes(id, &facts, seat, token).await?;
        if facts.status != Status::Over {
            return Err(LobbyError::NotOver);
        }
        let result = facts
            .result
            .ok_or_else(|| LobbyError::Store(format!("match {id}: over without a result")))?;
        let (store, key) = (self.store(), id.to_owned());
        let built = blocking(move || {
            let Some(stored) = store.load(&key)? else {
                return Ok(None);
            };
            build(&stored, viewer)
                .map(Some)
                .map_err(|why| StoreError(format!("match {key}: {why}")))
        })
        .await?;
        // Expired while it was read.
        let (start, steps) = built.ok_or(LobbyError::NotFound)?;
        Ok(Replay {
            heading: MatchHeading {
                id: id.to_owned(),
                game: facts.game,
                config: raw(facts.config)?,
                seats: facts.seats,
            },
            names: facts.names,
            viewer,
            start,
            steps,
            result: raw(result)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(seat: Option<usize>) -> StoredEntry {
        StoredEntry {
            id: 0,
            seat,
            client_id: None,
        }
    }

    #[test]
    fn the_setup_is_one_step_and_each_action_starts_one_with_its_chance() {
        let entries = [
            entry(None),
            entry(None),
            entry(Some(0)),
            entry(None),
            entry(Some(1)),
            entry(Some(0)),
            entry(None),
        ];
        let lengths: Vec<usize> = steps(&entries).map(<[_]>::len).collect();
        assert_eq!(lengths, [2, 2, 1, 2]);
        assert!(steps(&[]).next().is_none());
        let lengths: Vec<usize> = steps(&[entry(Some(0)), entry(Some(1))])
            .map(<[_]>::len)
            .collect();
        assert_eq!(lengths, [1, 1]);
    }
}
