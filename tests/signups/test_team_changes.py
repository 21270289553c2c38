"""The organizer renames a team and takes back a withdrawal made by mistake (issue 15)."""

import datetime as dt

import pytest
from django.urls import reverse

from tests.factories import TeamFactory
from tournament.models import Division, PartnerPost, Player, Team, Tournament


def rename(client, team, name):
    return client.post(reverse("signups:rename_team", args=[team.tournament.slug, team.pk]), {"name": name}, follow=True)


def withdraw(client, team):
    return client.post(reverse("signups:withdraw_team", args=[team.tournament.slug, team.pk]), follow=True)


def undo(client, team):
    return client.post(reverse("signups:undo_withdrawal", args=[team.tournament.slug, team.pk]), follow=True)


def public_teams(client, tournament):
    return client.get(reverse("public:teams", args=[tournament.slug])).content.decode()


@pytest.mark.django_db
class TestRename:
    def test_the_organizer_renames_a_team_and_the_public_list_follows(self, organizer_client, tournament, client):
        team = TeamFactory(tournament=tournament, name="Card Sharks")
        before = Tournament.objects.get(pk=tournament.pk).changes
        page = rename(organizer_client, team, "  Card   Sharks\u200b II ").content.decode()
        assert "“Card Sharks” is now “Card Sharks II”." in page
        assert Team.objects.get(pk=team.pk).name == "Card Sharks II"
        assert Tournament.objects.get(pk=tournament.pk).changes > before
        assert "Card Sharks II" in public_teams(client, tournament)

    def test_a_look_alike_of_another_team_is_refused_and_nothing_changes(self, organizer_client, tournament):
        TeamFactory(tournament=tournament, name="Night Owls")
        team = TeamFactory(tournament=tournament, name="Card Sharks")
        page = rename(organizer_client, team, "ＮＩＧＨＴ owls").content.decode()
        assert "A team called “Night Owls” is already signed up. Pick another name." in page
        assert Team.objects.get(pk=team.pk).name == "Card Sharks"

    def test_a_blank_or_long_name_is_refused(self, organizer_client, tournament):
        team = TeamFactory(tournament=tournament, name="Card Sharks")
        assert "Team name is required." in rename(organizer_client, team, " \u200b ").content.decode()
        assert "Team name is too long: at most 60 characters (this one has 61)." in rename(organizer_client, team, "x" * 61).content.decode()
        assert Team.objects.get(pk=team.pk).name == "Card Sharks"

    def test_a_team_may_change_the_case_of_its_own_name(self, organizer_client, tournament):
        team = TeamFactory(tournament=tournament, name="card sharks")
        rename(organizer_client, team, "Card Sharks")
        assert Team.objects.get(pk=team.pk).name == "Card Sharks"

    def test_another_tournaments_team_is_not_found(self, organizer_client, tournament):
        other = TeamFactory(name="Elsewhere")
        assert organizer_client.post(reverse("signups:rename_team", args=[tournament.slug, other.pk]), {"name": "X"}).status_code == 404
        assert Team.objects.get(pk=other.pk).name == "Elsewhere"


@pytest.mark.django_db
class TestUndoWithdrawal:
    def test_a_withdrawn_team_comes_back_with_its_players(self, organizer_client, tournament, client):
        team = TeamFactory(tournament=tournament, name="Card Sharks", partners=("Ann Lee", "Bob Lee"))
        withdraw(organizer_client, team)
        assert "Ann Lee" not in public_teams(client, tournament)
        page = undo(organizer_client, team).content.decode()
        assert "“Card Sharks” is back in." in page
        assert Team.objects.get(pk=team.pk).withdrawn_at is None
        assert sorted(Team.objects.get(pk=team.pk).players.values_list("name", flat=True)) == ["Ann Lee", "Bob Lee"]
        assert "Ann Lee" in public_teams(client, tournament)

    def test_a_player_of_a_withdrawn_team_may_still_sign_up_again_and_then_it_cannot_come_back(self, organizer_client, tournament, client):
        team = TeamFactory(tournament=tournament, name="Card Sharks", partners=("Ann Lee", "Bob Lee"))
        withdraw(organizer_client, team)
        client.post(reverse("public:signup", args=[tournament.slug]), {"team_name": "New", "player1": "ann lee", "player2": "Cy"})
        new = Team.objects.get(name="New")
        assert sorted(new.players.values_list("name", flat=True)) == ["Ann Lee", "Cy"]
        assert Player.objects.filter(name="Ann Lee").count() == 1
        page = undo(organizer_client, team).content.decode()
        assert "“Card Sharks” cannot come back: only Bob Lee is still on it" in page
        assert Team.objects.get(pk=team.pk).withdrawn_at is not None

    def test_a_player_of_a_withdrawn_team_may_post_on_the_board_and_undoing_takes_them_off(self, organizer_client, tournament, client):
        team = TeamFactory(tournament=tournament, name="Card Sharks", partners=("Ann Lee", "Bob Lee"))
        withdraw(organizer_client, team)
        assert client.post(reverse("public:partners", args=[tournament.slug]), {"name": "Ann Lee"}).status_code == 302
        undo(organizer_client, team)
        assert not PartnerPost.objects.filter(closed_at__isnull=True).exists()

    def test_after_the_draw_a_clear_message(self, organizer_client, tournament):
        team = TeamFactory(tournament=tournament, name="Card Sharks")
        withdraw(organizer_client, team)
        Division.objects.create(tournament=tournament, kind="d1", name="Division 1", published_at=dt.datetime.now(dt.UTC))
        page = undo(organizer_client, team).content.decode()
        assert "The draw is published, so “Card Sharks” cannot come back" in page
        assert Team.objects.get(pk=team.pk).withdrawn_at is not None

    def test_the_dashboard_offers_undo_for_a_withdrawn_team(self, organizer_client, tournament):
        team = TeamFactory(tournament=tournament, name="Card Sharks")
        withdraw(organizer_client, team)
        page = organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug])).content.decode()
        assert reverse("signups:undo_withdrawal", args=[tournament.slug, team.pk]) in page
        assert reverse("signups:rename_team", args=[tournament.slug, team.pk]) in page
