//! The HTTP layer under the routes: our own accept loop (hyper-util's connection builder) with a
//! time limit for reading a request's head (which also closes idle keep-alive connections), a
//! limit of connections per address, a request rate per address, a time limit for reading a
//! request's body, and a JSON body for the errors hyper answers by itself (a request line it
//! cannot parse, too many headers).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Instant;

use axum::extract::{ConnectInfo, FromRequest, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::api::ApiError;
use crate::App;

/// The largest request body (the API's bodies are small JSON documents).
pub(crate) const MAX_BODY: usize = 2 * 1024 * 1024;

/// The connections and request rates of each address.
#[derive(Default)]
pub(crate) struct Clients {
    connections: Mutex<HashMap<IpAddr, usize>>,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// A token bucket: `tokens` requests may come at once, refilled at the rate per second.
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// The address a request is counted against for the per-address limits: the peer's, or for a
/// request another instance forwarded (with the instances' key) the client's it names
/// ([`crate::cluster::CLIENT`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClientAddr(pub IpAddr);

/// One open connection of an address (an HTTP connection, and the WebSocket it became): the
/// address's count goes down when the last holder ends. A connection forwarded by another
/// instance is counted against its client's address once its request names it
/// ([`ConnectionSlot::reassign`]).
pub(crate) struct ConnectionSlot {
    app: Arc<App>,
    ip: Mutex<IpAddr>,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let ip = *self.ip.lock().unwrap_or_else(|p| p.into_inner());
        let mut c = self.counts();
        release(&mut c, ip);
    }
}

/// One connection of `ip` fewer.
fn release(c: &mut HashMap<IpAddr, usize>, ip: IpAddr) {
    if let Some(n) = c.get_mut(&ip) {
        *n -= 1;
        if *n == 0 {
            c.remove(&ip);
        }
    }
}

impl ConnectionSlot {
    /// The open connections per address.
    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.app
            .clients
            .connections
            .lock()
            .unwrap_or_else(|p| p.into_inner())
    }

    /// Counts the connection against `to` from now on instead of the address it came from;
    /// `false` (and counted as before) when `to` holds its limit.
    fn reassign(&self, to: IpAddr) -> bool {
        let mut ip = self.ip.lock().unwrap_or_else(|p| p.into_inner());
        if *ip == to {
            return true;
        }
        let mut c = self.counts();
        let n = c.entry(to).or_insert(0);
        if *n >= self.app.limits.connections_per_address {
            if *n == 0 {
                c.remove(&to);
            }
            return false;
        }
        *n += 1;
        release(&mut c, *ip);
        *ip = to;
        true
    }
}

impl Clients {
    /// A place among `ip`'s connections, or `None` when it holds its limit.
    fn take(app: &Arc<App>, ip: IpAddr) -> Option<Arc<ConnectionSlot>> {
        let mut c = app
            .clients
            .connections
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let n = c.entry(ip).or_insert(0);
        if *n >= app.limits.connections_per_address {
            if *n == 0 {
                c.remove(&ip);
            }
            return None;
        }
        *n += 1;
        Some(Arc::new(ConnectionSlot {
            app: Arc::clone(app),
            ip: Mutex::new(ip),
        }))
    }

    /// Forgets the buckets that are full again (addresses not heard from for a while).
    pub(crate) fn prune(&self, limits: &crate::Limits) {
        let mut b = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        let full = f64::from(limits.request_burst);
        let rate = f64::from(limits.requests_per_second);
        b.retain(|_, k| k.tokens + k.at.elapsed().as_secs_f64() * rate < full);
    }
}

