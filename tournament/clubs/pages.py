"""The club's pages' one way of answering: rendered once per change of the club's history (the
club's counter and its events' counters, read by one small query: tournament.clubs.ratings.fingerprint)
through the page cache, then served from it until something changes."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpResponse
from django.shortcuts import get_object_or_404

from tournament.clubs.ratings import fingerprint
from tournament.core import page_cache
from tournament.models import Club

VERSION_HEADER = "X-Meldboard-Version"


def club_or_404(slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def answer(request, club: Club, *, name: str, template: str, build: Callable[[], dict], shows: tuple = ()) -> HttpResponse:
    version = fingerprint(club)
    viewer = request.user.pk if request.user.is_authenticated else None
    key = page_cache.key(name, club.pk, club.slug, club.created_at.isoformat(), version, *shows, viewer, template)
    html, _turn = page_cache.render(request, template, key, lambda: {"club": club, **build()})
    response = HttpResponse(html)
    response[VERSION_HEADER] = version
    return response


def cached(club: Club, name: str, make: Callable[[], bytes | str], *shows) -> bytes | str:
    """A document (PDF, CSV) of the club, made once per change of its history."""
    from django.core.cache import cache
    from django.utils import translation

    key = page_cache.key(f"club-doc:{name}", club.pk, club.created_at.isoformat(), fingerprint(club), translation.get_language(), *shows)
    found = cache.get(key)
    if found is None:
        found = make()
        cache.set(key, found, page_cache.PAGE_TIMEOUT)
    return found
