"""/t/<slug>/bracket/: both divisions and the final, live, at a fixed query count."""

import pytest
from django.urls import reverse

from tests.formats.bracket.draw.test_brackets_support import closed_tournament, game, published, teams_of
from tests.gameday.test_advancement_engine import play_out
from tournament.formats.bracket import advancement


def url(tournament):
    return reverse("brackets:overview", args=[tournament.slug])


def test_before_the_draw_the_page_says_so(client, db):
    tournament, _ = closed_tournament(6)
    response = client.get(url(tournament))
    assert response.status_code == 200
    assert "The draw has not been published yet" in response.content.decode()


def test_shows_both_divisions_the_final_names_and_local_times(client, db):
    tournament, teams = published(13)
    html = client.get(url(tournament)).content.decode()
    assert html.count('class="division"') == 3
    for heading in ("Division 1", "Division 2", "Final"):
        assert f"<h2><bdi>{heading}" in html
    assert "T13" in html and "<bdi>T13 North</bdi> &amp; <bdi>T13 South</bdi>" in html
    assert "Division 1 champion" in html  # the final's empty slot says who will fill it
    # Division 1 round 1 is posted for Wednesday 10:00 and Division 2 for 13:00, in Mazatlán time.
    assert "Wed" in html and "10:00 AM" in html and "1:00 PM" in html
    assert "Bracket" in html  # the public tab


@pytest.mark.parametrize("n", [8, 16, 64])
def test_query_count_does_not_grow_with_the_bracket(client, db, django_assert_num_queries, n):
    tournament, _ = published(n)
    # the counter, its first deadline, the tournament, the chart as rows (divisions, rounds, games, sides, teams,
    # players), then the games whose cards are not cached yet as models (five queries)
    with django_assert_num_queries(14):
        response = client.get(url(tournament))
    assert response.status_code == 200
    assert response.content.decode().count('class="game ') == 2 * (n - 1) + 1
    with django_assert_num_queries(1):  # unchanged: the cached chart, after the counter's query alone
        again = client.get(url(tournament))
    assert again.content.decode().count('class="game ') == 2 * (n - 1) + 1


def test_a_result_shows_the_winner_in_the_next_round(client, db):
    tournament, _ = published(8)
    first = game(tournament, "d1", 1, 1)
    winner = teams_of(first)[1]
    advancement.finish_game(first, winner, reason="score")
    following = game(tournament, "d1", 2, 1)
    html = client.get(url(tournament)).content.decode()
    assert f"{winner.name}</bdi><small>" in game_html(html, following)
    assert f'{winner.name}</bdi> <span class="tick"' in game_html(html, first)
    assert "Winner of game 2" in game_html(html, following)


def game_html(html, g):
    return html.split(f'id="game-{g.pk}">', 1)[1].split("</li>", 1)[0]


def test_the_champion_is_announced(client, db):
    tournament, teams = published(4)
    play_out(tournament, "d1", favourite=teams[2])
    play_out(tournament, "d2", favourite=teams[2])
    html = client.get(url(tournament)).content.decode()
    assert "Champion: <strong><bdi>T3</bdi></strong>" in html
    assert "Same team won both divisions" in html


def test_htmx_poll_answers_204_when_nothing_changed_and_the_charts_when_something_did(client, db, django_assert_max_num_queries, template_context):
    tournament, _ = published(16)
    page = client.get(url(tournament))
    version = page.context["version"]
    with django_assert_max_num_queries(3):
        unchanged = client.get(url(tournament), {"v": version}, HTTP_HX_REQUEST="true")
    assert unchanged.status_code == 204
    g = game(tournament, "d2", 1, 2)
    advancement.finish_game(g, teams_of(g)[0], reason="score")
    changed = client.get(url(tournament), {"v": version}, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200
    body = changed.content.decode()
    assert body.startswith('<div id="bracket-live"') and "<html" not in body
    assert changed.context["version"] != version
