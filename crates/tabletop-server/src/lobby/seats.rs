//! Seats taken from the lobby: open seats any person may take (its token
//! made then, handed out once, only its hash kept), the list of matches
//! with a free seat, and rematches, whose seats are kept for the persons
//! who held them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::lobby::error::LobbyError;
use crate::lobby::open_list::{self, Place};
use crate::lobby::token;
use crate::lobby::{Lobby, MatchHeading, blocking, play_link, raw};
use crate::matches::games::Table;
use crate::matches::names::{distinct, player_name};
use crate::store::{MatchSetup, SeatKind, SeatTaking, Status, StoredFacts, StoredSeat};

/// A request to take an open seat (`POST /api/matches/{id}/seats/{n}`).
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TakeSeat {
    /// The player's name, shown to the table: 1 to 32 characters, no
    /// control, format or invisible characters, none UTS #39 keeps out of
    /// identifiers beyond printable ASCII, and none that looks like
    /// another seat's name; trimmed.
    pub name: String,
}

/// A seat handed to the person who took it: its token, this once.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TakenSeat {
    /// The match id.
    pub id: String,
    /// The seat's number.
    pub seat: usize,
    /// The player's name, as kept.
    pub name: Option<String>,
    /// The seat's capability token, handed out this once.
    pub token: String,
    /// The page that plays the seat, the token in its fragment.
    pub link: String,
}

/// A request for a rematch (`POST /api/matches/{id}/rematch`), by a seat
/// of the match.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AskRematch {
    /// The capability token of the asking seat in the finished match.
    pub token: String,
}

/// A match with a free seat, as the lobby lists it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct ListedMatch {
    /// The match, its game and its seats.
    #[serde(flatten)]
    pub heading: MatchHeading,
    /// Each seat's player name, where one was given.
    pub names: Vec<Option<String>>,
    /// The open seats no one has taken yet.
    pub free: Vec<usize>,
    /// The per-turn deadline, if any.
    pub turn_seconds: Option<u32>,
    /// When the match was created, in seconds since the epoch.
    pub created: u64,
}

/// The answer to `GET /api/matches?open=true[&after=CURSOR]`: one page.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct OpenMatches {
    /// Matches not over with a free seat, at most 50, at most 3 of them
    /// created from one network (its others come on later pages); newest
    /// first within each round of 3 per network.
    pub matches: Vec<ListedMatch>,
    /// The cursor of the next page (`after=`), opaque; `null` on the last.
    pub next: Option<String>,
}

/// The rematch's seat of a seat of the finished match: bots stay; a seat a
/// person held is kept for that person (no token until they ask); an
/// open seat no one took stays open.
fn rematch_seat(kind: &SeatKind, taken: bool, name: Option<&String>) -> StoredSeat {
    let kind = match kind {
        SeatKind::Bot(bot) => SeatKind::Bot(bot.clone()),
        SeatKind::Open if !taken => SeatKind::Open,
        SeatKind::Person | SeatKind::Open => SeatKind::Person,
    };
    StoredSeat {
        name: name.filter(|_| !kind.is_bot()).cloned(),
        kind,
        token_hash: None,
    }
}

