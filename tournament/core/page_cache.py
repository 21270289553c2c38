"""Rendered pages kept in Django's cache, under keys that hold the tournament's change counter.

One freshness rule for every cached page and PDF: the key holds `Tournament.changes`, read by the
page's first, cheap query (tournament.core.live_page.apply_due_for), and every write that changes what a page shows bumps
that counter in its own transaction (TournamentQuerySet.bump). The very next request reads the new
count, so its key is new and it renders afresh; the timeout only lets entries nobody asks for go.

A game-day page also reads differently when a moment passes with no write at all (a posted start,
a no-show deadline, a time limit: the clock's phases, tournament.core.clock), so a page
may store with its HTML the first such moment (`next_clock_turn`) and is rendered afresh from then on.
The live pages' protocol around this cache (204 to an unchanged poll, the key, the time zone) is
tournament.core.live_page.answer.

What differs per request or per second is never stored as rendered: the CSRF token and any
`live` values are rendered as placeholders and filled in on the way out, and the clock-derived
text (the `server-now` meta tag, the text of every `data-countdown` element) is recomputed from
the current time, so a cached page reads the same as a fresh one before the browser's script runs.
A request carrying flash messages is rendered fresh and not stored (the messages are its own).
The cache is an optimisation: while Redis is unreachable its reads miss and its writes are dropped
(config.degrading_cache, the configured backend), so a page is rendered uncached, never a 500.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.contrib import messages
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils import dateformat, timezone, translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from tournament.common import durations
from tournament.core import render_once
from tournament.models import Game, Tournament

PAGE_TIMEOUT = 24 * 3600  # only so that pages of old counts leave the cache; never a staleness bound
CSRF_PLACEHOLDER = "@@render-cache:csrf@@"
SERVER_NOW = '<meta name="server-now" content="'
_SERVER_NOW = re.compile(r'(<meta name="server-now" content=")[^"]*(")')
_COUNTDOWN = re.compile(r'data-countdown="([^"]+)"([^<>]*>)[^<]*(?=<)')
CLOCK_MOMENTS = ("starts_at", "no_show_at", "time_limit_at")


# ---- the key ------------------------------------------------------------------------------------

HEAD_FIELDS = ("pk", "slug", "created_at", "changes", "time_zone")


@dataclass(frozen=True)
class TournamentHead:
    """What a cached page needs before it knows whether it must render: the full Tournament is
    loaded only to render."""
    pk: int
    slug: str
    created_at: dt.datetime
    changes: int
    time_zone: str


def counted(tournament: Tournament | TournamentHead) -> tuple:
    """The tournament as a cache key names it: which one (an id can be used again after a delete,
    so with its slug and creation time) and its count of changes."""
    return tournament.pk, tournament.slug, tournament.created_at.isoformat(), tournament.changes


def key(name: str, *parts) -> str:
    """A cache key for page `name` from anything with a stable repr (ids, the counter, the template),
    and the language the page is rendered in."""
    digest = hashlib.blake2b(repr((translation.get_language(), *parts)).encode(), digest_size=16).hexdigest()
    return f"render:{name}:{digest}"


def next_clock_turn(games: Iterable[Game], now: dt.datetime) -> dt.datetime | None:
    """The first moment after `now` at which one of these games' clock changes phase (not for done games)."""
    moments = [
        moment for game in games if not game.is_done
        for moment in (getattr(game, name) for name in CLOCK_MOMENTS) if moment and moment > now
    ]
    return min(moments, default=None)


def _placeholder(name: str) -> str:
    return f"@@render-cache:{name}@@"


def render(request, template: str, cache_key: str, build_context: Callable[[], dict], *,
           live: dict[str, str] | None = None, now: dt.datetime | None = None,
           clock_turn: Callable[[dict], dt.datetime | None] | None = None) -> tuple[SafeString, dt.datetime | None]:
    """The rendered `template` for `cache_key` and its clock turn; `build_context` (the expensive
    part) runs on a miss only.

    `live` names context values that change on every request (e.g. "updated 10:05:03 AM"): the
    stored HTML holds placeholders for them. `clock_turn(context)` is the first moment after `now`
    at which the page would read differently with no write (see next_clock_turn): from then on the
    stored page is not used.
    """
    live = live or {}
    now = now or timezone.now()
    if len(messages.get_messages(request)):  # len() does not mark them shown
        context = build_context()
        turn = clock_turn(context) if clock_turn else None
        # personalize: fragments cached on their own (a board's rows) hold the CSRF placeholder
        return mark_safe(personalize(request, render_to_string(template, {**context, **live}, request=request), {}, now)), turn

    def rendered() -> tuple[str, dt.datetime | None]:
        context = build_context()
        turn = clock_turn(context) if clock_turn else None
        context["csrf_token"] = CSRF_PLACEHOLDER
        context.update({name: _placeholder(name) for name in live})
        return render_to_string(template, context, request=request), turn

    # (html, clock turn), rendered by one request for all who want it at once (tournament.core.render_once);
    # a miss also while Redis is down (config.degrading_cache).
    html, turn = render_once.fetch_or_render(
        cache_key, rendered, lambda found: isinstance(found, tuple) and (found[1] is None or now < found[1]),
        PAGE_TIMEOUT)
    return mark_safe(personalize(request, html, live, now)), turn


def personalize(request, html: str, live: dict[str, str], now: dt.datetime) -> str:
    """Fill a stored page in for this request at `now` (token, live values, countdown texts)."""
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
    return durations.left(target - now)
