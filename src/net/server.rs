//! `smashup serve`: the accept loop, TLS, and the limits that keep one client from
//! harming the others (connections per address, lines per second, idling in the
//! lobby). Each connection is a task of its own (see [`super::session`]).

use super::lobby::Lobby;
use super::table::event;
use super::web::{self, Serve};
use super::{Kind, DEFAULT_PORT};
use crate::play::describe::count;
use std::collections::HashMap;
use std::io::Write as _;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;

/// Connections one address may hold at once (`--max-per-address`).
pub const MAX_PER_ADDRESS: usize = 8;
/// Seconds a connection may stay in the lobby without a line before it is closed
/// (`--lobby-idle`).
pub const LOBBY_IDLE_SECS: u64 = 600;
/// Seconds a person must be gone before the creator may hand their seat to a bot
/// (`--bot-after`).
pub const BOT_AFTER_SECS: u64 = 120;
/// Lines a client may send at once before the rate counts (`--flood-rate`).
pub const FLOOD_BURST: f64 = 100.0;
/// Lines a second a client may send, sustained; more and it is disconnected
/// (`--flood-rate`).
pub const FLOOD_RATE: f64 = 30.0;
/// Seconds a TLS handshake may take.
const HANDSHAKE_SECS: u64 = 10;

/// The flags of `smashup serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port, said on the first line).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on: 127.0.0.1 (this machine only) unless told; 0.0.0.0
    /// opens it to the network.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Where tables are kept between runs (default: the data folder's server/).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Speak TLS with this certificate chain (PEM); needs --tls-key.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM); needs --tls-cert.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Connections one address may hold at once.
    #[arg(long, value_name = "N", default_value_t = MAX_PER_ADDRESS)]
    pub max_per_address: usize,
    /// Seconds a connection may idle in the lobby before it is closed.
    #[arg(long, value_name = "SECS", default_value_t = LOBBY_IDLE_SECS)]
    pub lobby_idle: u64,
    /// Seconds a person must be gone before the creator may hand their seat to a bot.
    #[arg(long, value_name = "SECS", default_value_t = BOT_AFTER_SECS)]
    pub bot_after: u64,
    /// Lines a second one client may send, sustained (after a burst of 100); more and
    /// it is disconnected. Raise it for scripted load tests.
    #[arg(long, value_name = "N", default_value_t = FLOOD_RATE)]
    pub flood_rate: f64,
    /// Serve the web page (and its WebSocket) on this port of its own (0: any free
    /// port, said on the second line); the game port then speaks the line protocol at
    /// once. Without it the game port serves the page too.
    #[arg(long, value_name = "PORT")]
    pub http: Option<u16>,
}

/// What every connection shares: the lobby, the limits, and who is connected from
/// where.
pub struct Server {
    /// Every table.
    pub lobby: Lobby,
    /// How long a connection may idle in the lobby.
    pub lobby_idle: Duration,
    /// How long a seat must be empty before it can go to a bot.
    pub bot_after: Duration,
    /// Lines a second one client may send, sustained.
    pub flood_rate: f64,
    max_per_address: usize,
    per_address: Mutex<HashMap<IpAddr, usize>>,
    next_conn: AtomicU64,
}

impl Server {
    /// A server with the default limits over `lobby`, for tests of one connection.
    #[cfg(test)]
    pub(crate) fn for_tests(lobby: Lobby) -> Server {
        Server {
            lobby,
            lobby_idle: Duration::from_secs(LOBBY_IDLE_SECS),
            bot_after: Duration::from_secs(BOT_AFTER_SECS),
            flood_rate: FLOOD_RATE,
            max_per_address: MAX_PER_ADDRESS,
            per_address: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(0),
        }
    }

    /// The next connection's number.
    pub fn next_conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// Counts a connection from `ip`, unless that address already holds the most.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<AddressSlot> {
        let mut counts = self.per_address.lock().unwrap_or_else(|e| e.into_inner());
        let n = counts.entry(ip).or_insert(0);
        if *n >= self.max_per_address {
            return None;
        }
        *n += 1;
        Some(AddressSlot {
            server: Arc::clone(self),
            ip,
        })
    }
}

/// One connection counted against its address, until it is dropped.
struct AddressSlot {
    server: Arc<Server>,
    ip: IpAddr,
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut counts = self
            .server
            .per_address
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(n) = counts.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                counts.remove(&self.ip);
            }
        }
    }
}

/// The TLS set-up from a PEM certificate chain and key; the error is one line
/// naming the file.
fn tls_config(cert: &Path, key: &Path) -> Result<rustls::ServerConfig, String> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    let bad_cert = |e: &dyn std::fmt::Display| {
        format!(
            "cannot read the certificate {}: {e}",
            crate::quote::echo(&cert.display().to_string())
        )
    };
    let certs: Vec<CertificateDer> = CertificateDer::pem_file_iter(cert)
        .map_err(|e| bad_cert(&e))?
        .collect::<Result<_, _>>()
        .map_err(|e| bad_cert(&e))?;
    if certs.is_empty() {
        return Err(bad_cert(&"no PEM certificate in it"));
    }
    let key_der = PrivateKeyDer::from_pem_file(key).map_err(|e| {
        format!(
            "cannot read the private key {}: {e}",
            crate::quote::echo(&key.display().to_string())
        )
    })?;
    rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_no_client_auth()
        .with_single_cert(certs, key_der)
        .map_err(|e| {
            format!(
                "the key {} does not fit the certificate {}: {e}",
                key.display(),
                cert.display()
            )
        })
}

