//! What a game tells every layer beyond its rules, in one declaration in
//! its own crate: its title and other names, the tables it seats, whether
//! it hides anything, what its returns mean, the most outcomes of one
//! chance event, its bots with their defaults, and how a terminal shows
//! it. The registry (`tabletop-engines`), the `play` and `replay` tools,
//! the Python and JavaScript packages, the server and the schema tests all
//! read it; none keeps a list of its own.
//!
//! ```
//! use dice_core::listing::{Listed, Utility};
//! use dice_core::pig::{Pig, PigConfig};
//!
//! assert_eq!(Pig::LISTING.title(), "Pig");
//! assert_eq!(Pig::LISTING.seats(), (2, 8));
//! assert!(Pig::LISTING.perfect_information());
//! assert_eq!(Pig::LISTING.utility(), Utility::WinShares);
//! assert_eq!(Pig::chance_bound(&PigConfig::default()), 6);
//! let bot = &Pig::LISTING.bots()[0];
//! assert_eq!(bot.name(), "random");
//! ```

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;

use crate::agent::{Agent, RandomAgent};
use crate::game::{Game, Viewer};
use crate::mcts::Mcts;
use crate::result::GameResult;

/// What a game's returns are (OpenSpiel's `utility`), worked out from its
/// [`GameResult`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Utility {
    /// Each winner's share of one victory: 1 for a sole winner, `1/k` for
    /// each of `k` who share it, 0 for the others. The returns sum to 1
    /// (constant-sum), from 0 to 1.
    WinShares,
    /// The result's scores themselves, which sum to zero (zero-sum), from
    /// `lowest` to `highest`: OpenSpiel's returns of a game that pays the
    /// winner what the loser pays.
    ZeroSumScores {
        /// The lowest return a seat can get.
        lowest: i32,
        /// The highest return a seat can get.
        highest: i32,
    },
    /// OpenSpiel's zero-sum race: the one winner +1, each other seat
    /// `-1/(n-1)`; 0 for every seat in a draw (more than one winner, as at
    /// OpenSpiel Pig's horizon, where every seat shares it). From -1 to 1.
    SoleWinner,
}

impl Utility {
    /// Each seat's return in a finished game with this result.
    ///
    /// ```
    /// use dice_core::GameResult;
    /// use dice_core::listing::Utility;
    ///
    /// let shared = GameResult::new(vec![5, 5, 1], Vec::new(), vec![0, 1]);
    /// assert_eq!(Utility::WinShares.returns(&shared), [0.5, 0.5, 0.0]);
    /// let duel = GameResult::new(vec![-1, 1], Vec::new(), vec![1]);
    /// let zero_sum = Utility::ZeroSumScores { lowest: -1, highest: 1 };
    /// assert_eq!(zero_sum.returns(&duel), [-1.0, 1.0]);
    /// ```
    pub fn returns(self, result: &GameResult) -> Vec<f64> {
        let mut out = Vec::new();
        self.returns_into(result, &mut out);
        out
    }

    /// [`returns`](Self::returns) into `out` (cleared first), without
    /// allocating once `out` holds a seat per player.
    pub fn returns_into(self, result: &GameResult, out: &mut Vec<f64>) {
        out.clear();
        match self {
            Utility::WinShares => {
                let winners = result.winners();
                let count = u32::try_from(winners.len()).unwrap_or(u32::MAX).max(1);
                let share = 1.0 / f64::from(count);
                out.extend(
                    (0..result.scores().len())
                        .map(|seat| if winners.contains(&seat) { share } else { 0.0 }),
                );
            }
            Utility::ZeroSumScores { .. } => {
                out.extend(result.scores().iter().map(|&s| f64::from(s)));
            }
            Utility::SoleWinner => {
                let seats = result.scores().len();
                let others = u32::try_from(seats.saturating_sub(1))
                    .unwrap_or(u32::MAX)
                    .max(1);
                match result.winners() {
                    [winner] => out.extend((0..seats).map(|seat| {
                        if seat == *winner {
                            1.0
                        } else {
                            -1.0 / f64::from(others)
                        }
                    })),
                    _ => out.extend((0..seats).map(|_| 0.0)),
                }
            }
        }
    }

    /// The lowest return a seat can get.
    pub fn lowest(self) -> f64 {
        match self {
            Utility::WinShares => 0.0,
            Utility::ZeroSumScores { lowest, .. } => f64::from(lowest),
            Utility::SoleWinner => -1.0,
        }
    }

