"""Fiji Rummy in partnerships (drawn by lot, 2 to 3 a table): every page at every stage."""

import pytest

from tests.walks import pages, stages

pytestmark = pytest.mark.django_db


def test_every_page_of_a_fiji_teams_event_at_every_stage(organizer):
    walk = stages.table_walk("fiji-team", 8)
    assert pages.walk(walk, organizer, tables=True, check_seats=stages.check_everyone_seated_once) == []
