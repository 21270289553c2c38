"""Club 4-deck (partnerships drawn by lot, 2 a table): every page at every stage, sign-ups to medals.

Twelve players, so three tables: the first table to finish earns the club's first-table bonus (+400
each), which puts its winners alone in first place; the winners of the other two tables, level
with each other, play off for silver. (With two tables the bonus would break the only tie.)"""

import pytest

from tests.walks import pages, stages

pytestmark = pytest.mark.django_db


def test_every_page_of_a_club_4deck_event_at_every_stage(organizer):
    walk = stages.in_a_club(stages.table_walk("club-4deck", 12), organizer)
    assert pages.walk(walk, organizer, tables=True, check_seats=stages.check_everyone_seated_once) == []
