//! Playing together over the network: `smashup serve` holds many tables at once, and
//! `smashup join` (or any plain line client: `nc`, `telnet`) sits at one. Networking
//! wraps the engine and never enters it: a table owns its `GameState` and is its only
//! writer; a line from a seat's socket goes through that seat's parser to the table's
//! answer, and the table narrates to each seat with that seat's settings.
//!
//! # The line protocol (version 1)
//!
//! Everything is lines of UTF-8 text ending in `\n` (a `\r` before it is ignored), so a
//! person with only `nc HOST 7777` can play. A client line longer than [`MAX_LINE`]
//! bytes is refused with one error line; nothing else changes.
//!
//! **Plain clients** see plain lines only: narration, questions, numbered options,
//! answers, errors and chat, exactly as `smashup play` prints them.
//!
//! **Rich clients** (`smashup join`, the web page) send `frames on` as their first
//! line. From then on every line the server sends is `KIND<TAB>TEXT`, where KIND is
//! one of [`Kind`]'s words: `narration`, `question`, `option`, `answer`, `error`,
//! `chat`, `lobby`, `bye` (the server closes this connection on purpose; TEXT says
//! why: idle in the lobby, flooding, too many connections from one address, or the
//! goodbye after `quit`; a client should not connect again on its own after it), and
//! two that plain clients never get at all: `prompt` (the server
//! now waits for this seat's answer or command; TEXT is the prompt) and `words` (the
//! words that complete a line now: commands, cards in the game, bases, players; TEXT is
//! those words separated by tabs). `frames off` goes back to plain lines.
//!
//! **Panels** (for a client that keeps the hand, the bases and the scores beside the
//! log, as the web page does): after `panels on` (a seat setting, like `codes on`)
//! a framed client also gets `panel` lines, `panel<TAB>NAME<TAB>LINE<TAB>LINE...`, where
//! NAME is `hand`, `bases` or `scores` and the lines are what `hand`, `bases` and
//! `score` would answer for this seat now. One is sent whenever its lines change:
//! after every answer given at the table (a bot's too), and at sitting down. A seat's
//! hand panel is its own hand only, as its `hand` command is. `panels off` stops them.
//!
//! Commands in the lobby: `help`, `name NAME`, `tables`, `new [FLAGS]` (the set-up flags
//! of `smashup play`, or numbered questions when none are given), `sit TABLE CODE` (also
//! `join`), `resume TOKEN`, `start` (the table's creator), `who`, `say TEXT`, `bot NAME`,
//! `quit`; at a table every command of `smashup play` works as well.
//!
//! # The conversation (what `smashup serve` does)
//!
//! - On connecting, two `lobby` lines: a greeting ("Smash Up server, 2 tables open. ...")
//!   and "Your name? Type it, or name NAME.". A first line that is not a lobby command is
//!   taken as the name; `name NAME` renames in the lobby.
//! - `new` answers with "Table N is set up; its join code is CODE. ..." (CODE: six
//!   digits) and seats its creator. At a table made with `new --draft`, `start` begins
//!   the formal draft: the seat whose pick it is gets a `question` ("Ann, draft a
//!   faction.") and `option` lines, everyone a `narration` line per pick ("Ann drafts
//!   Pirates.", "Next pick: Ben."); the game starts after the last pick. Sitting (`new`, `sit`, `resume`) answers with one
//!   `lobby` line "You sit at table N in seat S as NAME. Your seat token is TOKEN: resume
//!   TOKEN gets this seat back."; coming back to a started game then gives a one-paragraph
//!   summary and the current question (or "Waiting for NAME to answer.").
//! - At a table: `quit` (or `leave`) leaves it, keeping the seat once the game has
//!   started; `quit` in the lobby closes the connection. `undo` is refused at a networked
//!   table and `save` is not needed (the server saves after every answer); both say so in
//!   one `error` line. A line answering another seat's question is refused ("Not your
//!   question: ...").
//! - Settings for the connection's seat, in the lobby or at a table: `verbosity
//!   brief|normal|full`, `codes on|off`, `recap on|off`.
//! - `prompt` lines: `lobby> ` in the lobby; at a table `Your answer> ` when the game waits
//!   for this seat's answer, else `> `. One comes after the server has answered each line,
//!   and one when the game starts waiting for this seat. `words` comes after `frames on`
//!   and whenever the words change (at a table: the commands, then the names and codes of
//!   what this seat may name now).
//! - Table events (`lobby` kind): "Ben sits down in seat 2.", "Ben left the table.", "Ben
//!   is back.", "A bot plays for Ben from now on."; chat (`chat` kind): "Ann says: TEXT".
//! - Refusals are one `error` line each: a line that is not UTF-8, longer than
//!   [`MAX_LINE`], a wrong code, a seat taken. A client that floods, idles in the lobby, or
//!   does not read its lines is sent one `bye` line (when it can be) and disconnected;
//!   see [`server`] for the limits. A connection over the cap for its address gets one
//!   line and is closed: framed `bye` if its first line was `frames on`, else plain.

