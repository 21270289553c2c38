"""Bayfest (teams, two divisions and a final): every page at every stage, sign-ups to the champion."""

import pytest

from tests.walks import pages, stages

pytestmark = pytest.mark.django_db


def test_every_page_of_a_bracket_event_at_every_stage(organizer):
    assert pages.walk(stages.bracket_walk(8), organizer, tables=False) == []
