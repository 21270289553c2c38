"""The public home follows the event: sign-ups before the draw, then what is in play, what is next,
the results and the champion; it polls itself (204 while nothing changed) at a fixed query count."""

import re

import pytest
from django.urls import reverse

from tests.formats.bracket.draw.test_brackets_support import (
    closed_tournament,
    final_game,
    game,
    published,
    teams_of,
)
from tests.live.events import finished, in_play, start_with_a_hand
from tournament.formats.bracket import advancement
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def home(client, tournament, **headers):
    return client.get(reverse("public:home", args=[tournament.slug]), **headers)


def section(html, heading_id):
    return html.split(f'id="{heading_id}"', 1)[1].split("</section>", 1)[0]


def test_after_the_draw_the_home_leads_with_play_not_sign_ups(client):
    tournament, first, playing = in_play()
    html = home(client, tournament).content.decode()
    assert "Ask the organizer if you still want to play" not in html and "Teams so far" not in html
    now = section(html, "playing-now")
    a, b = teams_of(playing)
    assert a.name in now and b.name in now and "Table 2" in now
    # The sheet's live totals: the hand is not confirmed yet, so each is marked, its confirmed total beside it.
    assert now.count('<span class="total"><span class="total-unconfirmed" title="Includes 1 hand not confirmed yet">935') == 2
    assert now.count('<span class="total-confirmed">(0 confirmed)</span>') == 2
    assert f'href="/t/{tournament.slug}/games/{playing.pk}/sheet/"' in now
    assert f'data-countdown="{playing.time_limit_at.isoformat()}"' in now  # its clock, counted down by static JS
    following = section(html, "next-games")
    third = game(tournament, "d1", 1, 3)
    assert f'id="live-game-{third.pk}"' in following and f"Table {third.table_number}" in following
    assert third.starts_at.astimezone(tournament.tz).strftime("%-I:%M %p") in following
    results = section(html, "results")
    winner = teams_of(first)[1]
    assert f'id="live-game-{first.pk}"' in results and f"<bdi>{winner.name}</bdi></a> <span class=\"tick\"" in results
    assert f'href="/t/{tournament.slug}/games/{first.pk}/sheet/"' in results
    assert "Champion" not in html


def test_after_the_final_the_champion_leads_the_page(client):
    tournament, champion = finished()
    html = home(client, tournament).content.decode()
    main = html.split("<main", 1)[1]
    assert main.index("lv-champion") < main.index('id="results"')
    banner = main.split('class="lv-champion"', 1)[1].split("</section>", 1)[0]
    assert f"<bdi>{champion.name}</bdi>" in banner and f"<bdi>{champion.name} North</bdi>" in banner
    assert "Division 1</bdi> champion" in main and "Division 2</bdi> champion" in main
    assert f'id="live-game-{final_game(tournament).pk}"' in section(html, "results")
    assert 'id="playing-now"' not in html  # nothing is, once the final is over


def test_before_the_draw_the_home_is_still_the_sign_up_page(client, tournament):
    html = home(client, tournament).content.decode()
    assert "Sign up a team" in html and "Closes in" in html and "Teams so far" in html
    assert 'id="playing-now"' not in html


def test_the_home_polls_itself_and_an_unchanged_count_answers_204(client):
    tournament, _ = published(8)
    html = home(client, tournament).content.decode()
    # The version is the change counter (and, when a clock turn is coming, its moment: tournament.core.live_page).
    version = re.search(r'data-version="([^"]+)"', html).group(1)
    assert re.fullmatch(rf"{Tournament.objects.get(pk=tournament.pk).changes}(t\d+)?", version)
    assert f'hx-get="/t/{tournament.slug}/?v={version}"' in html and 'hx-trigger="every 10s"' in html
    poll = {"HTTP_HX_REQUEST": "true"}
    url = reverse("public:home", args=[tournament.slug])
    assert client.get(url, {"v": version}, **poll).status_code == 204
    playing = start_with_a_hand(game(tournament, "d1", 1, 1))
    fresh = client.get(url, {"v": version}, **poll)
    assert fresh.status_code == 200
    body = fresh.content.decode()
    assert body.startswith('<div id="home-live"') and "<html" not in body
    assert f'id="live-game-{playing.pk}"' in section(body, "playing-now")


@pytest.mark.parametrize("n", [8, 32])
def test_query_count_does_not_grow_with_the_event(client, django_assert_max_num_queries, n):
    tournament, _ = published(n)
    start_with_a_hand(game(tournament, "d1", 1, 1))
    with django_assert_max_num_queries(10):  # the render, and the first deadline kept with the counter
        assert home(client, tournament).status_code == 200
    with django_assert_max_num_queries(1):  # cached under the counter: the counter's query alone
        assert home(client, tournament).status_code == 200


def test_a_result_reaches_the_home_at_once(client):
    tournament, _ = published(8)
    first = game(tournament, "d1", 1, 1)
    home(client, tournament)  # cached
    advancement.finish_game(first, teams_of(first)[0], reason="score")
    assert f'id="live-game-{first.pk}"' in section(home(client, tournament).content.decode(), "results")


def test_a_closed_event_without_a_draw_keeps_saying_when(client):
    tournament, _ = closed_tournament(4)
    html = home(client, tournament).content.decode()
    assert "Sign-ups closed at" in html and "The draw and the game times are posted after sign-ups close." in html
