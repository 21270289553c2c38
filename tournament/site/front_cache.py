"""Which responses the shared front cache (deploy/varnish.vcl) may keep, and under which tags.

A response is offered to the front cache only when every visitor asking for that address, in that
language, would get the same bytes: a public page of an event (`t/<slug>/…`) or of a club
(`clubs/<slug>/…`), read (GET/HEAD) by a visitor without a session, answered 200 or 204, setting no
cookie (a page with a form sets the CSRF cookie, a flash message its cookie: neither is kept) and not
marked private or no-store by its view. Organizer and table pages are never offered (their routes are
elsewhere, and the cache passes anything with a session cookie or under /organizer/ or /table/).

An offered response carries
- `xkey`: its tags, `t<id> c<id>` (tournament.common.front_cache_purge purges them on the change's
  commit), then `site` (every page: `manage.py purge_front_cache` after a deploy);
- `Surrogate-Control: max-age=FRONT_CACHE_SECONDS`: the safety bound on a lost purge (the cache
  strips both headers; the browser sees the view's own Cache-Control, unchanged).
Language: the cache keys each page by the language the visitor chose (the switch's cookie) or else
the first of ours their browser asks for, and sends Django only that (deploy/varnish.vcl), so the
page it keeps is the one Django rendered for that key. The time zone is the event's own (a change
of it bumps the counter), so it needs no key of its own.

Off (nothing added, no query) while settings.FRONT_CACHE_URLS is empty: `make run` is unchanged.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.cache import patch_vary_headers

from tournament.common import front_cache_purge
from tournament.models import Club, Tournament

EVENT_ROUTE = "t/<slug:slug>/"
CLUB_ROUTE = "clubs/<slug:slug>/"
KEPT_STATUSES = (200, 204)


def tags_for(request) -> list[str]:
    """The tags of the public page `request` asked for; [] for any page the cache must not keep."""
    match = getattr(request, "resolver_match", None)
    if match is None or "slug" not in match.kwargs:
        return []
    slug = match.kwargs["slug"]
    if match.route.startswith(EVENT_ROUTE):
        row = Tournament.objects.filter(slug=slug).values_list("pk", "club_id").first()
        return front_cache_purge.tournament_tags(*row) if row else []
    if match.route.startswith(CLUB_ROUTE):
        pk = Club.objects.filter(slug=slug).values_list("pk", flat=True).first()
        return front_cache_purge.club_tags(pk) if pk else []
    return []


def keepable(request, response) -> bool:
    if request.method not in ("GET", "HEAD") or response.status_code not in KEPT_STATUSES:
        return False
    if settings.SESSION_COOKIE_NAME in request.COOKIES or response.cookies:
        return False
    control = response.get("Cache-Control", "").lower()
    return "private" not in control and "no-store" not in control


class FrontCacheMiddleware:
    """Outermost but security: it sees the cookies every other middleware set."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if not front_cache_purge.enabled() or not keepable(request, response):
            return response
        tags = tags_for(request)
        if tags:
            response["xkey"] = " ".join([*tags, front_cache_purge.EVERY_PAGE])
            response["Surrogate-Control"] = f"max-age={settings.FRONT_CACHE_SECONDS}"
            patch_vary_headers(response, ("Cookie", "Accept-Language", "HX-Request"))
        return response
