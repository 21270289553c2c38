"""Cutthroat Baja (3 or 4 players a table), with winners-stay movement for the next round: every
page at every stage; eleven players at three tables (4, 4, 3), so one table of four has a player arrive
late and the other a seat absent at the no-show deadline, and the three winners' tie makes a
play-off table of 3."""

import pytest

from tests.walks import pages, stages

pytestmark = pytest.mark.django_db


def test_every_page_of_a_cutthroat_event_at_every_stage(organizer):
    walk = stages.table_walk("baja-cutthroat", 11, winners_stay_preview=True)
    assert pages.walk(walk, organizer, tables=True, check_seats=stages.check_everyone_seated_once) == []
