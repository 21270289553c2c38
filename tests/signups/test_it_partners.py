import pytest
from django.urls import reverse

from tests.factories import TeamFactory
from tournament.models import PartnerPost, Team


def board(tournament):
    return reverse("public:partners", args=[tournament.slug])


def choose(tournament, post):
    return reverse("public:choose_partner", args=[tournament.slug, post.pk])


@pytest.mark.django_db
class TestPartnerBoard:
    def test_post_yourself_and_see_others(self, client, tournament):
        response = client.post(board(tournament), {"name": "Yolanda Tate", "note": "free all week"})
        assert response.status_code == 302
        page = client.get(board(tournament)).content.decode()
        assert "Yolanda Tate" in page and "free all week" in page
        assert "You are on the board as <strong><bdi>Yolanda Tate</bdi></strong>" in page

    def test_two_posts_that_choose_each_other_become_a_team(self, client, tournament):
        other = self.client_posting(tournament, "Zack Vega")
        client.post(board(tournament), {"name": "Yolanda Tate"})
        mine = PartnerPost.objects.get(player__name="Yolanda Tate")
        zack = PartnerPost.objects.get(player__name="Zack Vega")
        client.post(choose(tournament, zack))
        assert Team.objects.count() == 0  # one-sided interest is not a team
        response = other.post(choose(tournament, mine))
        assert response.status_code == 302
        team = Team.objects.get()
        assert sorted(p.name for p in team.players.all()) == ["Yolanda Tate", "Zack Vega"]
        assert not PartnerPost.objects.filter(closed_at__isnull=True).exists()
        assert "You are a team" in other.get(response["Location"]).content.decode()

    def test_a_blank_name_is_refused(self, client, tournament):
        response = client.post(board(tournament), {"name": "  "})
        assert response.status_code == 400
        assert "Your name is required." in response.content.decode()
        assert PartnerPost.objects.count() == 0

    def test_a_player_already_on_a_team_cannot_post(self, client, tournament):
        TeamFactory(tournament=tournament, name="Card Sharks", partners=("Ann Lee", "Bob Lee"))
        response = client.post(board(tournament), {"name": "ann lee"})
        assert "Ann Lee is already on team “Card Sharks”." in response.content.decode()
        assert PartnerPost.objects.count() == 0

    def test_choosing_needs_your_own_post(self, client, tournament):
        other = self.client_posting(tournament, "Zack Vega")
        zack = PartnerPost.objects.get()
        assert client.post(choose(tournament, zack)).status_code == 404
        assert other.post(choose(tournament, zack)).status_code == 302
        assert "You cannot choose yourself." in other.get(board(tournament)).content.decode()

    def test_the_organizer_pairs_two_posts(self, organizer_client, tournament):
        for name in ("Yolanda Tate", "Zack Vega"):
            self.client_posting(tournament, name)
        a, b = PartnerPost.objects.all()
        response = organizer_client.post(
            reverse("signups:pair_posts", args=[tournament.slug]), {"first": a.pk, "second": b.pk, "team_name": "Late Pair"}
        )
        assert response.status_code == 302
        assert Team.objects.get().name == "Late Pair"

    @staticmethod
    def client_posting(tournament, name):
        from django.test import Client

        other = Client()
        other.post(board(tournament), {"name": name})
        return other
