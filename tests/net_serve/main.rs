//! `smashup serve` over loopback: whole games with scripted people on raw sockets
//! (plain and framed) and bots, privacy per seat, reconnecting, a server killed and
//! restarted, bad input and abuse beside a game, and the lobby's refusals; the web
//! page's port (`--http`) and the panels a rich client asks for.

#[path = "../leak_check/mod.rs"]
mod leak_check;
// Shared with tests/net_client.rs, which uses the parts this crate does not.
#[allow(dead_code)]
#[path = "../net_common/mod.rs"]
mod net_common;
mod support;

mod abuse;
mod draft;
mod factions;
mod faults;
mod game;
mod lobby;
mod web;