    /// The highest return a seat can get.
    pub fn highest(self) -> f64 {
        match self {
            Utility::WinShares | Utility::SoleWinner => 1.0,
            Utility::ZeroSumScores { highest, .. } => f64::from(highest),
        }
    }

    /// What the returns of a finished game add up to: 1 or 0.
    pub fn sum(self) -> f64 {
        match self {
            Utility::WinShares => 1.0,
            Utility::ZeroSumScores { .. } | Utility::SoleWinner => 0.0,
        }
    }
}

/// One bot a game offers: its name, other names it answers to, the
/// iterations of its search by default (none for a bot that does not
/// search), and how to make it.
pub struct Bot<G: Game> {
    name: &'static str,
    aliases: &'static [&'static str],
    iterations: Option<u32>,
    make: fn(u32) -> Box<dyn Agent<G> + Send>,
}

#[expect(
    clippy::expl_impl_clone_on_copy,
    reason = "a derive would ask the game itself to be Copy"
)]
impl<G: Game> Clone for Bot<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Bot<G> {}

impl<G: Game> core::fmt::Debug for Bot<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Bot")
            .field("name", &self.name)
            .field("aliases", &self.aliases)
            .field("iterations", &self.iterations)
            .finish_non_exhaustive()
    }
}

fn random_agent<G: Game>(_: u32) -> Box<dyn Agent<G> + Send> {
    Box::new(RandomAgent)
}

fn mcts_agent<G: Game>(iterations: u32) -> Box<dyn Agent<G> + Send> {
    Box::new(Mcts::new(iterations))
}

fn ismcts_agent<G: Game>(iterations: u32) -> Box<dyn Agent<G> + Send> {
    Box::new(Mcts::guided(iterations))
}

impl<G: Game + 'static> Bot<G> {
    /// `random`: a legal action drawn uniformly ([`RandomAgent`]).
    pub const fn random() -> Self {
        Bot {
            name: "random",
            aliases: &[],
            iterations: None,
            make: random_agent::<G>,
        }
    }

    /// `mcts`: the Monte Carlo tree search over determinized views
    /// ([`Mcts::new`]) with `iterations` per decision by default.
    pub const fn mcts(iterations: u32) -> Self {
        Bot::searching("mcts", iterations, mcts_agent::<G>)
    }

    /// `ismcts`: the same search guided by move averages
    /// ([`Mcts::guided`]) with `iterations` per decision by default.
    pub const fn ismcts(iterations: u32) -> Self {
        Bot::searching("ismcts", iterations, ismcts_agent::<G>)
    }
}

impl<G: Game> Bot<G> {
    /// A bot of the game's own that does not search; `make` is handed 0.
    pub const fn own(name: &'static str, make: fn(u32) -> Box<dyn Agent<G> + Send>) -> Self {
        Bot {
            name,
            aliases: &[],
            iterations: None,
            make,
        }
    }

    /// A bot that searches `iterations` times per decision unless told
    /// otherwise; `make` is handed the iterations.
    pub const fn searching(
        name: &'static str,
        iterations: u32,
        make: fn(u32) -> Box<dyn Agent<G> + Send>,
    ) -> Self {
        Bot {
            name,
            aliases: &[],
            iterations: Some(iterations),
            make,
        }
    }

    /// The same bot, answering to these other names too (names it had
    /// before).
    #[must_use]
    pub const fn with_aliases(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }

    /// The bot's name.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Other names it answers to.
    pub const fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }

    /// Whether it answers to `name`.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }

    /// Its search's iterations per decision by default; `None` for a bot
    /// that does not search.
    pub const fn default_iterations(&self) -> Option<u32> {
        self.iterations
    }

    /// A new one, searching `iterations` times per decision (its default
    /// when `None`; ignored by a bot that does not search).
    pub fn make(&self, iterations: Option<u32>) -> Box<dyn Agent<G> + Send> {
        (self.make)(iterations.or(self.iterations).unwrap_or(0))
    }
}

/// A level a person picks a bot by (`beginner`, `casual`, `strong`,
/// `strongest`): one of the game's bots at given settings. A game lists
/// its levels weakest first, ordered by the ratings its ladder measured
/// (at least 100 Elo between neighbours), so a person chooses by strength
/// rather than by engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Level {
    name: &'static str,
    bot: &'static str,
    iterations: Option<u32>,
}

impl Level {
    /// The level `name`: the game's bot `bot` (its name), searching
    /// `iterations` times per decision (the bot's default when `None`).
    pub const fn new(name: &'static str, bot: &'static str, iterations: Option<u32>) -> Self {
        Level {
            name,
            bot,
            iterations,
        }
    }

