"""Fiji Rummy, every player for themselves (2 to 6 a table): every page at every stage."""

import pytest

from tests.walks import pages, stages

pytestmark = pytest.mark.django_db


def test_every_page_of_a_fiji_individual_event_at_every_stage(organizer):
    walk = stages.table_walk("fiji-individual", 7)
    assert pages.walk(walk, organizer, tables=True, check_seats=stages.check_everyone_seated_once) == []
