//! A networked seat's own settings, which `smashup play` takes as flags: how much is
//! narrated, whether card codes lead, and whether the recap is said at each of the
//! seat's turns; and, for rich clients such as the web page, whether the seat's hand,
//! the bases and the scores are sent as panels after every change. Typed as lines
//! (`verbosity brief`, `codes off`, `recap on`, `panels on`) in the lobby or at a table.

use crate::play::narrate::Verbosity;

/// The words a seat's settings take, which `smashup play` sets with flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Settings {
    /// How much is narrated.
    pub verbosity: Verbosity,
    /// Card codes lead lists and answers.
    pub codes: bool,
    /// The recap is said at the start of each of the seat's turns.
    pub recap: bool,
    /// The seat's hand, the bases and the scores are sent as `panel` lines after
    /// every change (rich clients only; see [`super::Kind::Panel`]).
    pub panels: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            verbosity: Verbosity::Normal,
            codes: true,
            recap: false,
            panels: false,
        }
    }
}

impl Settings {
    /// Applies `verbosity X`, `codes on|off`, `recap on|off` or `panels on|off`;
    /// `None` if `line` is none of them, else the line to answer with.
    pub fn apply(&mut self, line: &str) -> Option<Result<String, String>> {
        let mut words = line.split_whitespace();
        let word = words.next()?.to_lowercase();
        let value = words.next().map(str::to_lowercase);
        if words.next().is_some() {
            return None;
        }
        let on_off = |v: Option<&str>, what: &str| match v {
            Some("on") => Ok(true),
            Some("off") => Ok(false),
            _ => Err(format!("Expected on or off after {what}.")),
        };
        Some(match word.as_str() {
            "verbosity" => match value.as_deref().map(Verbosity::parse) {
                None => Ok(format!("Verbosity {}.", self.verbosity.name())),
                Some(Some(v)) => {
                    self.verbosity = v;
                    Ok(format!("Verbosity {}.", v.name()))
                }
                Some(None) => Err("Expected brief, normal or full after verbosity.".into()),
            },
            "codes" if value.is_none() => {
                Ok(format!("Codes {}.", if self.codes { "on" } else { "off" }))
            }
            "codes" => on_off(value.as_deref(), "codes").map(|on| {
                self.codes = on;
                format!("Codes {}.", if on { "on" } else { "off" })
            }),
            // `recap` alone is the game's command: what changed since your last turn.
            "recap" if value.is_none() => return None,
            "recap" => on_off(value.as_deref(), "recap").map(|on| {
                self.recap = on;
                format!(
                    "Recap at each of your turns {}.",
                    if on { "on" } else { "off" }
                )
            }),
            "panels" => on_off(value.as_deref(), "panels").map(|on| {
                self.panels = on;
                format!(
                    "Panels {}: your hand, the bases and the scores {}.",
                    if on { "on" } else { "off" },
                    if on {
                        "are sent after every change"
                    } else {
                        "are no longer sent"
                    }
                )
            }),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_lines_and_recap_alone_is_the_game_command() {
        let mut s = Settings::default();
        assert_eq!(s.apply("codes off"), Some(Ok("Codes off.".into())));
        assert!(!s.codes);
        assert_eq!(
            s.apply("recap on"),
            Some(Ok("Recap at each of your turns on.".into()))
        );
        assert!(s.recap);
        assert_eq!(
            s.apply("verbosity brief"),
            Some(Ok("Verbosity brief.".into()))
        );
        assert_eq!(s.verbosity, Verbosity::Brief);
        assert!(s.apply("recap maybe").unwrap().is_err());
        assert_eq!(s.apply("recap"), None);
        assert_eq!(s.apply("hand"), None);
        assert_eq!(s.apply("codes on please"), None);
        assert!(s.apply("panels on").unwrap().is_ok());
        assert!(s.panels);
        assert!(s.apply("panels").unwrap().is_err());
    }
}
