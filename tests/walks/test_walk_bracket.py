"""Bayfest (teams, two divisions and a final): every page at every stage, sign-ups to the champion.
The event is one of a club's, so the club's pages (season standings, players' pages, ratings, roll of
honour, members) are read at every stage too."""

import pytest

from tests.walks import pages, stages

pytestmark = pytest.mark.django_db


def test_every_page_of_a_bracket_event_at_every_stage(organizer):
    assert pages.walk(stages.in_a_club(stages.bracket_walk(8), organizer), organizer, tables=False) == []
