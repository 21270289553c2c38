"""Club 4-deck (partnerships drawn by lot, 2 a table): every page at every stage, sign-ups to medals."""

import pytest

from tests.walks import pages, stages

pytestmark = pytest.mark.django_db


def test_every_page_of_a_club_4deck_event_at_every_stage(organizer):
    walk = stages.table_walk("club-4deck", 8)
    assert pages.walk(walk, organizer, tables=True, check_seats=stages.check_everyone_seated_once) == []
