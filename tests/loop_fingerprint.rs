//! The bots' loop rule (`SeatView::fingerprint`, `SeatView::option_key`) counts two
//! positions as the same exactly when what it compares is the same: the turn, its
//! plays left and once-per-turn keys, whether a minion was played; each player's VP,
//! hand and deck sizes, discard pile as cards by name in any order, stasis; every
//! base with its minions and actions in full and the minions played there as a set;
//! lasting effects; the seat's hand by name in any order; the base deck's size; the
//! question and its options (a card in a hand or pile by name). That identity is
//! spelled out here as text, and the hashes are checked against it over random
//! games: equal hashes for equal identities and different ones otherwise, also when
//! piles, the hand and the minions played here are reordered, and when each seat
//! keeps parts of its last fingerprint as a bot does. Random bots' choices
//! depend on which options the rule leaves, so a change here changes games.
use smashup::bots::view::FingerprintKept;
use smashup::bots::SeatView;
use smashup::engine::{Choice, GameState, Uid};
use smashup::sim::{complete_factions, play_random, random_config};
use std::collections::HashMap;

/// A card as an option names it: by owner and name in a hand or pile, else itself.
fn card_key(g: &GameState, card: Uid) -> (u8, u8, u16) {
    let inst = g.cards[card.0 as usize];
    let Some(owner) = inst.owner else {
        return (2, 0, card.0);
    };
    let z = &g.players[owner.ix()];
    if z.hand.contains(&card) {
        (0, owner.0, inst.def.0)
    } else if z.discard.contains(&card) {
        (1, owner.0, inst.def.0)
    } else {
        (2, 0, card.0)
    }
}

/// What an option is for the loop rule.
fn option_id(g: &GameState, o: &Choice) -> String {
    match o {
        Choice::Play { card, to } => format!("{:?}", (0u8, card_key(g, *card), to)),
        Choice::Use { card, to } => format!("{:?}", (1u8, card_key(g, *card), to)),
        Choice::Card(card) => format!("{:?}", (2u8, card_key(g, *card))),
        other => format!("{:?}", (3u8, other)),
    }
}

/// Cards by name, in any order.
fn pile(g: &GameState, cards: &[Uid]) -> Vec<u16> {
    let mut v: Vec<u16> = cards.iter().map(|c| g.cards[c.0 as usize].def.0).collect();
    v.sort();
    v
}

/// What a position is for the loop rule.
fn place_id(g: &GameState, seat: usize, opts: &[String]) -> String {
    let t = &g.turn;
    let mut s = format!(
        "{:?}",
        (
            t.number,
            t.player,
            t.phase,
            &t.allowances,
            t.minions_played.min(1),
            &t.used
        )
    );
    for p in &g.players {
        s += &format!(
            "|{:?}",
            (
                p.vp,
                p.hand.len(),
                p.deck.len(),
                pile(g, &p.discard),
                &p.stasis
            )
        );
    }
    for b in &g.bases {
        let mut ph = b.played_here.clone();
        ph.sort();
        ph.dedup();
        s += &format!("|{:?}", (b.card, &b.minions, &b.actions, ph));
    }
    s += &format!(
        "|{:?}|{:?}|{}",
        g.lasting,
        pile(g, &g.players[seat].hand),
        g.base_deck.len()
    );
    let d = g.pending().unwrap();
    let mut o = opts.to_vec();
    o.sort();
    s += &format!("|{:?}|{:?}", d.ask, o);
    s
}

#[test]
fn equal_fingerprints_are_equal_positions() {
    let pool = complete_factions();
    let (mut positions, mut distinct) = (0, 0);
    for players in [2usize, 3, 4] {
        for seed in 1..=25u64 {
            let config = random_config(seed, players, &pool).unwrap();
            let mut new_to_old: HashMap<u64, String> = HashMap::new();
            let mut old_to_new: HashMap<String, u64> = HashMap::new();
            let mut key_new_to_old: HashMap<u64, String> = HashMap::new();
            let mut key_old_to_new: HashMap<String, u64> = HashMap::new();
            let mut kept: Vec<FingerprintKept> = vec![FingerprintKept::default(); players];
            play_random(&config, |g, _| {
                let Some(d) = g.pending() else { return };
                if d.options.len() < 2 {
                    return;
                }
                let view = SeatView::new(g, d.player);
                let keys: Vec<u64> = d.options.iter().map(|o| view.option_key(o)).collect();
                // The bots sum the keys without listing them: the same sum.
                let sum = keys.iter().fold(0u64, |s, &k| s.wrapping_add(k));
                assert_eq!(view.option_keys_sum(&d.options), sum);
                let ids: Vec<String> = d.options.iter().map(|o| option_id(g, o)).collect();
                for (k, id) in keys.iter().zip(&ids) {
                    assert_eq!(key_new_to_old.entry(*k).or_insert(id.clone()), id);
                    assert_eq!(key_old_to_new.entry(id.clone()).or_insert(*k), k);
                }
                let place = view.fingerprint(&keys);
                // What a bot keeps from its last position (its parts kept by the
                // table's and the zones' stamps) gives the very same number.
                assert_eq!(
                    view.fingerprint_kept(&keys, &mut kept[d.player.ix()]),
                    place
                );
                // The same position with piles, hand and minions-played-here reordered
                // (and one repeated): the same fingerprint, and the same identity.
                let mut h = g.clone();
                for p in h.players.iter_mut() {
                    p.discard.reverse();
                    let k = p.hand.len().min(1);
                    p.hand.rotate_left(k);
                }
                for b in h.bases.iter_mut() {
                    b.played_here.reverse();
                    if let Some(x) = b.played_here.first().copied() {
                        b.played_here.push(x);
                    }
                }
                let hv = SeatView::new(&h, d.player);
                let mut hkeys: Vec<u64> = h
                    .pending()
                    .unwrap()
                    .options
                    .iter()
                    .map(|o| hv.option_key(o))
                    .collect();
                hkeys.reverse();
                let hids: Vec<String> = h
                    .pending()
                    .unwrap()
                    .options
                    .iter()
                    .map(|o| option_id(&h, o))
                    .collect();
                assert_eq!(
                    place_id(&h, d.player.ix(), &hids),
                    place_id(g, d.player.ix(), &ids)
                );
                assert_eq!(hv.fingerprint(&hkeys), place);
                let id = place_id(g, d.player.ix(), &ids);
                positions += 1;
                if !old_to_new.contains_key(&id) {
                    distinct += 1;
                }
                assert_eq!(
                    new_to_old.entry(place).or_insert(id.clone()),
                    &id,
                    "seed {seed}"
                );
                assert_eq!(
                    old_to_new.entry(id.clone()).or_insert(place),
                    &place,
                    "seed {seed}"
                );
            })
            .unwrap();
        }
    }
    println!("{positions} positions, {distinct} distinct");
    assert!(
        positions > distinct,
        "no position came back: nothing was compared"
    );
}
