//! Keeping a networked table over a restart: its game written as an ordinary save
//! (set-up plus answers) once a person's answer and the bots' answers it brings are
//! in, its seats (names, tokens, code, creator, a draft under way) whenever they change, and a table read
//! back from them.

use super::*;

impl NetTable {
    /// The game as a save (set-up plus answers), once started.
    pub(super) fn save_file(&self) -> Option<SaveFile> {
        let r = self.game.as_ref()?;
        Some(SaveFile {
            format: save::FORMAT,
            version: env!("CARGO_PKG_VERSION").to_string(),
            config: self.config.clone(),
            seats: r.seats.clone(),
            verbosity: Verbosity::Normal,
            answers: r.answers.clone(),
            check: save::check(&r.game),
            log: Vec::new(),
        })
    }

    /// Writes the game if answers were given since it was last written.
    pub(super) fn autosave(&mut self) {
        if !std::mem::take(&mut self.unsaved) {
            return;
        }
        let (Some(dir), Some(file)) = (&self.dir, self.save_file()) else {
            return;
        };
        if let Err(e) = save::write(&store::game_path(dir, self.id), &file) {
            event(&format!("table {}: autosave failed: {e}", self.id));
        }
    }

    /// Writes who sits where (names, codes, tokens, creator) and, once started, the game.
    pub(super) fn save_seats(&mut self) {
        let Some(dir) = &self.dir else { return };
        let record = TableRecord {
            id: self.id,
            code: self.code.clone(),
            creator: self.creator.clone(),
            config: self.config.clone(),
            bot: store::bot_name(self.bot).to_string(),
            started: self.started(),
            seats: self
                .seats
                .iter()
                .map(|s| SeatRecord {
                    name: s.name.clone(),
                    person: s.person,
                    token: s.token.clone(),
                    factions: s.factions.clone(),
                })
                .collect(),
            drafts: self.drafts,
            drafting: self.drafting.clone(),
        };
        if let Err(e) = store::write_record(dir, &record) {
            event(&format!("table {}: cannot save its seats: {e}", self.id));
        }
        self.unsaved = self.started();
        self.autosave();
    }

    pub(super) fn remove_files(&self) {
        if let Some(dir) = &self.dir {
            store::remove(dir, self.id);
        }
    }

    /// A table as it was saved: seats, codes and tokens, and its game replayed; every
    /// person must sit again.
    pub fn restore(
        record: TableRecord,
        game: Option<(SaveFile, GameState)>,
        dir: PathBuf,
    ) -> Result<NetTable, String> {
        let bot = BotKind::parse(&record.bot).unwrap_or(BotKind::Heuristic);
        let mut table = NetTable {
            id: record.id,
            code: record.code,
            creator: record.creator,
            config: record.config,
            bot,
            seats: record
                .seats
                .into_iter()
                .map(|s| NetSeat {
                    name: s.name,
                    person: s.person,
                    token: s.token,
                    conn: None,
                    gone_since: Some(Instant::now()),
                    settings: Settings::default(),
                    view: None,
                    words: Vec::new(),
                    asked: false,
                    factions: s.factions,
                    panels: Vec::new(),
                })
                .collect(),
            game: None,
            dir: Some(dir),
            closed: false,
            unsaved: false,
            drafts: record.drafts,
            drafting: record.drafting,
        };
        if table.drafting.is_some() {
            // Picks the bots still owe (none, unless the server stopped between them).
            table.draft_on();
            return Ok(table);
        }
        if !record.started {
            for s in &mut table.seats {
                s.gone_since = None;
            }
            return Ok(table);
        }
        let (save, state) = game.ok_or("its game file is missing")?;
        for (i, s) in table.seats.iter_mut().enumerate() {
            if s.person {
                s.view = Some(View::load_view(
                    save.clone(),
                    state.clone(),
                    PlayerId(i as u8),
                ));
            }
        }
        table.game = Some(Running {
            game: state,
            seats: save.seats,
            answers: save.answers,
        });
        table.run_bots();
        Ok(table)
    }
}
