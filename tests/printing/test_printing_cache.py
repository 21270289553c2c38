"""PDFs are kept until the tournament's change counter moves, and only then made again."""

import pytest

from tests.factories import TournamentFactory
from tests.formats.bracket.chart.test_page_cache import dead_cache  # noqa: F401 (a fixture)
from tests.printing.test_printing_helpers import draw_divisions
from tournament.models import GameSide, Tournament
from tournament.printing import cache as pdf_cache
from tournament.printing import makers


@pytest.fixture(autouse=True)
def no_worker(monkeypatch):
    """These tests make their PDFs here (no worker alive), with the builder each test names."""
    monkeypatch.setattr(makers, "make", lambda kind, args: args[0]())


def builder():
    builds = []

    def build():
        builds.append(1)
        return b"%PDF-" + str(len(builds)).encode()

    return build, builds


def test_a_cached_pdf_is_built_once_until_the_counter_moves(tournament):
    divisions = draw_divisions(tournament, 4)
    build, builds = builder()
    assert pdf_cache.cached_pdf(tournament, "chart:test", "test", [build]) == (b"%PDF-1", False)
    assert pdf_cache.cached_pdf(tournament, "chart:test", "test", [build]) == (b"%PDF-1", True)
    assert pdf_cache.cached_pdf(tournament, "chart:other", "test", [build]) == (b"%PDF-2", False)
    GameSide.objects.filter(game__division=divisions["d1"]).update(total=20_100)
    Tournament.objects.filter(pk=tournament.pk).bump()
    tournament.refresh_from_db()  # a view reads the tournament, and so the counter, afresh
    assert pdf_cache.cached_pdf(tournament, "chart:test", "test", [build]) == (b"%PDF-3", False)
    assert len(builds) == 3


def test_a_tournament_made_again_under_a_used_id_gets_none_of_the_old_pdfs(db):
    first = TournamentFactory(slug="cup")
    build, builds = builder()
    pdf_cache.cached_pdf(first, "results:letter", "test", [build])
    pk = first.pk
    first.delete()
    again = TournamentFactory(pk=pk, slug="cup")
    assert again.changes == first.changes == 0
    assert pdf_cache.cached_pdf(again, "results:letter", "test", [build]) == (b"%PDF-2", False)


@pytest.mark.usefixtures("dead_cache")
def test_a_dead_cache_still_serves_the_pdf(tournament):
    build, builds = builder()
    assert pdf_cache.cached_pdf(tournament, "results:letter", "test", [build]) == (b"%PDF-1", False)
    assert pdf_cache.cached_pdf(tournament, "results:letter", "test", [build]) == (b"%PDF-2", False)
