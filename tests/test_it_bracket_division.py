"""/t/<slug>/bracket/<kind>/: one division's chart (or the final)."""

import pytest
from django.urls import reverse

from tests.test_brackets_support import closed_tournament, publish, published


def url(tournament, kind):
    return reverse("brackets:division", args=[tournament.slug, kind])


def test_shows_only_the_asked_division(client, db):
    tournament, _ = published(6)
    html = client.get(url(tournament, "d2")).content.decode()
    assert html.count('class="division"') == 1 and "<h2>Division 2" in html
    assert 'aria-current="page">Division 2<' in html


def test_the_final_page_says_who_will_play_it(client, db):
    tournament, _ = published(6)
    html = client.get(url(tournament, "final")).content.decode()
    assert "Division 1 champion" in html and "Division 2 champion" in html
    assert "Sun" in html


def test_an_unpublished_division_is_not_shown_even_with_a_preview(client, db):
    tournament, _ = closed_tournament(6)
    publish(tournament, "d1")
    from tournament import brackets

    brackets.preview(tournament, "d2", seed=5)
    html = client.get(url(tournament, "d2")).content.decode()
    assert "This draw has not been published yet" in html


def test_an_unknown_division_is_404(client, db):
    tournament, _ = published(4)
    assert client.get(url(tournament, "d3")).status_code == 404


@pytest.mark.parametrize("n", [8, 16, 64])
def test_query_count_does_not_grow_with_the_bracket(client, db, django_assert_num_queries, n):
    tournament, _ = published(n)
    with django_assert_num_queries(8):
        response = client.get(url(tournament, "d1"))
    assert response.content.decode().count('class="game ') == n - 1
