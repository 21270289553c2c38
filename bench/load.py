"""A small, bounded HTTP load client: threads, one keep-alive connection each, loopback only.

It stops by itself after `max_requests` requests or `max_seconds`, whichever comes first.
"""

from __future__ import annotations

import http.client
import re
import statistics
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

LOOPBACK = {"127.0.0.1", "::1", "localhost"}  # and any 127.x.y.z (the rehearsal's web hosts)


@dataclass
class Request:
    path: str
    method: str = "GET"
    body: bytes | None = None
    headers: dict = field(default_factory=dict)
    expect: tuple[int, ...] = (200,)
    tag: object = None  # the caller's own note (e.g. which table a hand was saved for)


@dataclass
class LoadResult:
    name: str
    clients: int
    seconds: float
    latencies: list[float] = field(default_factory=list)  # seconds, successful requests only
    queries: list[int] = field(default_factory=list)
    errors: int = 0
    first_error: str = ""

    @property
    def count(self) -> int:
        return len(self.latencies)

    @property
    def rps(self) -> float:
        return self.count / self.seconds if self.seconds > 0 else 0.0

    def percentile(self, p: float) -> float | None:
        return percentile(self.latencies, p)

    @property
    def queries_per_request(self) -> float | None:
        return statistics.median(self.queries) if self.queries else None

    @property
    def queries_max(self) -> int | None:
        return max(self.queries) if self.queries else None


def summary(body: bytes, limit: int = 300) -> str:
    """The part of an error page a person would read: from its alert (if any), tags stripped."""
    text = body.decode(errors="replace")
    alert = text.find('role="alert"')
    start = text.rfind("<", 0, alert) if alert > 0 else max(text.find("<main"), 0)
    text = re.sub(r"<[^>]+>", " ", text[start:])
    return " ".join(text.split())[:limit]


def percentile(values: list[float], p: float) -> float | None:
    """Nearest-rank percentile (p in 0..100) of `values`; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, min(len(ordered), int(-(-p * len(ordered) // 100))))
    return ordered[rank - 1]


class Connection:
    """One keep-alive HTTP/1.1 connection that remembers cookies (for sessions and CSRF); with
    `keep_cookies`, only those (a load client's jar does not grow with every page it visits)."""

    def __init__(self, host: str, port: int, timeout: float = 60, keep_cookies: set[str] | None = None):
        if host not in LOOPBACK and not host.startswith("127."):
            raise ValueError(f"the bench only talks to loopback, not {host!r}")
        self.host, self.port, self.timeout, self.keep_cookies = host, port, timeout, keep_cookies
        self.cookies: dict[str, str] = {}
        self._conn: http.client.HTTPConnection | None = None

    def request(self, req: Request) -> tuple[int, dict, bytes]:
        # As a browser, it names its languages: a visitor whose browser names neither of ours gets the
        # tournament's, which costs one more small query (tournament.core.language).
        headers = {"Host": f"{self.host}:{self.port}", "Accept-Language": "en-US,en;q=0.9", **req.headers}
        if self.cookies:  # the jar, plus any cookie the request names itself
            jar = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            headers["Cookie"] = f"{jar}; {headers['Cookie']}" if "Cookie" in headers else jar
        for attempt in (1, 2):  # a keep-alive connection the server closed is reopened once
            if self._conn is None:
                self._conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self._conn.request(req.method, req.path, body=req.body, headers=headers)
                response = self._conn.getresponse()
                body = response.read()
            except (http.client.HTTPException, ConnectionError, OSError):
                self.close()
                if attempt == 2:
                    raise
                continue
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    if self.keep_cookies is None or name.strip() in self.keep_cookies:
                        self.cookies[name.strip()] = rest.split(";", 1)[0]
            if response.getheader("Connection", "").lower() == "close":
                self.close()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, body
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


def run_load(
    name: str,
    port: int,
    make_request: Callable[[object, int], Request],
    *,
    clients: int = 8,
    max_requests: int = 2000,
    max_seconds: float = 8.0,
    warmup: int = 0,
    prepare: Callable[[Connection, int], object] | None = None,
    host: str = "127.0.0.1",
) -> LoadResult:
    """`clients` threads share `max_requests`; each first runs `prepare(conn, index) -> state`, then
    `make_request(state, n)` for its n-th request. `warmup` requests per client are not counted."""
    result = LoadResult(name=name, clients=clients, seconds=0.0)
    lock = threading.Lock()
    issued = 0
    states: list[object] = [None] * clients
    connections = [Connection(host, port) for _ in range(clients)]
    ready = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def client(index: int) -> None:
        nonlocal issued
        conn = connections[index]
        try:
            states[index] = prepare(conn, index) if prepare else index
            for n in range(warmup):
                conn.request(make_request(states[index], -1 - n))
        except Exception as exc:  # a client that cannot even start counts as one error
            with lock:
                result.errors += 1
                result.first_error = result.first_error or f"prepare: {exc!r}"
            ready.wait()
            return
        ready.wait()
        n = 0
        while True:
            with lock:
                if issued >= max_requests or time.perf_counter() >= stop_at[0]:
                    return
                issued += 1
            req = make_request(states[index], n)
            n += 1
            started = time.perf_counter()
            try:
                status, headers, body = conn.request(req)
            except Exception as exc:
                with lock:
                    result.errors += 1
                    result.first_error = result.first_error or repr(exc)
                continue
            elapsed = time.perf_counter() - started
            with lock:
                if status in req.expect:
                    result.latencies.append(elapsed)
                    if "x-query-count" in headers:
                        result.queries.append(int(headers["x-query-count"]))
                else:
                    result.errors += 1
                    result.first_error = result.first_error or f"{req.method} {req.path} → {status}: {summary(body)}"

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    for thread in threads:
        thread.start()
    stop_at[0] = float("inf")
    ready.wait()
    began = time.perf_counter()
    stop_at[0] = began + max_seconds
    for thread in threads:
        thread.join(max_seconds + 120)
    result.seconds = time.perf_counter() - began
    for conn in connections:
        conn.close()
    return result


def time_calls(fn: Callable[[], object], repeat: int, warmup: int = 1) -> list[float]:
    """Wall-clock seconds of `repeat` sequential calls of `fn` (after `warmup` uncounted ones)."""
    for _ in range(warmup):
        fn()
    timings = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        timings.append(time.perf_counter() - started)
    return timings
