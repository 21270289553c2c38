"""Bad input on the sign-up pages: a message naming what is wrong, never a 500, nothing changed."""

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, TeamFactory, TournamentFactory
from tests.gameday.test_it_board import text
from tournament.models import PartnerPost, Team

pytestmark = pytest.mark.django_db


def on_board(tournament, *names):
    return [PartnerPost.objects.create(player=PlayerFactory(tournament=tournament, name=name)) for name in names]


def pair(client, tournament, first, second):
    url = reverse("signups:pair_posts", args=[tournament.slug])
    return text(client.post(url, {"first": first, "second": second, "team_name": "Late Pair"}, follow=True))


@pytest.mark.parametrize("bad,message", [
    ("99999999999999999999", "that player is no longer on this tournament's partner board."),
    ("²", "that player is no longer on this tournament's partner board."),
    ("1\x00", "Null characters are not allowed."),
    ("", "choose two players to pair."),
])
def test_pairing_a_post_that_is_no_id_is_named(organizer_client, tournament, bad, message):
    yolanda, _ = on_board(tournament, "Yolanda Tate", "Zack Vega")
    page = pair(organizer_client, tournament, yolanda.pk, bad)
    assert f"Second player: {message}" in page
    assert not Team.objects.exists() and PartnerPost.objects.filter(closed_at__isnull=True).count() == 2


def test_another_tournaments_post_cannot_be_paired_here(organizer_client, tournament):
    yolanda, = on_board(tournament, "Yolanda Tate")
    stranger, = on_board(TournamentFactory(), "Sam Stranger")
    page = pair(organizer_client, tournament, yolanda.pk, stranger.pk)
    assert "Second player: that player is no longer on this tournament's partner board." in page
    assert not Team.objects.exists()


def test_pairing_a_player_with_themselves_is_named(organizer_client, tournament):
    yolanda, _ = on_board(tournament, "Yolanda Tate", "Zack Vega")
    assert "Choose two different players to pair." in pair(organizer_client, tournament, yolanda.pk, yolanda.pk)
    assert not Team.objects.exists()


def test_ids_too_big_for_the_database_are_a_404(client, organizer_client, tournament):
    team = TeamFactory(tournament=tournament)
    huge = "99999999999999999999"
    assert client.post(f"/t/{tournament.slug}/partners/{huge}/choose/").status_code == 404
    assert organizer_client.post(f"/organizer/t/{tournament.slug}/teams/{huge}/withdraw/").status_code == 404
    team.refresh_from_db()
    assert team.withdrawn_at is None