pub mod client;
pub mod conn;
pub mod lobby;
pub mod server;
pub mod session;
pub mod settings;
pub mod store;
pub mod table;
pub mod web;

/// The longest line a client may send, in bytes.
pub const MAX_LINE: usize = 4096;

/// The default port of `smashup serve` and `smashup join`.
pub const DEFAULT_PORT: u16 = 7777;

/// What a line is, for rich clients (`frames on`): speech can put a question before
/// narration, and colour can differ. Plain clients never see these words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// What happened in the game.
    Narration,
    /// A question's header line.
    Question,
    /// One numbered option of the current question.
    Option,
    /// The answer to a command (`hand`, `bases`, `tables`, ...).
    Answer,
    /// What was expected instead of what was sent; nothing changed.
    Error,
    /// A player's chat line ("Ann says: nice one").
    Chat,
    /// The lobby and the table's comings and goings ("Ben left the table").
    Lobby,
    /// The server closes this connection on purpose; the text says why.
    Bye,
    /// The server waits for this seat now; the text is the prompt.
    Prompt,
    /// The words that complete a line now, separated by tabs.
    Words,
    /// A panel's name and its lines, separated by tabs (after `panels on`).
    Panel,
}

impl Kind {
    /// The word that frames a line of this kind.
    pub fn word(self) -> &'static str {
        match self {
            Kind::Narration => "narration",
            Kind::Question => "question",
            Kind::Option => "option",
            Kind::Answer => "answer",
            Kind::Error => "error",
            Kind::Chat => "chat",
            Kind::Lobby => "lobby",
            Kind::Bye => "bye",
            Kind::Prompt => "prompt",
            Kind::Words => "words",
            Kind::Panel => "panel",
        }
    }

    /// The kind a framing word names, if any.
    pub fn from_word(word: &str) -> Option<Kind> {
        [
            Kind::Narration,
            Kind::Question,
            Kind::Option,
            Kind::Answer,
            Kind::Error,
            Kind::Chat,
            Kind::Lobby,
            Kind::Bye,
            Kind::Prompt,
            Kind::Words,
            Kind::Panel,
        ]
        .into_iter()
        .find(|k| k.word() == word)
    }

    /// True for the kinds a plain client never receives.
    pub fn rich_only(self) -> bool {
        matches!(self, Kind::Prompt | Kind::Words | Kind::Panel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_reads_back_from_its_word() {
        for k in [
            Kind::Narration,
            Kind::Prompt,
            Kind::Words,
            Kind::Chat,
            Kind::Panel,
            Kind::Bye,
        ] {
            assert_eq!(Kind::from_word(k.word()), Some(k));
        }
        assert_eq!(Kind::from_word("nonsense"), None);
    }
}