/// A response for a client refused before any route ran: the status, the JSON error, and
/// `Connection: close`.
fn refusal_bytes(status: StatusCode, message: &str) -> Vec<u8> {
    let body = serde_json::json!({ "error": message }).to_string();
    format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        status.as_u16(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
    .into_bytes()
}

/// Accepts connections until the server stops; each is served by hyper-util's builder (HTTP/1.1
/// with upgrades for the WebSockets, or HTTP/2) with the head read limit.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Arc<App>,
    router: axum::Router,
    mut stop: watch::Receiver<bool>,
) {
    let mut builder =
        hyper_util::server::conn::auto::Builder::new(hyper_util::rt::TokioExecutor::new());
    builder
        .http1()
        .timer(hyper_util::rt::TokioTimer::new())
        // A slow client (or one that sends nothing, or a keep-alive connection left idle) is
        // dropped when its request head has not arrived in time.
        .header_read_timeout(app.limits.header_read);
    let builder = Arc::new(builder);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    loop {
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(c) => c,
                // Out of file descriptors and the like: try again shortly.
                Err(_) => {
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = crate::stopped(&mut stop) => break,
        };
        let _ = stream.set_nodelay(true);
        let ip = peer.ip();
        let Some(slot) = Clients::take(&app, ip) else {
            let limit = app.limits.connections_per_address;
            tokio::spawn(async move {
                let mut stream = stream;
                let bytes = refusal_bytes(
                    StatusCode::TOO_MANY_REQUESTS,
                    &format!("this address has {limit} connections open to the server, the most it takes: close some (or wait for idle ones to time out) and try again"),
                );
                let _ = tokio::time::timeout(std::time::Duration::from_secs(5), async {
                    let _ = stream.write_all(&bytes).await;
                    let _ = stream.shutdown().await;
                })
                .await;
            });
            continue;
        };
        let router = router.clone();
        let service =
            hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req.extensions_mut().insert(Arc::clone(&slot));
                let router = router.clone();
                async move {
                    use tower::ServiceExt;
                    router.oneshot(req.map(axum::body::Body::new)).await
                }
            });
        let builder = Arc::clone(&builder);
        let io = hyper_util::rt::TokioIo::new(JsonErrors::new(stream));
        let conn = builder
            .serve_connection_with_upgrades(io, service)
            .into_owned();
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = conn.await;
        });
    }
    drop(listener);
    // The requests under way finish (WebSockets are closed by the server's stop).
    let _ = tokio::time::timeout(std::time::Duration::from_secs(5), graceful.shutdown()).await;
}

/// Finds the address a request counts against ([`ClientAddr`]): the peer's, or the client's
/// that a request forwarded by another instance names ([`crate::cluster::CLIENT`]) with the
/// instances' shared key ([`crate::cluster::KEY`]; without it the header is ignored, so that a
/// client cannot pass for another). The forwarded request's connection (and the WebSocket it
/// becomes) is then counted against the client's address instead of the forwarding instance's,
/// or refused with 429 when that address holds its limit.
pub(crate) async fn client_addr(
    State(app): State<Arc<App>>,
    mut req: Request,
    next: Next,
) -> Response {
    let Some(ConnectInfo(peer)) = req.extensions().get::<ConnectInfo<SocketAddr>>().copied() else {
        return next.run(req).await;
    };
    let mut ip = peer.ip();
    let forwarded = app.store.forward_key().and_then(|key| {
        let given = req.headers().get(crate::cluster::KEY)?;
        if !same_secret(given.as_bytes(), key.as_bytes()) {
            return None;
        }
        req.headers()
            .get(crate::cluster::CLIENT)?
            .to_str()
            .ok()?
            .trim()
            .parse::<IpAddr>()
            .ok()
    });
    // Else a request through a trusted reverse proxy: the client it names.
    let forwarded = forwarded.or_else(|| {
        let proxies = &app.limits.trusted_proxies;
        proxies
            .contains(&ip)
            .then(|| proxied_client(req.headers(), proxies))
            .flatten()
    });
    if let Some(client) = forwarded {
        let moved = req
            .extensions()
            .get::<Arc<ConnectionSlot>>()
            .is_none_or(|slot| slot.reassign(client));
        if !moved {
            let limit = app.limits.connections_per_address;
            return ApiError(
                StatusCode::TOO_MANY_REQUESTS,
                format!("this address has {limit} connections open to the server, the most it takes: close some (or wait for idle ones to time out) and try again"),
            )
            .into_response();
        }
        ip = client;
    }
    req.extensions_mut().insert(ClientAddr(ip));
    next.run(req).await
}

/// The client a request through a trusted reverse proxy came from: the last address of its
/// `X-Forwarded-For` headers that is not itself a trusted proxy (each proxy appends the address
/// it was reached from, so the addresses before the last proxy's were sent by the client and
/// could be anything). `None` without the header, or when an address on the way cannot be read.
fn proxied_client(headers: &HeaderMap, proxies: &[IpAddr]) -> Option<IpAddr> {
    let mut hops: Vec<&str> = Vec::new();
    for h in headers.get_all("x-forwarded-for") {
        hops.extend(h.to_str().ok()?.split(',').map(str::trim));
    }
    for hop in hops.iter().rev() {
        let ip = address(hop)?;
        if !proxies.contains(&ip) {
            return Some(ip);
        }
    }
    // Only proxies on the way: the first one is the client.
    address(hops.first()?)
}

