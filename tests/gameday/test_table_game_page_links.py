"""The organizer's page of one table (reached by "Manage" on the round board): a table event has no
bracket, so its page links to the public seating, and every link on it opens a page (no 404)."""

import re

import pytest
from django.urls import reverse

from tests.formats.tables.after_draw_events import club_seated
from tournament.models import Game

pytestmark = pytest.mark.django_db


def test_a_tables_game_page_links_the_seating_not_a_bracket(organizer_client):
    event = club_seated()
    game = Game.objects.filter(division__tournament=event, round__number=1).order_by("number").first()
    page = organizer_client.get(reverse("gameday:game", args=[event.slug, game.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "Public bracket" not in html and "/bracket/" not in html
    assert f'href="{reverse("tables:public_seating", args=[event.slug])}"' in html
    main = html.split("<main", 1)[1]
    for href in set(re.findall(r'href="(/[^"#]*)', main)):
        assert organizer_client.get(href).status_code == 200, href
