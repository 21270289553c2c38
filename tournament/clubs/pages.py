"""The club's pages' one way of answering: rendered once per change of the club's history (the
club's counter and its events' counters, read with the club in one small query:
tournament.clubs.ratings.heads) through the page cache, then served from it until something changes.
Every write a club page shows bumps one of those counters in its own transaction (Club.objects.bump,
Tournament.objects.bump), so the very next request renders afresh."""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.utils import translation
from django.utils.translation import gettext as _

from tournament.clubs import makers, tasks
from tournament.clubs.ratings import heads, mark
from tournament.core import page_cache
from tournament.models import Club
from tournament.printing import handover

VERSION_HEADER = "X-Meldboard-Version"


def head(slug: str) -> dict:
    found = heads(Club.objects.filter(slug=slug)).first()
    if found is None:
        raise Http404(_("No such club."))
    return found


def answer(request, slug: str, *, name: str, template: str, build: Callable[[Club], dict], shows: tuple = ()) -> HttpResponse:
    """The page; `build(club)` makes its context on a miss only."""
    found = head(slug)
    version = mark(found)
    viewer = request.user.pk if request.user.is_authenticated else None
    key = page_cache.key(name, found["pk"], found["slug"], found["created_at"].isoformat(), version, *shows, viewer, template)

    def context() -> dict:
        club = Club.objects.get(pk=found["pk"])
        return {"club": club, **build(club)}

    html, _turn = page_cache.render(request, template, key, context)
    response = HttpResponse(html)
    response[VERSION_HEADER] = version
    return response


def _document_key(found: dict, name: str, *shows) -> str:
    return page_cache.key(f"club-doc:{name}", found["pk"], found["created_at"].isoformat(), mark(found),
                          translation.get_language(), *shows)


def document(slug: str, name: str, make: Callable[[Club], bytes | str], *shows) -> bytes | str:
    """A document (PDF, CSV) of the club, made once per change of its history."""
    found = head(slug)
    key = _document_key(found, name, *shows)
    kept = cache.get(key)
    if kept is None:
        kept = make(Club.objects.get(pk=found["pk"]))
        cache.set(key, kept, page_cache.PAGE_TIMEOUT)
    return kept


def pdf_document(slug: str, kind: str, *shows) -> bytes:
    """A PDF of the club (tournament.clubs.makers), made once per change of its history: by the PDF
    worker when one is alive, so that the web process never loads WeasyPrint; else here."""
    found = head(slug)
    key = _document_key(found, kind, *shows)
    kept = cache.get(key)
    if kept is None:
        args = [translation.get_language(), found["pk"], *shows]
        makers.check(kind, args)
        kept = handover.from_worker(key, kind, args, task=tasks.TASK)
        if kept is None:
            kept = makers.make(kind, args)
            cache.set(key, kept, page_cache.PAGE_TIMEOUT)
    return kept