/// An address of `X-Forwarded-For`: `1.2.3.4`, `2001:db8::1`, or with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:5678`), as some proxies write it.
fn address(hop: &str) -> Option<IpAddr> {
    hop.parse()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|a| a.ip()))
}

/// Whether two secrets are equal, in a time that does not tell how much of them matched.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// Refuses an address that sends more requests than its rate (`Limits::requests_per_second`,
/// with bursts up to `Limits::request_burst`) with 429 and `Retry-After`.
pub(crate) async fn rate_limit(State(app): State<Arc<App>>, req: Request, next: Next) -> Response {
    let Some(ClientAddr(ip)) = req.extensions().get::<ClientAddr>().copied() else {
        return next.run(req).await;
    };
    let rate = f64::from(app.limits.requests_per_second);
    let burst = f64::from(app.limits.request_burst);
    let wait = {
        let mut b = app
            .clients
            .buckets
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let k = b.entry(ip).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        k.tokens = (k.tokens + now.duration_since(k.at).as_secs_f64() * rate).min(burst);
        k.at = now;
        if k.tokens >= 1.0 {
            k.tokens -= 1.0;
            None
        } else {
            Some(((1.0 - k.tokens) / rate.max(0.001)).ceil().max(1.0) as u64)
        }
    };
    match wait {
        None => next.run(req).await,
        Some(secs) => {
            let mut r = ApiError(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many requests from this address (at most {} a second, {} at once): try again in {secs} s",
                    app.limits.requests_per_second, app.limits.request_burst
                ),
            )
            .into_response();
            r.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from_str(&secs.to_string()).expect("digits"),
            );
            r
        }
    }
}

/// A request body, read within `Limits::body_read` (a body that does not arrive in time, such
/// as one shorter than its `Content-Length`, is answered 408) and at most [`MAX_BODY`] bytes.
pub(crate) struct Body(pub axum::body::Bytes);

/// How much of a too large body is still read (and thrown away) before the 413 is sent: a
/// client still sending when the server closes the connection gets a reset instead of the
/// answer (RFC 9112 9.6, "lingering close"). A body declared longer than this is refused
/// without reading it.
const MAX_DRAIN: usize = 8 * MAX_BODY;

/// Why a request body was not read.
enum BodyError {
    TooLarge,
    Broken(axum::Error),
}

/// Reads `body` up to [`MAX_BODY`] bytes; past that it reads on to [`MAX_DRAIN`], throwing the
/// bytes away, so that the client has sent its request when it is refused.
async fn read_body(mut body: axum::body::Body) -> Result<axum::body::Bytes, BodyError> {
    use http_body_util::BodyExt;
    let mut kept = Vec::new();
    let mut seen = 0usize;
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(BodyError::Broken)?;
        let Ok(data) = frame.into_data() else {
            continue; // trailers
        };
        seen = seen.saturating_add(data.len());
        if seen <= MAX_BODY {
            kept.extend_from_slice(&data);
        } else if seen > MAX_DRAIN {
            break;
        }
    }
    if seen > MAX_BODY {
        return Err(BodyError::TooLarge);
    }
    Ok(kept.into())
}

#[axum::async_trait]
impl FromRequest<Arc<App>> for Body {
    type Rejection = ApiError;

    async fn from_request(req: Request, app: &Arc<App>) -> Result<Body, ApiError> {
        let too_large = || {
            ApiError(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body is too large: at most {MAX_BODY} bytes (the API's bodies are small JSON documents)"),
            )
        };
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > MAX_DRAIN as u64) {
            return Err(too_large());
        }
        let limit = app.limits.body_read;
        match tokio::time::timeout(limit, read_body(req.into_body())).await {
            Ok(Ok(b)) => Ok(Body(b)),
            Ok(Err(BodyError::TooLarge)) => Err(too_large()),
            Ok(Err(BodyError::Broken(e))) => Err(ApiError(
                StatusCode::BAD_REQUEST,
                format!("the request body could not be read: {e}"),
            )),
            Err(_) => Err(ApiError(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s (is its Content-Length longer than the body?)",
                    limit.as_secs_f64()
                ),
            )),
        }
    }
}

