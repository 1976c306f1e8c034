//! `answer_into` (one list of events kept by the caller, issue 26) tells exactly what
//! `answer` tells: two copies of a random game, one answered each way with the same
//! answers, give the same events after every answer and the same game; a bad answer
//! leaves the list as it was.

use smashup::engine::GameState;
use smashup::sim;

#[test]
fn answer_into_tells_what_answer_tells() {
    let pool = sim::complete_factions();
    for players in 2..=4 {
        let config = sim::random_config(11, players, &pool).unwrap();
        let mut fresh = GameState::new(&config).unwrap();
        let mut kept = fresh.clone();
        let mut events = Vec::new();
        let mut n = 0usize;
        while let Some(d) = fresh.pending() {
            let i = n.wrapping_mul(7919) % d.options.len();
            let told = fresh.answer(i).unwrap();
            kept.answer_into(i, &mut events).unwrap();
            assert_eq!(told, events);
            assert_eq!(fresh.told, kept.told);
            n += 1;
            if n > 5000 {
                break;
            }
        }
        assert_eq!(format!("{fresh:?}"), format!("{kept:?}"));
        // A bad answer changes nothing, the list neither.
        let before = events.clone();
        assert!(kept.answer_into(usize::MAX, &mut events).is_err());
        assert_eq!(events, before);
    }
}
