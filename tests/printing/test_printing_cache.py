"""PDFs are kept until the data behind them changes, and only then made again."""

import datetime as dt

from tests.printing.test_printing_helpers import draw_divisions
from tournament.models import Game, GameSide, Round, Team
from tournament.printing import cache as pdf_cache


def test_the_fingerprint_changes_with_anything_a_document_prints(tournament):
    divisions = draw_divisions(tournament, 5)
    before = pdf_cache.fingerprint(tournament)
    assert pdf_cache.fingerprint(tournament) == before  # nothing changed, nothing to rebuild

    changes = [
        lambda: GameSide.objects.filter(game__division=divisions["d1"], team__isnull=False).update(total=1234),
        lambda: Team.objects.filter(pk=divisions["teams"][0].pk).update(name="Renamed & Co"),
        lambda: Round.objects.filter(division=divisions["d2"], number=1).update(
            starts_at=dt.datetime(2030, 1, 1, 18, tzinfo=dt.timezone.utc)),
        lambda: Game.objects.filter(division=divisions["d1"]).exclude(status=Game.Status.BYE).update(table_number=42),
    ]
    seen = {before}
    for change in changes:
        change()
        now = pdf_cache.fingerprint(tournament)
        assert now not in seen
        seen.add(now)


def test_a_cached_pdf_is_built_once_until_the_data_changes(tournament):
    divisions = draw_divisions(tournament, 4)
    builds = []

    def build():
        builds.append(1)
        return b"%PDF-" + str(len(builds)).encode()

    first, was_cached = pdf_cache.cached_pdf(tournament, "chart:test", build)
    assert (first, was_cached) == (b"%PDF-1", False)
    assert pdf_cache.cached_pdf(tournament, "chart:test", build) == (b"%PDF-1", True)
    assert pdf_cache.cached_pdf(tournament, "chart:other", build) == (b"%PDF-2", False)
    GameSide.objects.filter(game__division=divisions["d1"]).update(total=20_100)
    assert pdf_cache.cached_pdf(tournament, "chart:test", build) == (b"%PDF-3", False)
    assert len(builds) == 3
