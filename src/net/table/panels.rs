//! The panels beside a rich client's log (`panels on`; see [`crate::net::Kind::Panel`]):
//! this seat's hand, the bases and the scores. Each is made by the seat's own view
//! exactly as its `hand`, `bases` and `score` commands answer, so a seat never gets
//! another seat's hand, and is sent only when its lines have changed: after every
//! answer given at the table (a bot's too) and at every prompt, so also at sitting down.

use super::NetTable;
use crate::net::Kind;
use crate::play::commands::Command;

/// Each panel: the name a client knows it by, and the command whose answer fills it.
const PANELS: [(&str, Command); 3] = [
    ("hand", Command::Hand),
    ("bases", Command::Bases),
    ("scores", Command::Score),
];

impl NetTable {
    /// Sends every seat that asked for panels the ones that changed since it last got
    /// them.
    pub(super) fn send_panels(&mut self) {
        for seat in 0..self.seats.len() {
            self.send_panels_to(seat);
        }
    }

    fn send_panels_to(&mut self, seat: usize) {
        let s = &mut self.seats[seat];
        if !s.settings.panels {
            s.panels.clear();
            return;
        }
        let (Some(conn), Some(view)) = (s.conn.as_ref(), s.view.as_mut()) else {
            return;
        };
        s.panels.resize(PANELS.len(), String::new());
        for ((name, command), sent) in PANELS.iter().zip(s.panels.iter_mut()) {
            let lines = view.command(command.clone());
            let text = std::iter::once(*name)
                .chain(lines.iter().map(|l| l.text.as_str()))
                .collect::<Vec<_>>()
                .join("\t");
            if text != *sent {
                conn.send(Kind::Panel, text.clone());
                *sent = text;
            }
        }
    }
}
