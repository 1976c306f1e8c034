//! Playout policies: how a search playout answers the questions past its tree. They
//! must be cheap (a playout answers hundreds of questions) and read only the question.

use crate::engine::decision::{Ask, Decision};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// The option a busy player picks: in the Play Cards phase any play or use of a card,
/// uniformly, and the end of the turn only when none is left; any other question any
/// option, uniformly. A uniformly random player ends its turn early, wasting the plays
/// it had, which makes the scores at a playout's end say less about the moves before.
pub fn busy(decision: &Decision, rng: &mut ChaCha8Rng) -> usize {
    let options = &decision.options;
    if decision.ask == Ask::Main {
        let plays = options.iter().filter(|c| !c.declines()).count();
        if plays > 0 && plays < options.len() {
            let mut k = rng.gen_range(0..plays);
            for (i, c) in options.iter().enumerate() {
                if !c.declines() {
                    if k == 0 {
                        return i;
                    }
                    k -= 1;
                }
            }
        }
    }
    rng.gen_range(0..options.len())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::decision::Choice;
    use crate::engine::{PlayerId, Uid};
    use rand::SeedableRng;

    fn main_question(options: Vec<Choice>) -> Decision {
        Decision {
            player: PlayerId(0),
            ask: Ask::Main,
            options,
        }
    }

    #[test]
    fn a_busy_player_never_ends_its_turn_while_it_can_play() {
        let d = main_question(vec![
            Choice::EndTurn,
            Choice::Play {
                card: Uid(7),
                to: None,
            },
            Choice::Use {
                card: Uid(8),
                to: None,
            },
        ]);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let picks: Vec<usize> = (0..200).map(|_| busy(&d, &mut rng)).collect();
        assert!(!picks.contains(&0), "ended the turn with cards to play");
        assert!(picks.contains(&1) && picks.contains(&2), "{picks:?}");
    }

    #[test]
    fn a_busy_player_ends_its_turn_when_nothing_is_left_and_answers_others_at_random() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(busy(&main_question(vec![Choice::EndTurn]), &mut rng), 0);
        let may = Decision {
            player: PlayerId(0),
            ask: Ask::May { source: Uid(3) },
            options: vec![Choice::Yes, Choice::No],
        };
        let picks: Vec<usize> = (0..100).map(|_| busy(&may, &mut rng)).collect();
        assert!(picks.contains(&0) && picks.contains(&1), "{picks:?}");
    }
}