impl Lobby {
    /// Gives `seat` of match `id` a fresh token when its kind is `kind`
    /// and no token opens it yet; answers the token.
    async fn hand_out(
        &self,
        id: &str,
        seat: usize,
        kind: SeatKind,
        name: Option<String>,
    ) -> Result<TakenSeat, LobbyError> {
        let token = token::new_token().map_err(|e| LobbyError::Store(e.to_string()))?;
        let hash = token::token_hash(&token);
        let store = self.store();
        let (key, kept) = (id.to_owned(), name.clone());
        let given = blocking(move || {
            store.take_seat(&SeatTaking {
                match_id: &key,
                seat,
                kind: &kind,
                token_hash: &hash,
                name: kept.as_deref(),
            })
        })
        .await?;
        if !given {
            return Err(LobbyError::SeatTaken(format!(
                "seat {seat} is taken already"
            )));
        }
        let name = match name {
            Some(name) => Some(name),
            None => self
                .stored_facts(id)
                .await?
                .names
                .get(seat)
                .cloned()
                .flatten(),
        };
        tracing::info!(r#match = %id, seat, "a seat was taken");
        Ok(TakenSeat {
            id: id.to_owned(),
            seat,
            name,
            link: play_link(id, &token),
            token,
        })
    }

    /// Takes open seat `seat` of match `id` for a person called `name`:
    /// answers the seat's token, this once.
    ///
    /// # Errors
    /// A name refused, an unknown match or seat, a seat not open or taken
    /// already, a match over, or the store failing.
    pub async fn take_seat(
        &self,
        id: &str,
        seat: usize,
        request: TakeSeat,
    ) -> Result<TakenSeat, LobbyError> {
        let name = player_name(&request.name)?;
        // One seat taken at a time in this process, so two people taking
        // seats of one table at once cannot both pass the name check.
        let _naming = self.naming.lock().await;
        let facts = self.stored_facts(id).await?;
        match facts.seats.get(seat) {
            None => return Err(LobbyError::UnknownSeat),
            Some(SeatKind::Open) => {}
            Some(kind) => {
                return Err(LobbyError::SeatTaken(format!(
                    "seat {seat} is a {} seat, not an open one",
                    kind.as_str()
                )));
            }
        }
        if facts.status == Status::Over {
            return Err(LobbyError::GameOver);
        }
        let others = facts.names.iter().enumerate();
        distinct(
            &name,
            others.filter_map(|(at, other)| other.as_deref().filter(|_| at != seat)),
        )?;
        self.hand_out(id, seat, SeatKind::Open, Some(name)).await
    }

    /// A page of the matches not over with a free seat: the first, or the
    /// one after the cursor `after` an earlier page answered.
    ///
    /// # Errors
    /// A cursor no page answered, or the store failing.
    pub async fn open_matches(&self, after: Option<&str>) -> Result<OpenMatches, LobbyError> {
        let after = after
            .map(|cursor| {
                Place::from_cursor(cursor).ok_or_else(|| {
                    LobbyError::BadRequest(format!("{cursor:?} is no cursor of this list"))
                })
            })
            .transpose()?;
        let store = self.store();
        let open = blocking(move || store.open_matches()).await?;
        let open_list::Page { listed, next } = open_list::page(open, after.as_ref());
        let store = self.store();
        let listed = blocking(move || {
            let mut found = Vec::with_capacity(listed.len());
            for (id, created) in listed {
                // A match deleted meanwhile is left out.
                if let Some(facts) = store.facts(&id)? {
                    found.push((id, created, facts));
                }
            }
            Ok(found)
        })
        .await?;
        let matches = listed
            .into_iter()
            .map(|(id, created, facts)| {
                Ok(ListedMatch {
                    free: facts.free_seats(),
                    heading: MatchHeading {
                        id,
                        game: facts.game,
                        config: raw(facts.config)?,
                        seats: facts.seats,
                    },
                    names: facts.names,
                    turn_seconds: facts.turn_seconds,
                    created,
                })
            })
            .collect::<Result<_, LobbyError>>()?;
        Ok(OpenMatches { matches, next })
    }

    /// A rematch of the finished match `id`, asked by the seat `token`
    /// opens: the same game, config, seats, spectators, public replays and
    /// deadline, new dice; the first seat to ask creates it, and each seat
    /// gets its own token of it once.
    ///
    /// # Errors
    /// An unknown match, a token of no seat of it, a match not over, the
    /// seat's rematch token handed out already, a limit reached, or the
    /// store failing.
    pub async fn rematch(&self, id: &str, request: AskRematch) -> Result<TakenSeat, LobbyError> {
        let seat = match self.seat_of(&request.token).await? {
            Some((of, seat)) if of == id => seat,
            _ => return Err(LobbyError::UnknownToken),
        };
        let facts = self.stored_facts(id).await?;
        if facts.status != Status::Over {
            return Err(LobbyError::NotOver);
        }
        let rematch = match facts.rematch.clone() {
            Some(rematch) => rematch,
            None => self.create_rematch(id, &facts).await?,
        };
        self.hand_out(&rematch, seat, SeatKind::Person, None).await
    }

    async fn create_rematch(&self, id: &str, facts: &StoredFacts) -> Result<String, LobbyError> {
        let table = Table::from_config(&facts.game, &facts.config)
            .map_err(|e| LobbyError::Store(format!("match {id}: {e}")))?;
        let seats = facts
            .seats
            .iter()
            .zip(&facts.taken)
            .zip(&facts.names)
            .map(|((kind, taken), name)| rematch_seat(kind, *taken, name.as_ref()))
            .collect();
        let new = self.new_match(
            table,
            MatchSetup {
                id: token::random_hex::<8>().map_err(|e| LobbyError::Store(e.to_string()))?,
                game: String::new(),
                config: String::new(),
                spectators: facts.spectators,
                public_replays: facts.public_replays,
                turn_seconds: facts.turn_seconds,
                start: None,
                seats,
            },
        )?;
        let new_id = new.stored.setup.id.clone();
        let store = self.store();
        let of = id.to_owned();
        let counted_id = new_id.clone();
        let rematch = self
            .insert_counted(blocking(move || store.create_rematch(&of, &new)), |r| {
                *r == counted_id
            })
            .await?;
        if rematch == new_id {
            tracing::info!(r#match = %id, rematch = %rematch, "rematch created");
        }
        Ok(rematch)
    }
}
