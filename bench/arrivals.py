"""An open-loop (arrival-rate) load: requests start on a timetable whether or not the earlier ones
have finished, as a thousand independent browsers and phones do.

The timetable is a seeded Poisson process per kind of request (the same every run). A request's
latency runs from its *scheduled* start, so time spent waiting for a free client counts: a server
that falls behind shows it in the p95 instead of the load slowing down with it. Loopback only;
every step is bounded in requests and in time and stops by itself.
"""

from __future__ import annotations

import os
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Callable

from bench.load import Connection, Request, percentile, summary


@dataclass
class Kind:
    """One kind of request in the mix, `rate` a second at 1×. `make(conn, rng)` gives the request
    (None: nothing can be sent now, an error); `done(request, status)` runs after the answer
    (status None when there was none)."""

    name: str
    rate: float
    make: Callable[[Connection, random.Random], Request | None]
    done: Callable[[Request, int | None], None] | None = None


@dataclass
class Step:
    multiple: float
    seconds: float  # the timetable's length
    elapsed: float = 0.0
    client_cpu: float = 0.0  # CPU seconds the load client itself used (it shares the machine with the server)
    load_average: float | None = None  # the machine's 1-minute load average as the step ended
    latencies: dict[str, list[float]] = field(default_factory=dict)  # seconds from scheduled start
    errors: dict[str, int] = field(default_factory=dict)
    first_error: str = ""
    renders: dict[str, int] = field(default_factory=dict)  # renders of each page kind during the step
    saves: int = 0  # hands saved during the step (the changes)

    def p95(self, kind: str) -> float | None:
        return percentile(self.latencies.get(kind, []), 95)

    @property
    def count(self) -> int:
        return sum(len(v) for v in self.latencies.values())

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    def held(self, p95_limit: float) -> bool:
        """No errors, and every kind's p95 within the limit."""
        return not self.error_count and all((self.p95(k) or 0) <= p95_limit for k in self.latencies)


def timetable(kinds: list[Kind], multiple: float, seconds: float, max_requests: int, seed: int) -> tuple[list[tuple[float, int]], float]:
    """Arrivals [(seconds from start, kind index)] in order, and the length: shortened so that the
    expected count stays within `max_requests`."""
    rng = random.Random(seed)
    total = sum(k.rate for k in kinds) * multiple
    seconds = min(seconds, max_requests / total) if total else seconds
    arrivals = []
    for index, kind in enumerate(kinds):
        rate = kind.rate * multiple
        at = rng.expovariate(rate)
        while at < seconds:
            arrivals.append((at, index))
            at += rng.expovariate(rate)
    arrivals.sort()
    return arrivals[:max_requests], seconds


class OpenLoop:
    """`clients` keep-alive connections, each `prepare`d once, reused by every step."""

    def __init__(self, port: int, kinds: list[Kind], *, clients: int, prepare: Callable[[Connection], object] | None = None,
                 host: str = "127.0.0.1", timeout: float = 20.0):
        self.kinds = kinds
        self.connections = [Connection(host, port, timeout=timeout, keep_cookies={"csrftoken"}) for _ in range(clients)]
        for conn in self.connections:
            if prepare:
                prepare(conn)

    def step(self, multiple: float, *, seconds: float, max_requests: int, seed: int, grace: float = 5.0) -> Step:
        """Run one timetable at `multiple` × the kinds' rates. Requests not started by `seconds` +
        `grace` are not sent and count as errors, so a stalled server ends the step on time."""
        arrivals, seconds = timetable(self.kinds, multiple, seconds, max_requests, seed)
        result = Step(multiple=multiple, seconds=seconds, latencies={k.name: [] for k in self.kinds},
                      errors={k.name: 0 for k in self.kinds})
        lock = threading.Lock()
        cursor = [0]
        began = time.perf_counter() + 0.2
        cpu_before = time.process_time()
        cutoff = began + seconds + grace

        def error(kind: Kind, text: str) -> None:
            with lock:
                result.errors[kind.name] += 1
                result.first_error = result.first_error or f"{kind.name}: {text}"

        def client(conn: Connection, rng: random.Random) -> None:
            while True:
                with lock:
                    if cursor[0] >= len(arrivals):
                        return
                    at, index = arrivals[cursor[0]]
                    cursor[0] += 1
                kind, due = self.kinds[index], began + at
                if due > time.perf_counter():
                    time.sleep(due - time.perf_counter())
                if time.perf_counter() > cutoff:
                    error(kind, "not sent: the server fell too far behind the timetable")
                    continue
                try:
                    request = kind.make(conn, rng)
                except Exception as exc:
                    error(kind, f"could not make the request: {exc!r}")
                    continue
                if request is None:
                    error(kind, "nothing to send (no free table)")
                    continue
                status, body = None, b""
                try:
                    status, _, body = conn.request(request)
                except Exception as exc:
                    error(kind, repr(exc))
                finished = time.perf_counter()
                if kind.done:
                    kind.done(request, status)
                if status in request.expect:
                    with lock:
                        result.latencies[kind.name].append(finished - due)
                elif status is not None:
                    error(kind, f"{request.method} {request.path} → {status}: {summary(body)}")

        threads = [threading.Thread(target=client, args=(conn, random.Random(seed * 1000 + i)), daemon=True)
                   for i, conn in enumerate(self.connections)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(max(0.0, cutoff - time.perf_counter()) + 30)
        result.elapsed = time.perf_counter() - began
        result.client_cpu = time.process_time() - cpu_before
        result.load_average = round(os.getloadavg()[0], 2)
        return result

    def close(self) -> None:
        for conn in self.connections:
            conn.close()
