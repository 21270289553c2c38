"""Render times of the printed documents: a 16- and a 64-team chart and a round of 32 table cards.

`run()` is called by `python -m bench` with its fixture tournaments (64 and 16 teams, drawn and
published); called with nothing, it draws its own in a transaction it rolls back. Times are of
the rendering itself (the cache is bypassed): what an organizer waits for on the first request
after a result changes.
"""

from __future__ import annotations

import time

TARGETS = {
    "chart PDF, 16 teams": ("≤ 0.5 s", 0.5),
    "chart PDF, 64 teams": ("≤ 1.5 s", 1.5),
    "32 table cards PDF": ("≤ 3 s", 3.0),
}


def _timings(call, repeat: int = 3, warmup: int = 1) -> list[float]:
    for _ in range(warmup):
        call()
    out = []
    for _ in range(repeat):
        started = time.perf_counter()
        call()
        out.append(round(time.perf_counter() - started, 4))
    return out


def _measure(small, big, base_url: str) -> dict:
    from tournament.models import Division, Game, Round
    from tournament.printing import data, documents
    from tournament.printing.paper import PAPERS

    results = {}
    for name, tournament, paper_key in (("chart PDF, 16 teams", small, "letter"), ("chart PDF, 64 teams", big, "tabloid")):
        division = Division.objects.get(tournament=tournament, kind=Division.Kind.D1)
        timings = _timings(lambda: documents.chart_pdf(division, data.CURRENT, PAPERS[paper_key]))
        target, limit = TARGETS[name]
        results[name] = {"timings": timings, "target": target, "limit_s": limit,
                         "note": f"{division.size}-line chart, current results, {PAPERS[paper_key].label}"}
    first = Round.objects.get(division__tournament=big, division__kind=Division.Kind.D1, number=1)
    games = Game.objects.filter(round=first).exclude(status__in=(Game.Status.BYE, Game.Status.NOT_NEEDED)).count()
    target, limit = TARGETS["32 table cards PDF"]
    timings = _timings(lambda: documents.table_cards_pdf(first, PAPERS["letter"], base_url), repeat=2)
    results["32 table cards PDF"] = {"timings": timings, "target": target, "limit_s": limit,
                                     "note": f"{games} cards in one render, Letter"}
    timings = _timings(lambda: documents.table_cards_pdf(first, PAPERS["letter"], base_url, progress=lambda d, t: None), repeat=2)
    results["32 table cards PDF, with progress (task)"] = {
        "timings": timings, "target": target, "limit_s": limit,
        "note": f"{games} cards, {documents.CARD_CHUNK} per step as the Celery task makes them"}
    return results


class _Rollback(Exception):
    pass


def _own_fixture(base_url: str) -> dict:
    from django.db import transaction

    from tests.printing.test_printing_helpers import draw_divisions
    from tournament.models import Tournament
    from django.utils import timezone
    import datetime as dt

    outcome = {}
    try:
        with transaction.atomic():
            made = []
            for teams in (16, 64):
                tournament = Tournament.objects.create(
                    name=f"Print bench {teams}", slug=f"print-bench-{teams}", signup_deadline=timezone.now() - dt.timedelta(hours=1))
                draw_divisions(tournament, teams, long_name=True)
                made.append(tournament)
            outcome = _measure(made[0], made[1], base_url)
            raise _Rollback
    except _Rollback:
        pass
    return outcome


def run(small=None, tournament=None, base_url: str = "http://127.0.0.1:8000/") -> dict:
    """{name: {"timings": [s, …], "target", "limit_s", "note"}} for the bench report."""
    if small is not None and tournament is not None:
        return _measure(small, tournament, base_url)
    return _own_fixture(base_url)


if __name__ == "__main__":  # standalone: python -m bench.printing (uses the configured database)
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    for name, row in run().items():
        print(f"{name:45s} {row['timings']}  target {row['target']}  ({row['note']})")
