"""Names: look-alike duplicates are refused, names are stored clean, and every name on a page sits in
its own <bdi> so right-to-left text (or a direction override) cannot reverse its neighbours."""

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from tests.factories import TeamFactory
from tournament.common import names
from tournament.models import PartnerPost, Player, Team

RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE


@pytest.mark.parametrize("typed, shown", [
    ("Ａｎａ  Ｌｅｅ", "Ana Lee"),  # full-width letters (NFKC)
    ("A\u200bna\u200c Le\u200de\u2060\ufeff", "Ana Lee"),  # zero-width characters
    (f"{RLO}Ana Lee\u202c", "Ana Lee"),  # a direction override and its pop
    ("\u2067Ana\u2069 \u200fLee", "Ana Lee"),  # isolates and a right-to-left mark
    ("  Ana \t\n Lee ", "Ana Lee"),
    ("O'Neil", "O'Neil"),
    ("عائشة", "عائشة"),  # right-to-left letters themselves are a name, not a trick
])
def test_a_name_is_stored_clean(typed, shown):
    assert names.clean(typed) == shown


def test_look_alikes_have_one_key():
    assert len({names.key(v) for v in ("Ana Lee", "ANA LEE", "ana\u200b lee", "Ａｎａ Ｌｅｅ", f"Ana{RLO} Lee")}) == 1
    assert names.key("Straße") == names.key("STRASSE")
    assert names.key("Ana Lee") != names.key("Ana Leé")


def signup(client, tournament, **fields):
    data = {"team_name": "Card Sharks", "player1": "Ann Lee", "player2": "Bob Lee", "contact": "", "submission_key": ""}
    data.update(fields)
    return client.post(reverse("public:signup", args=[tournament.slug]), data)


@pytest.mark.django_db
class TestLookAlikesAreRefused:
    def test_a_team_name_with_full_width_letters_and_a_zero_width_space(self, client, tournament):
        TeamFactory(tournament=tournament, name="Card Sharks")
        response = signup(client, tournament, team_name="Ｃａｒｄ Sha\u200brks", player1="Cy Day", player2="Di Day")
        assert response.status_code == 400
        assert "A team called “Card Sharks” has already signed up. Pick another name." in response.content.decode()
        assert Team.objects.count() == 1

    def test_a_player_already_on_a_team_under_a_look_alike_name(self, client, tournament):
        TeamFactory(tournament=tournament, name="Sharks", partners=("Ann Lee", "Eve Ray"))
        response = signup(client, tournament, team_name="Jets", player1="A\u2060NN  LEE", player2="Bo Diaz")
        assert response.status_code == 400
        assert "Ann Lee is already on team “Sharks”. A player can be on one team only." in response.content.decode()
        assert Team.objects.count() == 1 and Player.objects.count() == 2

    def test_two_partners_who_are_one_person(self, client, tournament):
        response = signup(client, tournament, player1="Ann Lee", player2="ａｎｎ\u200d lee")
        assert "The two partners must be two different people." in response.content.decode()
        assert not Team.objects.exists()

    def test_the_partner_board(self, client, tournament):
        TeamFactory(tournament=tournament, name="Sharks", partners=("Ann Lee", "Eve Ray"))
        response = client.post(reverse("public:partners", args=[tournament.slug]), {"name": "\ufeffANN LEE", "note": ""})
        assert response.status_code == 400
        assert "Ann Lee is already on team “Sharks”." in response.content.decode()
        assert not PartnerPost.objects.exists()

    def test_a_board_player_joins_a_team_under_a_look_alike_name_with_their_own_row(self, client, tournament):
        client.post(reverse("public:partners", args=[tournament.slug]), {"name": "Zoë Quinn", "note": ""})
        board_player = Player.objects.get()
        response = signup(client, tournament, player1="ZOË\u200b QUINN", player2="Bo Diaz")
        assert response.status_code == 302
        assert Player.objects.get(pk=board_player.pk).team == Team.objects.get()
        assert Player.objects.count() == 2

    def test_the_organizer_adding_a_team(self, organizer_client, tournament):
        TeamFactory(tournament=tournament, name="Card Sharks")
        response = organizer_client.post(reverse("signups:add_team", args=[tournament.slug]), {
            "team_name": "CARD\u00a0SHARKS", "player1": "Cy Day", "player2": "Di Day", "contact": "", "submission_key": "",
        })
        said = [str(m) for m in get_messages(response.wsgi_request)]
        assert any("A team called “CARD SHARKS” has already signed up" in m for m in said)
        assert Team.objects.count() == 1


@pytest.mark.django_db
def test_a_sign_up_stores_names_without_invisible_or_direction_characters(client, tournament):
    response = signup(client, tournament, team_name=f"{RLO}Card\u200b  Sharks", player1="Ａｎｎ Lee\u2066", player2="Bob\u200f Lee")
    assert response.status_code == 302
    team = Team.objects.get()
    assert team.name == "Card Sharks"
    assert sorted(p.name for p in team.players.all()) == ["Ann Lee", "Bob Lee"]


@pytest.mark.django_db
def test_an_override_in_one_name_cannot_reach_its_neighbours(client, tournament):
    # Written past the sign-up's cleaning (an old row, the admin): the page must still hold it in.
    TeamFactory(tournament=tournament, name=f"Evil{RLO}", partners=(f"Mal{RLO}", "Ivy"))
    TeamFactory(tournament=tournament, name="Neighbours", partners=("Ann Lee", "Bob Lee"))
    home = client.get(reverse("public:home", args=[tournament.slug])).content.decode()
    assert f"<bdi>Evil{RLO}</bdi>" in home and "<bdi>Neighbours</bdi>" in home
    assert f"<bdi>Mal{RLO}</bdi> &amp; <bdi>Ivy</bdi>" in home
    assert "<bdi>Ann Lee</bdi> &amp; <bdi>Bob Lee</bdi>" in home
    teams = client.get(reverse("public:teams", args=[tournament.slug])).content.decode()
    assert f"<bdi>Evil{RLO}</bdi>" in teams and "<bdi>Neighbours</bdi>" in teams
    assert "<bdi>Ann Lee</bdi> &amp; <bdi>Bob Lee</bdi>" in teams


@pytest.mark.django_db
def test_the_organizer_dashboard_isolates_names(organizer_client, tournament):
    TeamFactory(tournament=tournament, name=f"Evil{RLO}", partners=("Mal", "Ivy"))
    TeamFactory(tournament=tournament, name="Neighbours", partners=("Ann Lee", "Bob Lee"))
    page = organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug])).content.decode()
    assert f"<bdi>Evil{RLO}</bdi>" in page and "<bdi>Neighbours</bdi>" in page
    assert "<bdi>Ann Lee</bdi> &amp; <bdi>Bob Lee</bdi>" in page