    /// The level's name, e.g. `"strong"`.
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The name of the bot it plays.
    pub const fn bot(&self) -> &'static str {
        self.bot
    }

    /// The iterations per decision it gives the bot; `None` for the bot's
    /// default.
    pub const fn iterations(&self) -> Option<u32> {
        self.iterations
    }
}

/// The prefix of a level where a bot's name is asked for:
/// `level:strong`.
pub const LEVEL_PREFIX: &str = "level:";

/// The facts of a game's declaration ([`Listed::LISTING`]), built with
/// `const` methods:
///
/// ```
/// use dice_core::listing::{Bot, Listing};
/// use dice_core::pig::Pig;
///
/// const LISTING: Listing<Pig> = Listing::new("Pig", 2, 8)
///     .with_aliases(&["pig_game"])
///     .with_perfect_information()
///     .with_bots(&[Bot::random(), Bot::mcts(1000)]);
/// assert_eq!(LISTING.aliases(), ["pig_game"]);
/// ```
pub struct Listing<G: Game + 'static> {
    title: &'static str,
    aliases: &'static [&'static str],
    seats: (usize, usize),
    perfect_information: bool,
    utility: Utility,
    options: &'static [&'static str],
    bots: &'static [Bot<G>],
    levels: &'static [Level],
}

#[expect(
    clippy::expl_impl_clone_on_copy,
    reason = "a derive would ask the game itself to be Copy"
)]
impl<G: Game + 'static> Clone for Listing<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game + 'static> Copy for Listing<G> {}

impl<G: Game + 'static> core::fmt::Debug for Listing<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Listing")
            .field("name", &G::NAME)
            .field("title", &self.title)
            .field("aliases", &self.aliases)
            .field("seats", &self.seats)
            .field("perfect_information", &self.perfect_information)
            .field("utility", &self.utility)
            .field("options", &self.options)
            .field("bots", &self.bots)
            .field("levels", &self.levels)
            .finish()
    }
}

impl<G: Game + 'static> Listing<G> {
    /// A game called `title` for `fewest` to `most` seats: hidden
    /// information, returns that share the victory
    /// ([`Utility::WinShares`]), no table option, no bot (add them).
    pub const fn new(title: &'static str, fewest: usize, most: usize) -> Self {
        Listing {
            title,
            aliases: &[],
            seats: (fewest, most),
            perfect_information: false,
            utility: Utility::WinShares,
            options: &[],
            bots: &[],
            levels: &[],
        }
    }

    /// Other names the game answers to (OpenSpiel's, older ones).
    #[must_use]
    pub const fn with_aliases(mut self, aliases: &'static [&'static str]) -> Self {
        self.aliases = aliases;
        self
    }

    /// Every seat sees the whole state.
    #[must_use]
    pub const fn with_perfect_information(mut self) -> Self {
        self.perfect_information = true;
        self
    }

    /// What the returns are.
    #[must_use]
    pub const fn with_utility(mut self, utility: Utility) -> Self {
        self.utility = utility;
        self
    }

    /// The table options a command line switches on by name (`advanced`),
    /// read by [`Listed::table_config`].
    #[must_use]
    pub const fn with_options(mut self, options: &'static [&'static str]) -> Self {
        self.options = options;
        self
    }

    /// The bots, the default first.
    #[must_use]
    pub const fn with_bots(mut self, bots: &'static [Bot<G>]) -> Self {
        self.bots = bots;
        self
    }

    /// The levels, weakest first, each naming one of [`with_bots`](Self::with_bots)'s
    /// bots (the test kit's `check_game` checks that it does).
    #[must_use]
    pub const fn with_levels(mut self, levels: &'static [Level]) -> Self {
        self.levels = levels;
        self
    }

    /// The game's name in records and game strings ([`Game::NAME`]).
    pub const fn name(&self) -> &'static str {
        G::NAME
    }

    /// Its full name, for people: `"Era: Medieval Age"`.
    pub const fn title(&self) -> &'static str {
        self.title
    }

    /// Other names it answers to.
    pub const fn aliases(&self) -> &'static [&'static str] {
        self.aliases
    }

    /// Whether it answers to `name`.
    pub fn answers_to(&self, name: &str) -> bool {
        G::NAME == name || self.aliases.contains(&name)
    }

    /// The fewest and the most seats.
    pub const fn seats(&self) -> (usize, usize) {
        self.seats
    }

    /// Whether every seat sees the whole state (OpenSpiel's
    /// `PERFECT_INFORMATION`).
    pub const fn perfect_information(&self) -> bool {
        self.perfect_information
    }

    /// What the returns are.
    pub const fn utility(&self) -> Utility {
        self.utility
    }

    /// The table options a command line may switch on.
    pub const fn options(&self) -> &'static [&'static str] {
        self.options
    }

    /// The bots, the default first.
    pub const fn bots(&self) -> &'static [Bot<G>] {
        self.bots
    }

    /// The bot that answers to `name`.
    pub fn bot(&self, name: &str) -> Option<&'static Bot<G>> {
        self.bots.iter().find(|b| b.answers_to(name))
    }

    /// The levels, weakest first.
    pub const fn levels(&self) -> &'static [Level] {
        self.levels
    }

    /// The level called `name`.
    pub fn level(&self, name: &str) -> Option<&'static Level> {
        self.levels.iter().find(|l| l.name == name)
    }

    /// The bot a seat asks for, and the iterations it asked for it: a
    /// bot's name (or another name it answers to) with no iterations, or
    /// `level:NAME` ([`LEVEL_PREFIX`]) with the level's bot and settings.
    ///
    /// ```
    /// use dice_core::listing::Listed;
    /// use dice_core::pig::Pig;
    ///
    /// let (bot, iterations) = Pig::LISTING.seat_bot("level:strongest").unwrap();
    /// assert_eq!((bot.name(), iterations), ("mcts", Some(3000)));
    /// assert_eq!(Pig::LISTING.seat_bot("greedy").unwrap().1, None);
    /// assert!(Pig::LISTING.seat_bot("level:grandmaster").is_none());
    /// ```
    pub fn seat_bot(&self, text: &str) -> Option<(&'static Bot<G>, Option<u32>)> {
        match text.strip_prefix(LEVEL_PREFIX) {
            Some(level) => {
                let level = self.level(level)?;
                Some((self.bot(level.bot)?, level.iterations))
            }
            None => Some((self.bot(text)?, None)),
        }
    }
}

