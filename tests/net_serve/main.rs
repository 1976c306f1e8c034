//! `smashup serve` over loopback: whole games with scripted people on raw sockets
//! (plain and framed) and bots, privacy per seat, reconnecting, a server killed and
//! restarted, bad input and abuse beside a game, and the lobby's refusals; the web
//! page's port (`--http`) and the panels a rich client asks for.

#[path = "../leak_check/mod.rs"]
mod leak_check;
mod support;

mod abuse;
mod factions;
mod faults;
mod game;
mod lobby;
mod web;