/// A connection that gives hyper's own error responses a JSON body. hyper answers a request it
/// cannot parse (400: a bad request line or header, 431: too many headers, 414) with a bare
/// head (`content-length: 0`) before any route runs; this rewrites that head, as it is written,
/// into the same response with `{"error": …}`. Responses of the routes always have a body.
pub(crate) struct JsonErrors<T> {
    inner: T,
    /// A replacement being written: (bytes, written so far, the length hyper wrote).
    pending: Option<(Vec<u8>, usize, usize)>,
}

impl<T> JsonErrors<T> {
    fn new(inner: T) -> Self {
        JsonErrors {
            inner,
            pending: None,
        }
    }
}

/// hyper's bare error response in `buf` → the same status with a JSON body.
fn bare_error(buf: &[u8]) -> Option<Vec<u8>> {
    if !buf.starts_with(b"HTTP/1.1 4") || !buf.ends_with(b"\r\n\r\n") || buf.len() > 512 {
        return None;
    }
    let head = std::str::from_utf8(buf).ok()?.to_ascii_lowercase();
    if !head.contains("\r\ncontent-length: 0\r\n") || head.contains("\r\ncontent-type:") {
        return None;
    }
    let status = StatusCode::from_bytes(buf.get(9..12)?).ok()?;
    let message = match status {
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => {
            "the request's headers are too many or too large: send fewer (at most 100) and shorter ones"
        }
        StatusCode::URI_TOO_LONG => "the request's path is too long",
        _ => "the request cannot be read as HTTP: check the request line (method, path without spaces or control characters, HTTP version) and the headers",
    };
    Some(refusal_bytes(status, message))
}

impl<T: AsyncRead + Unpin> AsyncRead for JsonErrors<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for JsonErrors<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = &mut *self;
        if this.pending.is_none() {
            if let Some(bytes) = bare_error(buf) {
                this.pending = Some((bytes, 0, buf.len()));
            }
        }
        if let Some((bytes, written, claimed)) = &mut this.pending {
            while *written < bytes.len() {
                match Pin::new(&mut this.inner).poll_write(cx, &bytes[*written..]) {
                    Poll::Ready(Ok(0)) => {
                        return Poll::Ready(Err(std::io::ErrorKind::WriteZero.into()))
                    }
                    Poll::Ready(Ok(n)) => *written += n,
                    Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                    Poll::Pending => return Poll::Pending,
                }
            }
            let n = *claimed;
            this.pending = None;
            return Poll::Ready(Ok(n));
        }
        Pin::new(&mut this.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn client(values: &[&str], proxies: &[&str]) -> Option<IpAddr> {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        let proxies: Vec<IpAddr> = proxies.iter().map(|p| p.parse().unwrap()).collect();
        proxied_client(&h, &proxies)
    }

    #[test]
    fn the_client_is_the_last_address_before_the_trusted_proxies() {
        let ip = |s: &str| Some(s.parse::<IpAddr>().unwrap());
        assert_eq!(client(&["10.0.0.1"], &["127.0.0.1"]), ip("10.0.0.1"));
        // What the client wrote itself comes first and is passed over.
        assert_eq!(
            client(&["6.6.6.6, 10.0.0.1"], &["127.0.0.1"]),
            ip("10.0.0.1")
        );
        assert_eq!(
            client(&["garbage, 10.0.0.1"], &["127.0.0.1"]),
            ip("10.0.0.1")
        );
        // Two proxies in a row (a load balancer before the TLS front), two header lines.
        assert_eq!(
            client(&["10.0.0.1", "192.168.1.5"], &["127.0.0.1", "192.168.1.5"]),
            ip("10.0.0.1")
        );
        // With ports, as some proxies write them; IPv6.
        assert_eq!(client(&["10.0.0.1:5555"], &[]), ip("10.0.0.1"));
        assert_eq!(client(&["[2001:db8::1]:443"], &[]), ip("2001:db8::1"));
        assert_eq!(client(&["2001:db8::1"], &[]), ip("2001:db8::1"));
        // Only proxies: the first is the client; nothing readable, or no header: none.
        assert_eq!(client(&["127.0.0.1"], &["127.0.0.1"]), ip("127.0.0.1"));
        assert_eq!(client(&["10.0.0.1, unknown"], &["127.0.0.1"]), None);
        assert_eq!(client(&[], &["127.0.0.1"]), None);
    }
}
