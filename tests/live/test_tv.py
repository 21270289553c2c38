"""The clubhouse TV: one URL the organizer opens full screen; panels (the round now, the bracket or
the standings) that take turns by static JS, big type, no cursor, no inline script, polling itself."""

import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.formats.bracket.draw.test_brackets_support import teams_of
from tests.live.events import in_play
from tournament.events import demo_tables
from tournament.models import Game, Tournament

pytestmark = pytest.mark.django_db


def tv(client, event, **params):
    return client.get(reverse("live:tv", args=[event.slug]), params)


def panel(html, name):
    return html.split(f'data-panel="{name}"', 1)[1].split("</section>", 1)[0]


def test_the_tv_shows_the_round_now_and_the_bracket(client, django_assert_max_num_queries):
    tournament, first, playing = in_play()
    with django_assert_max_num_queries(10):
        html = tv(client, tournament).content.decode()
    assert '<body class="tv">' in html and 'data-rotate-seconds="20"' in html
    assert "/static/js/tv.js" in html and "<script>" not in html and "onclick" not in html
    now = panel(html, "now")
    card = now.split(f'id="tv-game-{playing.pk}"', 1)[1].split("</li>", 1)[0]
    assert f"Table {playing.table_number}" in card and all(t.name in card for t in teams_of(playing))
    assert f'data-countdown="{playing.time_limit_at.isoformat()}"' in card
    assert f'id="tv-result-{first.pk}"' in now  # just finished
    bracket = panel(html, "bracket-1")  # eight teams: both first rounds on one page, then the final
    assert bracket.count('class="tv-group ') == 2 and "Division 1 champion" in panel(html, "bracket-2")
    version = re.search(r'data-version="([^"]+)"', html).group(1)  # the counter, and the next clock turn
    assert re.fullmatch(rf"{Tournament.objects.get(pk=tournament.pk).changes}(t\d+)?", version)
    assert f'hx-get="/t/{tournament.slug}/tv/?v={version}"' in html
    assert client.get(reverse("live:tv", args=[tournament.slug]), {"v": version}, HTTP_HX_REQUEST="true").status_code == 204


def test_a_table_events_tv_shows_its_tables_and_standings(client, django_user_model):
    event = demo_tables.create_rummikub(timezone.now(), django_user_model.objects.create(username="org"),
                                        first_round_only=True)
    html = tv(client, event).content.decode()
    tables = panel(html, "now")
    games = Game.objects.filter(division__tournament=event)
    assert tables.count('<li class="tv-game ') == games.count()
    assert "Time left" in tables and "<bdi>Ivy Chen</bdi>" in tables
    assert panel(html, "standings").count("<li") == 12


def test_the_dashboard_opens_the_tv_screen(client, organizer):
    tournament, _, _ = in_play()
    client.force_login(organizer)
    html = client.get(reverse("organizer:dashboard", args=[tournament.slug])).content.decode()
    assert f'href="/t/{tournament.slug}/tv/"' in html and "Open TV screen" in html
