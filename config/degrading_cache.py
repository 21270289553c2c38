"""Django's Redis cache, made optional: while Redis cannot be reached a read misses and a write is
dropped, so every page and PDF is rendered from the database instead of failing.

Everything Meldboard keeps in the cache (rendered pages, PDFs, print-job progress) can be made again
from the database; an outage costs speed, never a page. Only Redis's own errors are absorbed: a
value that cannot be pickled is a bug and still raises. A page makes several cache calls, so an
outage is logged once per request (a line per call would bury it); outside a request (the worker, a
shell) every failure is logged.
"""

from __future__ import annotations

import functools
import logging
from contextvars import ContextVar

from django.core.cache.backends.redis import RedisCache
from django.core.signals import request_finished, request_started
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

# None: not in a request; False: in a request, nothing logged yet; True: this request logged it.
_logged_in_request: ContextVar[bool | None] = ContextVar("meldboard_cache_outage_logged", default=None)


def _request_started(**kwargs) -> None:
    _logged_in_request.set(False)


def _request_finished(**kwargs) -> None:
    _logged_in_request.set(None)


request_started.connect(_request_started, dispatch_uid="meldboard.degrading_cache.started")
request_finished.connect(_request_finished, dispatch_uid="meldboard.degrading_cache.finished")


def _log_outage(operation: str, exc: RedisError) -> None:
    state = _logged_in_request.get()
    if state:
        return
    log.warning("Cache unavailable (%s: %s: %s); serving uncached", operation, exc.__class__.__name__, exc)
    if state is False:
        _logged_in_request.set(True)


def _degrading(method, fallback):
    """`method`, answering `fallback(*args, **kwargs)` when Redis fails."""
    @functools.wraps(method)
    def call(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except RedisError as exc:
            _log_outage(method.__name__, exc)
            return fallback(*args, **kwargs)
    return call


def _missing(key, default=None, version=None):
    return default


def _nothing(*args, **kwargs):
    return None


def _not_done(*args, **kwargs):
    return False


class DegradingRedisCache(RedisCache):
    """RedisCache whose reads miss and whose writes are dropped while Redis is unreachable.

    incr/decr and clear are left as they are: a counter that silently does not count would be wrong."""

    get = _degrading(RedisCache.get, _missing)
    set = _degrading(RedisCache.set, _nothing)
    add = _degrading(RedisCache.add, _not_done)  # False, as for a key already there: callers see it was not kept
    touch = _degrading(RedisCache.touch, _not_done)
    delete = _degrading(RedisCache.delete, _not_done)
    has_key = _degrading(RedisCache.has_key, _not_done)
    get_many = _degrading(RedisCache.get_many, lambda keys, version=None: {})
    set_many = _degrading(RedisCache.set_many, lambda data, *args, **kwargs: list(data))  # the keys not kept
    delete_many = _degrading(RedisCache.delete_many, _nothing)