/// A game's declaration: the one place every layer reads what it needs to
/// know of the game beyond the [`Game`] contract. What a seat plays for is
/// in the contract ([`Game::objective`]), as it may change with the config
/// (a table of one plays for its score): a ladder reads it there. Implement it in the
/// game's crate; the test kit's `check_game` checks it against the rules
/// (the seats against the configs, the chance bound against every chance
/// event, the utility against every result, the bots by playing them).
pub trait Listed: Game + 'static {
    /// The facts.
    const LISTING: Listing<Self>;

    /// The most outcomes one chance event of this config has (OpenSpiel's
    /// `max_chance_outcomes`).
    fn chance_bound(config: &Self::Config) -> u64;

    /// What the returns of `config` are: the listing's
    /// [`utility`](Listing::utility) unless a ruleset of the config pays
    /// otherwise (OpenSpiel's Pig).
    fn utility(config: &Self::Config) -> Utility {
        let _ = config;
        Self::LISTING.utility()
    }

    /// The config for a table of `players` seats (the game's default when
    /// `None`) with these of [`Listing::options`] switched on: what
    /// the `play` tool's `--players` and switches give.
    ///
    /// # Errors
    /// A table the game does not seat, or options that do not go together,
    /// in words.
    fn table_config(players: Option<usize>, options: &[&str]) -> Result<Self::Config, String>;

    /// What table option `option` (one of [`Listing::options`]) does, in
    /// a line for a command line's help: `"The advanced game: powers and
    /// reinforcements"`. Every declared option has one (`check_game`
    /// checks); the provided method, for a game without options, has none.
    fn option_help(option: &str) -> &'static str {
        let _ = option;
        ""
    }

    /// The table as `view` shows it, as text for a terminal: what a person
    /// needs to decide.
    fn table_text(view: &Self::View) -> String;

    /// What to tell after a step that moved the table from `before` to
    /// `after` (a conquest, the board at the end of a round), or `None`.
    fn after_step(before: &Self::View, after: &Self::View) -> Option<String> {
        let _ = (before, after);
        None
    }

    /// The final scores with every component, once the game is over. The
    /// provided method, for a game whose table shows every score: `final `,
    /// the table as a spectator sees it, and the winners.
    fn result_text(state: &Self) -> String {
        let mut out = String::from("final ");
        out.push_str(&Self::table_text(&state.view(Viewer::Spectator)));
        if let Some(r) = state.result() {
            let _ = write!(out, "; winner(s): {:?}", r.winners());
        }
        out
    }
}
