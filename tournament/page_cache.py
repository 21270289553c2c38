"""Rendered HTML (a page or a fragment) kept in the Django cache (Redis), keyed by a cheap fingerprint.

A page computes a fingerprint of everything its template shows that can change (one or two small
queries), and `render()` renders the template only when nothing is stored under that key.
A change of data is a change of key, so a new result shows on the very next request; the short
TTL only bounds how long a rare edit outside the fingerprint (a renamed team or player) waits.

What differs per request or per second is never stored as rendered: the CSRF token and any
`live` values are rendered as placeholders and filled in on the way out, and the clock-derived
text (the `server-now` meta tag, the text of every `data-countdown` element) is recomputed from
the current time, so a cached page reads the same as a fresh one before the browser's script runs.
A request carrying flash messages is rendered fresh and not stored (the messages are its own).

Each web process also keeps the last few pages it served in memory (`LOCAL_SECONDS`), in front of
Redis: the key already names the data, so a local copy can never be newer or older than the key
says, and a hit then costs no round trip at all.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from django.contrib import messages
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import dateformat, timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tournament.gameday.actions import countdown_text

log = logging.getLogger(__name__)

TTL_SECONDS = 30
LOCAL_SECONDS = 10  # how long a process reuses a page it read from Redis (bounds edits outside the key)
LOCAL_ENTRIES = 64  # pages of 30–60 kB: a few MB per process at most
_local: OrderedDict[str, tuple[float, str]] = OrderedDict()
_local_lock = threading.Lock()
CSRF_PLACEHOLDER = "@@render-cache:csrf@@"
SERVER_NOW = '<meta name="server-now" content="'
_SERVER_NOW = re.compile(r'(<meta name="server-now" content=")[^"]*(")')
_COUNTDOWN = re.compile(r'data-countdown="([^"]+)"([^<>]*>)[^<]*(?=<)')


def key(name: str, *parts) -> str:
    """A cache key for fragment `name` from anything with a stable repr (ids, versions, times)."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=16).hexdigest()
    return f"render:{name}:{digest}"


def _placeholder(name: str) -> str:
    return f"@@render-cache:{name}@@"


def render(request, template: str, cache_key: str, build_context: Callable[[], dict], *,
           live: dict[str, str] | None = None, now: dt.datetime | None = None) -> SafeString:
    """The rendered `template` for `cache_key`; `build_context` (the expensive part) runs on a miss only.

    `live` names context values that change on every request (e.g. "updated 10:05:03 AM"): the
    stored HTML holds placeholders for them. If the cache is unreachable the page is still served.
    """
    live = live or {}
    now = now or timezone.now()
    if len(messages.get_messages(request)):  # len() does not mark them shown
        return mark_safe(render_to_string(template, {**build_context(), **live}, request=request))
    html = _local_get(cache_key)
    if html is None:
        try:
            html = cache.get(cache_key)
        except Exception:  # the cache is an optimisation; a dead Redis must not take the page down
            log.warning("render cache unavailable; rendering %s", template, exc_info=True)
        if html is None:
            context = build_context()
            context["csrf_token"] = CSRF_PLACEHOLDER
            context.update({name: _placeholder(name) for name in live})
            html = render_to_string(template, context, request=request)
            try:
                cache.set(cache_key, html, TTL_SECONDS)
            except Exception:
                log.warning("render cache unavailable; not storing %s", template, exc_info=True)
        _local_put(cache_key, html)
    return mark_safe(personalize(request, html, live, now))


def _local_get(cache_key: str) -> str | None:
    with _local_lock:
        found = _local.get(cache_key)
        if found is None:
            return None
        if found[0] < time.monotonic():
            del _local[cache_key]
            return None
        _local.move_to_end(cache_key)
        return found[1]


def _local_put(cache_key: str, html: str) -> None:
    with _local_lock:
        _local[cache_key] = (time.monotonic() + LOCAL_SECONDS, html)
        _local.move_to_end(cache_key)
        while len(_local) > LOCAL_ENTRIES:
            _local.popitem(last=False)


def clear_local() -> None:
    """Forget this process's copies (tests that clear the shared cache call this too)."""
    with _local_lock:
        _local.clear()


def personalize(request, html: str, live: dict[str, str], now: dt.datetime) -> str:
    """Fill a stored fragment in for this request at `now` (token, live values, countdown texts)."""
    if CSRF_PLACEHOLDER in html:
        html = html.replace(CSRF_PLACEHOLDER, get_token(request))
    for name, value in live.items():
        html = html.replace(_placeholder(name), escape(value))
    if SERVER_NOW in html:
        html = _SERVER_NOW.sub(lambda m: m.group(1) + dateformat.format(timezone.localtime(now), "c") + m.group(2), html, count=1)
    if "data-countdown=" in html:
        html = _COUNTDOWN.sub(lambda m: f'data-countdown="{m.group(1)}"{m.group(2)}{_countdown(m.group(1), now)}', html)
    return html


def _countdown(iso: str, now: dt.datetime) -> str:
    try:
        target = dt.datetime.fromisoformat(iso)
    except ValueError:
        return ""
    return countdown_text(target - now)



class _Flight:
    __slots__ = ("done", "result", "error", "callers")

    def __init__(self):
        self.done, self.result, self.error, self.callers = False, None, None, 0


_flights = threading.Condition()
_running: set[str] = set()
_queued: dict[str, _Flight] = {}


def shared_read(name: str, read: Callable[[], object]):
    """`read()`, shared by the requests of this process that ask for `name` at the same time.

    A fingerprint query is most of a cached page's cost, and under load several threads ask the
    same question at once. Each caller gets the result of a read that *started after it asked*, so
    the answer is never older than a read of its own would be (whatever was committed before the
    request came is in it): a caller that comes while a read runs queues for the next one, which
    then answers everyone who queued meanwhile. Inside a transaction the caller reads by itself
    (another thread's connection would not see its uncommitted rows).
    """
    from django.db import connection

    if connection.in_atomic_block:
        return read()
    with _flights:
        flight = _queued.get(name)
        if flight is None:
            flight = _queued[name] = _Flight()
        flight.callers += 1
        while name in _running and not flight.done:
            _flights.wait()
        if not flight.done:  # nobody reads now: this caller reads for everyone queued with it
            _running.add(name)
            del _queued[name]
            lead = True
        else:
            lead = False
    if not lead:
        if flight.error is not None:
            raise flight.error
        return flight.result
    try:
        flight.result = read()
    except BaseException as exc:
        flight.error = exc
        raise
    finally:
        with _flights:
            flight.done = True
            _running.discard(name)
            _flights.notify_all()
    return flight.result
