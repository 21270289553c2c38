"""Every live page's one way of answering a request: the public home, bracket, seating, standings
and entrant pages, the clubhouse TV and the organizers' boards.

A view does two things:

    head = live_page.apply_due_for(slug, now)      # the explicit step: apply passed deadlines, read the counter
    return live_page.answer(request, head, name="…", templates=(page, fragment), build=…)

`answer` then follows the protocol the pages' polling relies on:
1. the poll (htmx, `?v=<version>`) whose version is still the current one is answered 204 after
   the one small query `apply_due_for` made: htmx swaps nothing;
2. otherwise the page is rendered through the page cache (tournament.core.page_cache), once per
   change: the key holds the tournament's change counter, the page's name, what it shows
   (`shows`: a division, a round, an entrant, a typed name), the viewer, the template, the language
   and the tournament's time zone, which it is rendered in;
3. the response carries its version in the `X-Meldboard-Version` header and, in the page, as the
   fragment's `data-version` and `?v=` of its poll;
4. a whole page without `live` values carries an ETag made of its key (so of the counter) and its
   clock turn: a browser's reload of an unchanged page is answered 304 after the same one small
   query, nothing rendered.

The version is the counter, plus a digest of what the page shows that bumps no counter
(`unversioned`: when a board's table phones were last heard), plus the page's next clock turn (the
first moment it reads differently without a write, e.g. a posted start passing on a board): a poll
sent after that moment gets the page afresh although the counter is the same. Countdown texts need
no key of their own: the page cache recomputes them on every request and the browser counts them.

`live` values (a board's "updated 10:05:03 AM") change on every request: a 200 fills them in, a 204
carries them in the `X-Meldboard-Live` header (URL-encoded) for static/js/meldboard.js to show.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
import zoneinfo
from collections.abc import Callable, Iterable
from urllib.parse import urlencode

from django.contrib import messages
from django.core.cache import cache
from django.db.models import OuterRef, Subquery
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core import deadlines, page_cache
from tournament.models import Game, Tournament

VERSION_HEADER = "X-Meldboard-Version"
LIVE_HEADER = "X-Meldboard-Live"
_ETAG = re.compile(r'^(?:W/)?"(?P<digest>[0-9a-f]+)(?:t(?P<turn>\d{1,12}))?"$')
_VERSION = re.compile(r"^(?P<base>\d+(?:h[0-9a-f]+)?)(?:t(?P<turn>\d{1,12}))?$")


# ---- the explicit step before the page ----------------------------------------------------------

def apply_due_for(slug: str, now: dt.datetime) -> page_cache.TournamentHead:
    """The tournament's counter, read after applying any deadline of its games that has passed
    (Http404 when there is no such tournament).

    Pages never wait for the worker: a passed no-show or time limit is applied here (idempotently,
    tournament.core.deadlines) before the counter is read, so the page shows, and is keyed by, the
    applied state. Whether one may be due is known without asking the games on every request: the
    first moment any of them falls due is kept in the cache under the counter (`next_due`), since
    every write that sets, moves or clears a deadline bumps the counter; an unchanged page before
    that moment costs the one small query of the counter."""
    fields = page_cache.HEAD_FIELDS
    row = Tournament.objects.filter(slug=slug).order_by().values(*fields).first()
    if row is None:
        raise Http404(_("No such tournament."))
    head = page_cache.TournamentHead(*(row[name] for name in fields))
    due = next_due(head)
    if due is not None and due <= now:
        games = Game.objects.filter(division__tournament_id=head.pk)
        if games.no_show_due(now).exists() or games.time_limit_due(now).exists():
            deadlines.apply_due(games, now)
            row = Tournament.objects.filter(pk=head.pk).values(*fields).get()
            head = page_cache.TournamentHead(*(row[name] for name in fields))
    return head


NO_DEADLINE = "none"
_FAR = dt.datetime(9000, 1, 1, tzinfo=dt.timezone.utc)  # "due by then": every deadline set


def next_due(head: page_cache.TournamentHead) -> dt.datetime | None:
    """The first moment a no-show or time limit of the tournament's games falls due (passed ones
    included), as things stand at its counter; None when none is set."""
    key = "next-deadline:{}:{}:{}:{}".format(*page_cache.counted(head))  # the same in every language
    kept = cache.get(key)
    if kept is not None:
        return None if kept == NO_DEADLINE else kept
    games = Game.objects.filter(division__tournament=OuterRef("pk"))
    moments = Tournament.objects.filter(pk=head.pk).values_list(
        Subquery(games.no_show_due(_FAR).order_by("no_show_at").values("no_show_at")[:1]),
        Subquery(games.time_limit_due(_FAR).order_by("time_limit_at").values("time_limit_at")[:1]),
    ).first() or ()
    found = min((m for m in moments if m is not None), default=None)
    cache.set(key, NO_DEADLINE if found is None else found, page_cache.PAGE_TIMEOUT)
    return found


# ---- the version a poll shows -------------------------------------------------------------------

def base_version(head: page_cache.TournamentHead, unversioned: tuple = ()) -> str:
    """The counter, with a digest of what the page shows that bumps no counter."""
    if not unversioned:
        return str(head.changes)
    return f"{head.changes}h{hashlib.blake2b(repr(unversioned).encode(), digest_size=4).hexdigest()}"


def with_turn(base: str, turn: dt.datetime | None) -> str:
    return f"{base}t{int(turn.timestamp())}" if turn else base


def unchanged(shown: str, base: str, now: dt.datetime) -> bool:
    """Whether a page showing version `shown` still reads as the current one would."""
    found = _VERSION.match(shown or "")
    if found is None or found["base"] != base:
        return False
    return found["turn"] is None or now.timestamp() < int(found["turn"])


def clock_turn(games: Iterable[Game], now: dt.datetime, *moments: dt.datetime | None) -> dt.datetime | None:
    """The first moment after `now` at which a page showing these games (and these moments, e.g. a
    sign-up deadline) reads differently without a write."""
    later = [m for m in moments if m and m > now]
    turn = page_cache.next_clock_turn(games, now)
    return min([*later, *([turn] if turn else [])], default=None)


# ---- the answer ---------------------------------------------------------------------------------

def answer(request, head: page_cache.TournamentHead, *, name: str, templates: tuple[str, str],
           build: Callable[[Tournament, dt.datetime], dict],
           turn: Callable[[dict, dt.datetime], dt.datetime | None] | None = None,
           shows: tuple = (), unversioned: tuple = (), live: dict[str, str] | None = None,
           now: dt.datetime | None = None) -> HttpResponse:
    """`templates` is (the whole page, the fragment htmx polls); `build(tournament, now)` makes the
    context, on a cache miss only; `turn(context, now)` is the page's next clock turn."""
    now = now or timezone.now()
    base = base_version(head, unversioned)
    if request.htmx and unchanged(request.GET.get("v", ""), base, now):
        response = HttpResponse(status=204)
        response[VERSION_HEADER] = request.GET["v"]
        if live:
            response[LIVE_HEADER] = urlencode(live)
        return response
    template = templates[1] if request.htmx else templates[0]
    viewer = request.user.pk if request.user.is_authenticated else None
    key = page_cache.key(name, *page_cache.counted(head), head.time_zone, *shows, viewer, template, unversioned)

    def build_context() -> dict:
        context = build(Tournament.objects.get(pk=head.pk), now)
        context["clock_turn"] = turn(context, now) if turn else None
        context["version"] = with_turn(base, context["clock_turn"])
        return context

    if not request.htmx and not live and still_shown(request, key, now):
        response = HttpResponseNotModified()
        response["ETag"] = request.headers["If-None-Match"]
        return response
    with timezone.override(zoneinfo.ZoneInfo(head.time_zone)):
        html, page_turn = page_cache.render(request, template, key, build_context, live=live, now=now,
                                            clock_turn=lambda context: context["clock_turn"])
    response = HttpResponse(html)
    response[VERSION_HEADER] = with_turn(base, page_turn)
    if not request.htmx and not live:  # a board's "updated 10:05:03" must be true after a reload: no 304
        response["ETag"] = etag(key, page_turn)
        response["Cache-Control"] = "no-cache"  # a browser asks again on every visit: a 304 while unchanged
    return response


# ---- a browser's reload: 304 while the page it holds is the current one -------------------------

def etag(key: str, turn: dt.datetime | None) -> str:
    """The page's key (which holds the counter, the viewer, the language) and its clock turn."""
    return f'W/"{with_turn(key.rsplit(":", 1)[-1], turn)}"'


def still_shown(request, key: str, now: dt.datetime) -> bool:
    """Whether the page the browser holds (If-None-Match) reads as the current one would. A request
    carrying flash messages gets the page, so that it shows them."""
    held = request.headers.get("If-None-Match", "")
    if not held or len(messages.get_messages(request)):
        return False
    digest = key.rsplit(":", 1)[-1]
    for tag in held.split(","):
        found = _ETAG.match(tag.strip())
        if found and found["digest"] == digest and (found["turn"] is None or now.timestamp() < int(found["turn"])):
            return True
    return False


def live_view(view):
    """Mark `view` as a live page: tests/live/test_live_page.py finds every one through the URLs
    and holds each to this protocol."""
    view.is_live_page = True
    return view
