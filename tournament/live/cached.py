"""The live public pages' one way of answering: read the change counter first (a passed deadline
applied, tournament.core.page_cache.tournament_head), answer an htmx poll that shows the current count
with 204, and otherwise render through the page cache under a key holding the counter, in the
tournament's time zone, until the next clock turn of the games shown."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from collections.abc import Callable, Iterable

from django.http import Http404, HttpResponse
from django.utils import timezone

from tournament.core import page_cache
from tournament.models import Game, Tournament


def head_or_404(slug: str, now: dt.datetime) -> page_cache.TournamentHead:
    head = page_cache.tournament_head(slug, now)
    if head is None:
        raise Http404("No such tournament.")
    return head


def clock_turn(games: Iterable[Game], now: dt.datetime, *moments: dt.datetime | None) -> dt.datetime | None:
    """The first moment after `now` at which the page reads differently without a write."""
    later = [m for m in moments if m and m > now]
    turn = page_cache.next_clock_turn(games, now)
    return min([*later, *([turn] if turn else [])], default=None)


def answer(request, slug: str, name: str, templates: tuple[str, str], *, extra_key: tuple = (),
           build: Callable[[Tournament, str, dt.datetime], dict],
           turn: Callable[[dict, dt.datetime], dt.datetime | None]) -> HttpResponse:
    """`templates` is (the whole page, the part htmx polls); `build(tournament, version, now)` makes
    the context on a cache miss and `turn(context, now)` says until when it holds."""
    now = timezone.now()
    head = head_or_404(slug, now)
    version = str(head.changes)
    if request.htmx and request.GET.get("v") == version:
        return HttpResponse(status=204)
    template = templates[1] if request.htmx else templates[0]
    viewer = request.user.pk if request.user.is_authenticated else None
    key = page_cache.key(name, *page_cache.counted(head), *extra_key, viewer, template)

    def build_context():
        return build(Tournament.objects.get(pk=head.pk), version, now)

    with timezone.override(zoneinfo.ZoneInfo(head.time_zone)):
        html = page_cache.render(request, template, key, build_context, now=now,
                                 clock_turn=lambda context: turn(context, now))
    return HttpResponse(html)
