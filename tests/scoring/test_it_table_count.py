"""The card-count helper: counts per card class become points on the server, into the right field."""

import pytest

from tests.scoring.games import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(tournament):
    return make_game(tournament)


def count(client, game, target, counts):
    data = {"target": target, **{f"{target}-c{i}": v for i, v in enumerate(counts)}}
    return client.post(f"/table/{game.table_token}/count/", data, headers={"HX-Request": "true"})


def test_counts_become_points_in_the_field(client, game):
    response = count(client, game, "s1_melded_points", ["7", "14", "8", "1", "1"])  # 35 + 140 + 160 + 20 + 50
    page = response.content.decode()
    assert 'id="id_s1_melded_points" value="405"' in page and 'hx-swap-oob="true"' in page
    assert response["HX-Trigger-After-Swap"] == "recount"


@pytest.mark.parametrize("bad", ["-1", "x", "99999999"])
def test_bad_counts_are_named(client, game, bad):
    page = count(client, game, "s2_left_points", [bad]).content.decode()
    assert "Count of 4–7" in page and "value=" not in page


def test_an_unknown_field_is_refused(client, game):
    assert count(client, game, "s1_runs", ["1"]).status_code == 400