/// Runs the server until it is stopped; the process exit code.
pub fn run(args: &ServeArgs) -> u8 {
    let tls = match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => match tls_config(cert, key) {
            Ok(config) => Some(TlsAcceptor::from(Arc::new(config))),
            Err(e) => {
                eprintln!("Error: {e}.");
                return 2;
            }
        },
        _ => None,
    };
    let dir = args
        .data
        .clone()
        .or_else(|| crate::play::data_folder().map(|d| d.join("server")));
    let dir = dir.and_then(|d| match std::fs::create_dir_all(&d) {
        Ok(()) => Some(d),
        Err(e) => {
            eprintln!(
                "Tables are not kept: cannot make the folder {}: {e}.",
                d.display()
            );
            None
        }
    });
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("Error: cannot start the server: {e}.");
            return 1;
        }
    };
    runtime.block_on(serve(args, tls, dir))
}

async fn serve(args: &ServeArgs, tls: Option<TlsAcceptor>, dir: Option<PathBuf>) -> u8 {
    let listener = match TcpListener::bind((args.bind, args.port)).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("Error: cannot listen on {}:{}: {e}.", args.bind, args.port);
            return 2;
        }
    };
    let page = match args.http {
        Some(port) => match TcpListener::bind((args.bind, port)).await {
            Ok(l) => Some(l),
            Err(e) => {
                eprintln!("Error: cannot listen on {}:{port}: {e}.", args.bind);
                return 2;
            }
        },
        None => None,
    };
    let (lobby, problems) = Lobby::open(dir.clone());
    for p in problems {
        event(&format!("not restored: {p}"));
    }
    let restored = lobby.all().len();
    let server = Arc::new(Server {
        lobby,
        lobby_idle: Duration::from_secs(args.lobby_idle),
        bot_after: Duration::from_secs(args.bot_after),
        flood_rate: args.flood_rate.max(1.0),
        max_per_address: args.max_per_address.max(1),
        per_address: Mutex::new(HashMap::new()),
        next_conn: AtomicU64::new(0),
    });
    let addr = |l: &TcpListener, port: u16| {
        l.local_addr()
            .map_or_else(|_| format!("{}:{port}", args.bind), |a| a.to_string())
    };
    let game = addr(&listener, args.port);
    let web_addr = page.as_ref().map_or(game.clone(), |l| addr(l, 0));
    let scheme = if tls.is_some() { "https" } else { "http" };
    // One write, so that a reader of the first line alone has both before it goes.
    let _ = write!(
        std::io::stdout(),
        "Listening on {game}\nWeb page at {scheme}://{web_addr}/\n"
    );
    let _ = std::io::stdout().flush();
    let game_port = if page.is_some() {
        Serve::Lines
    } else {
        Serve::Both
    };
    event(&format!(
        "server: {}{}, {} restored",
        if tls.is_some() {
            "TLS"
        } else {
            "plain text, unencrypted"
        },
        dir.map_or(", tables not kept".to_string(), |d| format!(
            ", tables kept in {}",
            d.display()
        )),
        count(restored, "table")
    ));
    loop {
        let (accepted, serve) = tokio::select! {
            a = listener.accept() => (a, game_port),
            a = web::accept(page.as_ref()) => (a, Serve::Web),
            _ = tokio::signal::ctrl_c() => {
                event("server: stopped; every table is saved");
                return 0;
            }
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                event(&format!("server: a connection failed: {e}"));
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let Some(slot) = server.admit(peer.ip()) else {
            tokio::spawn(refuse(stream, server.max_per_address));
            continue;
        };
        let server = Arc::clone(&server);
        let tls = tls.clone();
        tokio::spawn(async move {
            let _slot = slot;
            connection(stream, server, tls, serve).await;
        });
    }
}

/// One connection, over TLS or not, from a browser or a line client.
async fn connection(
    stream: tokio::net::TcpStream,
    server: Arc<Server>,
    tls: Option<TlsAcceptor>,
    serve: Serve,
) {
    match tls {
        None => web::route(stream, server, serve).await,
        Some(acceptor) => {
            let shake =
                tokio::time::timeout(Duration::from_secs(HANDSHAKE_SECS), acceptor.accept(stream))
                    .await;
            if let Ok(Ok(stream)) = shake {
                web::route(stream, server, serve).await;
            }
        }
    }
}

/// Says why a connection is refused, and closes it: as a framed `bye` line when the
/// client's first line (waited for a moment) is `frames on`, else as a plain line.
async fn refuse(mut stream: tokio::net::TcpStream, max: usize) {
    let line =
        format!("Too many connections from your address (at most {max}); close one and try again.");
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let mut first = [0u8; 16];
        let framed = matches!(
            tokio::time::timeout(Duration::from_secs(1), stream.read(&mut first)).await,
            Ok(Ok(n)) if first[..n].starts_with(b"frames on")
        );
        let out = if framed {
            format!("{}\t{line}\n", Kind::Bye.word())
        } else {
            format!("{line}\n")
        };
        stream.write_all(out.as_bytes()).await?;
        stream.shutdown().await
    })
    .await;
}
