"""The TV's bracket pages (issue 39): each division's current round, in pages of at most 16 boxes
cut evenly; small rounds share a page; byes and an unneeded final are not shown."""

import pytest

from tests.formats.bracket.draw.test_brackets_support import published
from tests.gameday.test_advancement_engine import play_out
from tournament.formats.bracket.chart import prefetch
from tournament.live import tv_pages

pytestmark = pytest.mark.django_db


def layout(tournament):
    return [[(g.division.kind, g.round.number, g.first, g.last, g.of) for g in page.groups]
            for page in tv_pages.pages(prefetch.bracket(tournament))]


def test_eight_teams_share_a_page_then_the_final():
    tournament, _ = published(8)
    assert layout(tournament) == [[("d1", 1, 1, 4, 4), ("d2", 1, 1, 4, 4)], [("final", 1, 1, 1, 1)]]


def test_a_round_of_32_games_is_three_even_pages_and_byes_are_left_out():
    tournament, _ = published(64)
    assert layout(tournament) == [[("d1", 1, 1, 11, 32)], [("d1", 1, 12, 22, 32)], [("d1", 1, 23, 32, 32)],
                                  [("d2", 1, 1, 11, 32)], [("d2", 1, 12, 22, 32)], [("d2", 1, 23, 32, 32)],
                                  [("final", 1, 1, 1, 1)]]
    tournament, _ = published(20)  # 32 lines, 12 byes: 4 games played in round 1 of each division
    assert layout(tournament) == [[("d1", 1, 1, 4, 4), ("d2", 1, 1, 4, 4)], [("final", 1, 1, 1, 1)]]


def test_the_current_round_moves_on_when_a_round_is_over():
    tournament, _ = published(8)
    play_out(tournament, "d1")
    assert layout(tournament)[0][0] == ("d1", 3, 1, 1, 1)  # the division over: its last round
