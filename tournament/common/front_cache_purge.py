"""Empty the shared front cache (Varnish, deploy/varnish.vcl) of a change's pages, before the
change's response returns.

Every public page the front cache keeps carries tags naming what it shows (tournament.site.front_cache):
`t<id>` for its tournament, `c<id>` for its club. The same on-commit step that follows the change
counter's bump (TournamentQuerySet.bump, ClubQuerySet.bump) sends one PURGE per cache host with the
change's tags, synchronously: the request that made the change waits for it, so a reader who loads a
page after the change's response reaches Django, never a copy from before it. A purge that fails is
tried again (ATTEMPTS, a few tens of milliseconds in all) and logged; what a lost purge can cost is
bounded by the short life a page is given in the cache (settings.FRONT_CACHE_SECONDS).

settings.FRONT_CACHE_URLS empty (`make run`, the tests): nothing is sent and no query is added.
"""

from __future__ import annotations

import http.client
import logging
import time
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction

log = logging.getLogger("meldboard.front_cache")

ATTEMPTS = 3  # a cache host restarting or a dropped connection: the second try nearly always lands
PAUSE_SECONDS = 0.02  # before the second try; doubled before the third (so at most ~0.06 s waited)
TIMEOUT_SECONDS = 0.25  # per try: a purge answers in 0.2 ms on loopback; a host gone silent costs a change at most ~0.8 s
TAG_HEADER = "xkey-purge"
EVERY_PAGE = "site"  # every kept page carries it too (manage.py purge_front_cache: after a deploy)


def enabled() -> bool:
    return bool(settings.FRONT_CACHE_URLS)


def tournament_tags(pk: int, club_id: int | None) -> list[str]:
    """A tournament's pages, and its club's (they list its events)."""
    return [f"t{pk}"] + ([f"c{club_id}"] if club_id else [])


def club_tags(pk: int) -> list[str]:
    return [f"c{pk}"]


def purge_on_commit(tags: Callable[[], Iterable[str]]) -> None:
    """Purge `tags()` (read now, inside the change's transaction) once the transaction commits."""
    if not enabled():
        return
    names = sorted(set(tags()))
    if names:
        transaction.on_commit(lambda: purge(names))


def purge(tags: Iterable[str]) -> bool:
    """Purge `tags` from every configured cache host; True when every host confirmed."""
    names = " ".join(sorted(set(tags)))
    held = True
    for url in settings.FRONT_CACHE_URLS:
        held = _purge_host(url, names) and held
    return held


def _purge_host(url: str, names: str) -> bool:
    pause = PAUSE_SECONDS
    for attempt in range(1, ATTEMPTS + 1):
        try:
            status = send_purge(url, names)
            if status == 200:
                return True
            problem = f"answered {status}"
        except OSError as error:  # refused, reset, timed out, name not found
            problem = str(error) or type(error).__name__
        if attempt < ATTEMPTS:
            log.warning("front cache purge of %s at %s failed (%s): trying again", names, url, problem)
            time.sleep(pause)
            pause *= 2
    log.error("front cache purge of %s at %s failed %d times (%s): its pages may be %d s behind",
              names, url, ATTEMPTS, problem, settings.FRONT_CACHE_SECONDS)
    return False


def send_purge(url: str, names: str) -> int:
    """One PURGE of `names` (space-separated tags) at the cache host `url`: its HTTP status."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port or 80, timeout=TIMEOUT_SECONDS)
    try:
        connection.request("PURGE", parts.path or "/", headers={TAG_HEADER: names})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()
