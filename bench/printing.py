"""Printed documents as an organizer gets them: a 16- and a 64-team chart and a round of 32 table
cards, each asked for over HTTP right after a change the document shows (a team renamed, with the
tournament's change counter bumped in the same transaction, as every write does). So each timing
is a fresh render plus the request around it — what an organizer waits for on the first print
after a result or a name changes — never a cached copy. With the Celery worker alive, a GET of a
PDF is handed over to it (tournament.printing.handover): the web request waits for the file. The
table cards are timed twice: asked for by GET (handed over), and as the print menu's job (posted,
then polled until the PDF downloads).
"""

from __future__ import annotations

import time

from django.db import transaction

from bench import report, site
from bench.load import Connection, Request, summary
from tournament.models import Division, Game, Round, Team, Tournament

TARGETS = {
    "chart PDF, 16 teams": ("≤ 0.5 s", 0.5),
    "chart PDF, 64 teams": ("≤ 1.5 s", 1.5),
    "32 table cards PDF": ("≤ 3 s", 3.0),
    "32 table cards PDF, worker job": ("≤ 3 s", 3.0),
}
JOB_WAIT_S = 60


class Printer:
    """The organizer's browser on the print pages; `fresh()` makes the next document a new render."""

    def __init__(self, port: int, session: str):
        self.conn = Connection("127.0.0.1", port, timeout=JOB_WAIT_S)
        self.conn.cookies["sessionid"] = session
        self.renames = 0

    def fresh(self, tournament: Tournament) -> None:
        """Rename the tournament's last team (a change every printed document shows)."""
        self.renames += 1
        team = Team.objects.filter(tournament=tournament).order_by("-created_at").first()
        with transaction.atomic():
            Team.objects.filter(pk=team.pk).update(name=f"{team.name.split(' ·')[0]} · reprint {self.renames}")
            Tournament.objects.filter(pk=tournament.pk).bump()

    def get_pdf(self, path: str) -> None:
        status, headers, body = self.conn.request(Request(path))
        if status != 200 or not body.startswith(b"%PDF"):
            raise RuntimeError(f"GET {path} → {status} {headers.get('content-type')}: {summary(body)}")

    def timed(self, tournament: Tournament, fetch, repeat: int) -> list[float]:
        """Seconds of `repeat` fetches, each after a change (one more before, to warm the worker up)."""
        timings = []
        for n in range(repeat + 1):
            self.fresh(tournament)
            started = time.perf_counter()
            fetch()
            if n:
                timings.append(time.perf_counter() - started)
        return timings

    def job(self, slug: str, rnd: Round, paper: str) -> None:
        """Post the print menu's "make table cards" and wait until its PDF downloads."""
        make = site.url("printing:make_cards", slug, rnd.pk)
        menu = site.url("printing:menu", slug)
        form = site.read_form(self.conn, menu, make)
        status, headers, body = self.conn.request(site.form_post(self.conn, make, {**form.fields, "paper": paper}, referer=menu))
        location = headers.get("location", "")
        if status not in site.REDIRECTS or "/jobs/" not in location:
            raise RuntimeError(f"POST {make} → {status}: {summary(body)}")
        download = location.split("?")[0].rstrip("/") + "/download/"
        until = time.monotonic() + JOB_WAIT_S
        while time.monotonic() < until:
            status, headers, body = self.conn.request(Request(download, expect=(200, 302)))
            if status == 200 and body.startswith(b"%PDF"):
                return
            if status not in site.REDIRECTS:
                raise RuntimeError(f"GET {download} → {status}: {summary(body)}")
            time.sleep(0.02)
        raise RuntimeError(f"the table-card job was not done within {JOB_WAIT_S} s")


def run(port: int, session: str, small: Tournament, big: Tournament) -> list[dict]:
    printer = Printer(port, session)
    rows = []
    for name, tournament, paper in (("chart PDF, 16 teams", small, "letter"), ("chart PDF, 64 teams", big, "tabloid")):
        division = Division.objects.get(tournament=tournament, kind=Division.Kind.D1)
        path = site.url("printing:chart", tournament.slug, division.pk, "current") + f"?paper={paper}"
        timings = printer.timed(tournament, lambda path=path: printer.get_pdf(path), repeat=3)
        rows.append(_row(name, timings, f"{division.size}-line chart, current results, {paper}, over HTTP (made by the worker)"))
    rnd = Round.objects.get(division__tournament=big, division__kind=Division.Kind.D1, number=1)
    cards = site.url("printing:cards", big.slug, rnd.pk) + "?paper=letter"
    games = rnd.games.exclude(status__in=(Game.Status.BYE, Game.Status.NOT_NEEDED)).count()
    timings = printer.timed(big, lambda: printer.get_pdf(cards), repeat=2)
    rows.append(_row("32 table cards PDF", timings, f"{games} cards asked for by GET (made by the worker, handed back), letter"))
    timings = printer.timed(big, lambda: printer.job(big.slug, rnd, "letter"), repeat=2)
    rows.append(_row("32 table cards PDF, worker job", timings,
                     f"{games} cards: posted from the print menu, made by the Celery worker, polled until downloaded"))
    printer.conn.close()
    return rows


def _row(name: str, timings: list[float], note: str) -> dict:
    target, limit = TARGETS[name]
    return report.timed_row(name, timings, target=target, limit_s=limit, note=note)
