"""Rummikub (players, 2 to 4 a table): every page at every stage, from sign-ups to the medals."""

import pytest

from tests.walks import pages, stages

pytestmark = pytest.mark.django_db


def test_every_page_of_a_rummikub_day_at_every_stage(organizer):
    walk = stages.table_walk("rummikub", 6)
    assert pages.walk(walk, organizer, tables=True, check_seats=stages.check_everyone_seated_once) == []
