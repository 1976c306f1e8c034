//! `smashup serve` over loopback: whole games with scripted people on raw sockets
//! (plain and framed) and bots, privacy per seat, reconnecting, a server killed and
//! restarted, bad input and abuse beside a game, and the lobby's refusals.

#[path = "../leak_check/mod.rs"]
mod leak_check;
mod support;

mod abuse;
mod draft;
mod factions;
mod faults;
mod game;
mod lobby;
