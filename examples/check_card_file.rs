//! Temporary helper for data entry: parses one card file and prints a summary.
use smashup::cards::model::{BaseSet, Faction, Kind};
fn main() {
    for path in std::env::args().skip(1) {
        let s = std::fs::read_to_string(&path).unwrap();
        if path.contains("bases-") {
            match ron::from_str::<BaseSet>(&s) {
                Ok(b) => {
                    println!("{path}: OK {} bases", b.bases.len());
                    for x in &b.bases {
                        println!("  {} ({}) {} {:?}", x.label(), x.faction, x.id, x.errata.is_some());
                    }
                }
                Err(e) => println!("{path}:{e}"),
            }
        } else {
            match ron::from_str::<Faction>(&s) {
                Ok(f) => {
                    let copies: u32 = f.cards.iter().map(|c| c.copies).sum();
                    let minions: u32 = f.cards.iter().filter(|c| c.is_minion()).map(|c| c.copies).sum();
                    let power: u32 = f.cards.iter().filter_map(|c| c.power().map(|p| p * c.copies)).sum();
                    println!("{path}: OK {} entries, {copies} cards, {minions} minions, total minion power {power}", f.cards.len());
                    for c in &f.cards {
                        let k = match c.kind { Kind::Minion { power } => format!("minion {power}"), Kind::Action { play } => play.describe() };
                        println!("  {} {} x{} {} {:?} errata={}", c.code, c.name, c.copies, k, c.labels, c.errata.is_some());
                    }
                }
                Err(e) => println!("{path}:{e}"),
            }
        }
    }
}
