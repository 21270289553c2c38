"""The peaks through the front cache (Varnish, deploy/varnish.vcl) as deployed, and their freshness
check: after every hand save's response, its event's public page read through the cache must show a
version past the counter read just before the save (else: a stale read, which must never happen).

The Django-only rows stay as they were (the load straight to gunicorn), so the gain is visible.
"""

from __future__ import annotations

import re
import threading

from bench.load import Connection, Request
from tournament.models import Tournament


class FreshReads:
    """Counts fresh and stale reads of `page` through the cache at `port` after each hand saved."""

    def __init__(self, port: int, slug: str, page: str):
        self.port, self.slug, self.page = port, slug, page
        self.local = threading.local()
        self.lock = threading.Lock()
        self.before: dict[str, int | None] = {}  # table token -> the counter read just before its save
        self.fresh = self.stale = self.skipped = 0
        self.first_stale = ""

    def counter(self) -> int | None:
        return Tournament.objects.filter(slug=self.slug).values_list("changes", flat=True).first()

    def sending(self, token: str) -> None:
        self.before[token] = self.counter()

    def answered(self, token: str) -> None:
        """The save of table `token` was answered "saved": read the page through the cache, once."""
        before = self.before.pop(token, None)
        conn = getattr(self.local, "conn", None)
        if conn is None:
            conn = self.local.conn = Connection("127.0.0.1", self.port, timeout=20)
        try:
            status, headers, _ = conn.request(Request(self.page))
        except OSError:
            status, headers = 0, {}
        shown = re.match(r"\d+", headers.get("x-meldboard-version", "")) if status == 200 else None
        with self.lock:
            if before is None or shown is None:
                self.skipped += 1
            elif int(shown.group()) > before:
                self.fresh += 1
            else:
                self.stale += 1
                self.first_stale = self.first_stale or f"version {shown.group()} shown after the change past {before}"

    def note(self) -> str:
        return (f"through the front cache: {self.fresh} fresh reads and {self.stale} stale reads after the hand saves"
                + (f" ({self.skipped} not read)" if self.skipped else "")
                + (f"; first stale: {self.first_stale}" if self.first_stale else ""))
