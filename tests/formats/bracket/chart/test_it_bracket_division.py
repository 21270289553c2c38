"""/t/<slug>/bracket/<kind>/: one division's chart (or the final)."""

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests.formats.bracket.draw.test_brackets_support import closed_tournament, game, publish, published, teams_of
from tournament.formats.bracket import advancement
from tournament.formats.bracket.draw import publishing
from tournament.models import Game, GameSide, Tournament


def url(tournament, kind):
    return reverse("brackets:division", args=[tournament.slug, kind])


def test_shows_only_the_asked_division(client, db):
    tournament, _ = published(6)
    html = client.get(url(tournament, "d2")).content.decode()
    assert html.count('class="division"') == 1 and "<h2><bdi>Division 2" in html
    assert 'aria-current="page">Division 2<' in html


def test_the_final_page_says_who_will_play_it(client, db):
    tournament, _ = published(6)
    html = client.get(url(tournament, "final")).content.decode()
    assert "Division 1 champion" in html and "Division 2 champion" in html
    assert "Sun" in html


def test_an_unpublished_division_is_not_shown_even_with_a_preview(client, db):
    tournament, _ = closed_tournament(6)
    publish(tournament, "d1")
    publishing.preview(tournament, "d2", seed=5)
    html = client.get(url(tournament, "d2")).content.decode()
    assert "This draw has not been published yet" in html


def test_an_unknown_division_is_404(client, db):
    tournament, _ = published(4)
    assert client.get(url(tournament, "d3")).status_code == 404


@pytest.mark.parametrize("n", [8, 16, 64])
def test_query_count_does_not_grow_with_the_bracket(client, db, django_assert_num_queries, n):
    tournament, _ = published(n)
    # the counter, its first deadline, the tournament, the chart as rows (divisions, rounds, games, sides, teams,
    # players), then the games whose cards are not cached yet as models (five queries)
    with django_assert_num_queries(14):
        response = client.get(url(tournament, "d1"))
    assert response.content.decode().count('class="game ') == n - 1
    with django_assert_num_queries(1):  # unchanged: the cached chart, after the counter's query alone
        again = client.get(url(tournament, "d1"))
    assert again.content.decode().count('class="game ') == n - 1


def test_a_cached_chart_shows_a_new_result_and_score_at_once(client, db):
    tournament, _ = published(8)
    first = game(tournament, "d1", 1, 1)
    Game.objects.filter(pk=first.pk).update(status=Game.Status.IN_PLAY, version=first.version + 1)
    client.get(url(tournament, "d1"))  # stored in the cache
    side = GameSide.objects.filter(game=first).order_by("slot").first()
    with transaction.atomic():  # as every writer does: the change and the bump of the counter together
        GameSide.objects.filter(pk=side.pk).update(total=1234)
        Tournament.objects.filter(pk=tournament.pk).bump()
    html = client.get(url(tournament, "d1")).content.decode()
    assert '<span class="total">1,234</span>' in html
    winner = teams_of(first)[0]
    advancement.finish_game(Game.objects.get(pk=first.pk), winner, reason="score")
    following = game(tournament, "d1", 2, 1)
    html = client.get(url(tournament, "d1")).content.decode()
    chunk = html.split(f'id="game-{following.pk}">', 1)[1].split("</li>", 1)[0]
    assert f"{winner.name}</bdi><small>" in chunk


def test_the_public_never_gets_an_organizers_cached_page(organizer_client, db):
    tournament, _ = published(4)
    organizers = organizer_client.get(url(tournament, "d1")).content.decode()
    assert "Result and log (organizer)" in organizers and "Log out" in organizers
    public = Client().get(url(tournament, "d1")).content.decode()
    assert "Result and log (organizer)" not in public and "Organizer log-in" in public
    # Each page carries its own visitor's CSRF token, never one stored with the page.
    assert "@@render-cache" not in public and "@@render-cache" not in organizers
    assert organizer_client.cookies["csrftoken"].value and 'name="csrfmiddlewaretoken"' in organizers


def test_a_visitor_gets_no_csrf_token_or_cookie_but_a_signed_in_organizer_does(organizer_client, db):
    tournament, _ = published(8)
    visitor = Client().get(url(tournament, "d1"))
    assert "X-CSRFToken" not in visitor.content.decode() and "csrftoken" not in visitor.cookies
    organizer = organizer_client.get(url(tournament, "d1"))
    html = organizer.content.decode()
    assert '"X-CSRFToken": "' in html and 'name="csrfmiddlewaretoken"' in html and "@@render-cache" not in html
