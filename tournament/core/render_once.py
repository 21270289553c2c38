"""One render per change, whatever the number of viewers.

A change (a hand saved) gives every cached page of the tournament a new key (the key holds the
change counter, tournament.core.page_cache). Without this module every request that arrives while
the new page is being rendered would render it too: with 1,000 spectators on a 128-team chart, a
burst of identical 100 ms renders after every hand. Here the first request to miss takes a short
lock in Redis for that key and renders; the others wait for the page to appear under the same key.

Never a stale page: a waiter only ever receives what is stored under the key it computed, and the
key holds the counter it read. The wait is bounded, and a waiter renders the page itself when
- the renderer died (its lock lapses after LOCK_SECONDS; the waiter stops waiting at WAIT_SECONDS),
- the renderer failed (it frees the lock; a waiter takes it and renders),
- Redis is unreachable (config.degrading_cache answers every read as a miss and every add as taken:
  a lock nobody holds that still cannot be taken means there is no Redis to share a page through).

Every render is counted in Redis under `renders:<page name>` (`count`, `counts`), so the bench can
show how many renders a change costs.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from typing import TypeVar

from django.core.cache import cache
from redis.exceptions import RedisError

T = TypeVar("T")

LOCK_SECONDS = 10  # a renderer that died holds its page's lock at most this long (a render takes ~0.1 s; 5 s on a machine at load 20)
WAIT_SECONDS = 10.0  # = LOCK_SECONDS: a live renderer is always worth waiting for (a render in parallel only adds load)
POLL_SECONDS = 0.01  # how often a waiter looks for the page: its added latency is at most this
COUNTER = "renders:"


def _lock_key(key: str) -> str:
    return f"rendering:{key}"


def page_name(key: str) -> str:
    """The page kind of a page_cache key ("render:<name>:<digest>")."""
    parts = key.split(":")
    return parts[1] if len(parts) > 2 else key


def fetch_or_render(key: str, render: Callable[[], T], usable: Callable[[object], bool], timeout: int,
                    *, wait: float | None = None) -> T:
    """What is stored under `key` when `usable`, else `render()` once for all the requests that want
    it at the same time: stored under `key` (for `timeout` seconds) and counted."""
    found = cache.get(key)
    if usable(found):
        return found
    token = uuid.uuid4().hex
    deadline = time.monotonic() + (WAIT_SECONDS if wait is None else wait)
    unheld = 0  # times the lock could be neither taken nor read: Redis is not answering
    while True:
        if cache.add(_lock_key(key), token, LOCK_SECONDS):
            try:
                found = cache.get(key)  # stored by a renderer that finished between our read and the lock
                if usable(found):
                    return found
                return _render(key, render, timeout)
            finally:
                _release(key, token)
        if cache.get(_lock_key(key)) is None:
            found = cache.get(key)
            if usable(found):
                return found
            unheld += 1
            if unheld >= 2:
                return _render(key, render, timeout)
            continue  # the renderer just finished or failed: take the lock ourselves
        unheld = 0
        while time.monotonic() < deadline:  # someone renders this page: wait for it
            time.sleep(POLL_SECONDS)
            found = cache.get(key)
            if usable(found):
                return found
            if cache.get(_lock_key(key)) is None:
                break
        else:
            return _render(key, render, timeout)  # the renderer is too slow or died: do not wait longer


def _render(key: str, render: Callable[[], T], timeout: int) -> T:
    value = render()
    cache.set(key, value, timeout)
    count(page_name(key))
    return value


def _release(key: str, token: str) -> None:
    # Read, then delete: if our lock lapsed and another renderer took it in between, deleting its
    # lock costs at most one more render of the same key, never a stale page.
    if cache.get(_lock_key(key)) == token:
        cache.delete(_lock_key(key))


def count(name: str, renders: int = 1) -> None:
    """More renders of page kind `name` (not counted while Redis is down)."""
    key = COUNTER + name
    # has_key and add are answered False while Redis is down (config.degrading_cache), without a
    # second timeout in the same request; incr is not, so it is only tried on a counter that exists.
    if not cache.has_key(key) and not cache.add(key, 0, None):
        return
    try:
        cache.incr(key, renders)
    except (RedisError, ValueError):
        pass


def counts(names: list[str]) -> dict[str, int]:
    """How many times each of these page kinds has been rendered (while Redis kept the count)."""
    found = cache.get_many([COUNTER + name for name in names])
    return {name: int(found.get(COUNTER + name, 0)) for name in names}
