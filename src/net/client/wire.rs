//! The client's connection: where the server is (`HOST[:PORT]`), a TCP connection to
//! it, and TLS over that with `--tls` (rustls, the server's certificate checked against
//! the web's root certificates or the one `--tls-ca FILE` gives). A connection that
//! cannot be made, or a certificate that is not accepted, is one line saying why; there
//! is never a silent fallback to plain text.

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::TlsConnector;

/// How long a connection may take before it is given up.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A byte stream to the server: plain TCP or TLS over it.
pub trait Wire: AsyncRead + AsyncWrite + Unpin + Send {}

impl<T: AsyncRead + AsyncWrite + Unpin + Send> Wire for T {}

/// Where the server is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// A host name or an IP address (without brackets).
    pub host: String,
    /// The port.
    pub port: u16,
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.host.contains(':') {
            write!(f, "[{}]:{}", self.host, self.port)
        } else {
            write!(f, "{}:{}", self.host, self.port)
        }
    }
}

impl Target {
    /// Reads `HOST`, `HOST:PORT`, `[IPV6]:PORT` or a bare IPv6 address; the port is
    /// `default_port` when not given. `Err` is the line saying what was expected.
    pub fn parse(text: &str, default_port: u16) -> Result<Target, String> {
        let text = text.trim();
        let expected = |why: &str| {
            format!(
                "Expected HOST or HOST:PORT (for example 192.168.1.20:7777), not {}: {why}.",
                crate::quote::quote(text)
            )
        };
        let (host, port) = if let Some(rest) = text.strip_prefix('[') {
            let (host, after) = rest
                .split_once(']')
                .ok_or_else(|| expected("a [ without its ]"))?;
            match after.strip_prefix(':') {
                Some(port) => (host, Some(port)),
                None if after.is_empty() => (host, None),
                None => return Err(expected("something after the ]")),
            }
        } else if text.matches(':').count() > 1 {
            (text, None)
        } else {
            match text.split_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (text, None),
            }
        };
        if host.is_empty() || host.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(expected("no host name"));
        }
        let port = match port {
            None => default_port,
            Some(p) => match p.parse::<u16>() {
                Ok(n) if n > 0 => n,
                _ => return Err(expected("the port is a number from 1 to 65535")),
            },
        };
        Ok(Target {
            host: host.to_string(),
            port,
        })
    }
}

/// The TLS set-up for `--tls`: the server's certificate must chain to the web's root
/// certificates, or, with `ca`, to the certificates in that PEM file (a self-signed
/// server's own certificate). `Err` is the line saying what is wrong.
pub fn tls_connector(ca: Option<&Path>) -> Result<TlsConnector, String> {
    let mut roots = rustls::RootCertStore::empty();
    match ca {
        None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
        Some(path) => {
            let shown = crate::quote::echo(&path.display().to_string());
            let bytes = std::fs::read(path)
                .map_err(|e| format!("TLS: cannot read the certificate file {shown}: {e}."))?;
            let certs: Vec<CertificateDer> = CertificateDer::pem_slice_iter(&bytes)
                .collect::<Result<_, _>>()
                .map_err(|e| format!("TLS: {shown} is not a PEM certificate file: {e}."))?;
            let (added, _) = roots.add_parsable_certificates(certs);
            if added == 0 {
                return Err(format!(
                    "TLS: {shown} holds no certificate (expected PEM, -----BEGIN CERTIFICATE-----)."
                ));
            }
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("TLS: {e}."))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(TlsConnector::from(Arc::new(config)))
}

/// Connects to `target`, through TLS when `tls` is given. `Err` is the one line to
/// show: refused, unknown host, timed out, or a certificate not accepted.
pub async fn connect(target: &Target, tls: Option<&TlsConnector>) -> Result<Box<dyn Wire>, String> {
    let cannot = |why: String| format!("Cannot connect to {target}: {why}.");
    let tcp = tokio::time::timeout(
        CONNECT_TIMEOUT,
        TcpStream::connect((target.host.as_str(), target.port)),
    )
    .await
    .map_err(|_| cannot("no answer within 10 seconds".into()))?
    .map_err(|e| cannot(e.to_string()))?;
    let _ = tcp.set_nodelay(true);
    let Some(tls) = tls else {
        return Ok(Box::new(tcp));
    };
    let name = ServerName::try_from(target.host.clone())
        .map_err(|_| cannot(format!("{} is not a name TLS can check", target.host)))?;
    let stream = tokio::time::timeout(CONNECT_TIMEOUT, tls.connect(name, tcp))
        .await
        .map_err(|_| cannot("the TLS handshake took over 10 seconds".into()))?
        .map_err(|e| {
            format!(
                "TLS: the connection to {target} is refused, nothing was sent: {e}. A server with a self-signed certificate needs --tls-ca FILE; a server without TLS needs no --tls."
            )
        })?;
    Ok(Box::new(stream))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_with_or_without_a_port() {
        let t = |host: &str, port| Target {
            host: host.into(),
            port,
        };
        assert_eq!(
            Target::parse("example.org", 7777),
            Ok(t("example.org", 7777))
        );
        assert_eq!(
            Target::parse("10.0.0.2:9000", 7777),
            Ok(t("10.0.0.2", 9000))
        );
        assert_eq!(Target::parse("[::1]:9000", 7777), Ok(t("::1", 9000)));
        assert_eq!(Target::parse("::1", 7777), Ok(t("::1", 7777)));
        assert_eq!(t("::1", 9).to_string(), "[::1]:9");
        for bad in [
            "",
            "host:",
            "host:0",
            "host:70000",
            "host:x",
            ":80",
            "[::1",
            "a b",
        ] {
            assert!(Target::parse(bad, 7777).is_err(), "{bad}");
        }
    }
}
