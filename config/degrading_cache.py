"""Django's Redis cache, made optional: while Redis cannot be reached a read misses and a write is
dropped, so every page and PDF is rendered from the database instead of failing.

Everything Meldboard keeps in the cache (rendered pages, PDFs, print-job progress) can be made again
from the database; an outage costs speed, never a page. Only Redis's own errors are absorbed: a
value that cannot be pickled is a bug and still raises. A page makes several cache calls: after the
first one fails, the rest of that request skips the cache (a hung Redis costs a request one
timeout, not one per call) and the outage is logged once (a line per call would bury it). Outside
a request (the worker, a shell) every call tries Redis and every failure is logged.
"""

from __future__ import annotations

import functools
import logging
from contextvars import ContextVar

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.core.signals import request_finished, request_started
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

# None: not in a request; False: in a request, Redis not failed yet; True: it failed in this request.
_failed_in_request: ContextVar[bool | None] = ContextVar("meldboard_cache_failed_in_request", default=None)


def _request_started(**kwargs) -> None:
    _failed_in_request.set(False)


def _request_finished(**kwargs) -> None:
    _failed_in_request.set(None)


request_started.connect(_request_started, dispatch_uid="meldboard.degrading_cache.started")
request_finished.connect(_request_finished, dispatch_uid="meldboard.degrading_cache.finished")


def _degrading(method, fallback):
    """`method`, answering `fallback(*args, **kwargs)` when Redis fails (or failed earlier in this request)."""
    @functools.wraps(method)
    def call(self, *args, **kwargs):
        if _failed_in_request.get():
            return fallback(*args, **kwargs)
        try:
            return method(self, *args, **kwargs)
        except RedisError as exc:
            log.warning("Cache unavailable (%s: %s: %s); serving uncached", method.__name__, exc.__class__.__name__, exc)
            if _failed_in_request.get() is False:
                _failed_in_request.set(True)
            return fallback(*args, **kwargs)
    return call


def _missing(key, default=None, version=None):
    return default


def _nothing(*args, **kwargs):
    return None


def _not_done(*args, **kwargs):
    return False


class ReusedClient(RedisCacheClient):
    """Django's client, keeping its redis.Redis object per connection pool: Django makes a new one for
    every cache call, and redis-py's constructor fills a table of ~170 reply parsers each time (0.7 ms,
    more than the GET of a 60 kB page). A redis.Redis is safe to share between threads (each command
    takes a connection from the pool), and it holds no data: nothing is cached by it."""

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        clients = self.__dict__.setdefault("_clients", {})
        client = clients.get(id(pool))
        if client is None:
            client = clients[id(pool)] = self._client(connection_pool=pool)
        return client


class DegradingRedisCache(RedisCache):
    """RedisCache whose reads miss and whose writes are dropped while Redis is unreachable.

    incr/decr and clear are left as they are: a counter that silently does not count would be wrong."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusedClient

    get = _degrading(RedisCache.get, _missing)
    set = _degrading(RedisCache.set, _nothing)
    add = _degrading(RedisCache.add, _not_done)  # False, as for a key already there: callers see it was not kept
    touch = _degrading(RedisCache.touch, _not_done)
    delete = _degrading(RedisCache.delete, _not_done)
    has_key = _degrading(RedisCache.has_key, _not_done)
    get_many = _degrading(RedisCache.get_many, lambda keys, version=None: {})
    set_many = _degrading(RedisCache.set_many, lambda data, *args, **kwargs: list(data))  # the keys not kept
    delete_many = _degrading(RedisCache.delete_many, _nothing)
