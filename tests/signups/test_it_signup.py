import datetime as dt

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from tests.factories import TeamFactory
from tournament.models import Player, Team


def url(tournament):
    return reverse("public:signup", args=[tournament.slug])


def post(client, tournament, **overrides):
    data = {"team_name": "Card Sharks", "player1": "Ann Lee", "player2": "Bob Lee", "contact": "555-0100",
            "submission_key": overrides.pop("submission_key", "")}
    data.update(overrides)
    return client.post(url(tournament), data)


@pytest.mark.django_db
class TestSignup:
    def test_form_shows_the_deadline_in_local_time(self, client, tournament):
        tournament.signup_deadline = dt.datetime(2026, 4, 7, 19, 0, tzinfo=dt.UTC)  # noon in Mazatlán (UTC−7)
        tournament.save()
        with time_machine.travel(dt.datetime(2026, 4, 6, 12, 0, tzinfo=dt.UTC)):
            response = client.get(url(tournament))
        assert "noon, Tuesday 7 April 2026 (La Paz, Mazatlán time)" in response.content.decode()

    def test_a_team_of_two_partners_signs_up(self, client, tournament):
        response = post(client, tournament)
        assert response.status_code == 302
        team = Team.objects.get()
        assert team.name == "Card Sharks"
        assert sorted(p.name for p in team.players.all()) == ["Ann Lee", "Bob Lee"]
        page = client.get(response["Location"]).content.decode()
        assert "Card Sharks" in page and "Ann Lee &amp; Bob Lee" in page

    @pytest.mark.parametrize(
        "field, value, message",
        [
            ("team_name", "   ", "Team name is required."),
            ("team_name", "x" * 61, "Team name is too long: at most 60 characters (this one has 61)."),
            ("player1", "", "First partner&#x27;s name is required."),
            ("player2", "y" * 81, "Second partner&#x27;s name is too long"),
        ],
    )
    def test_blank_or_overlong_names_are_refused(self, client, tournament, field, value, message):
        response = post(client, tournament, **{field: value})
        assert response.status_code == 400
        assert message in response.content.decode()
        assert Team.objects.count() == 0 and Player.objects.count() == 0

    def test_a_duplicate_team_name_is_refused_whatever_its_case(self, client, tournament):
        TeamFactory(tournament=tournament, name="Card Sharks")
        response = post(client, tournament, team_name="card  SHARKS", player1="Cy", player2="Di")
        assert response.status_code == 400
        assert "A team called “card SHARKS” has already signed up" in response.content.decode()
        assert Team.objects.count() == 1

    def test_the_same_person_twice_on_one_team_is_refused(self, client, tournament):
        response = post(client, tournament, player1="Ann Lee", player2=" ann  lee ")
        assert "The two partners must be two different people." in response.content.decode()
        assert Team.objects.count() == 0

    def test_a_player_already_on_another_team_is_refused(self, client, tournament):
        TeamFactory(tournament=tournament, name="Red Threes", partners=("Ann Lee", "Carmen Ruiz"))
        response = post(client, tournament)
        assert "Ann Lee is already on team “Red Threes”. A player can be on one team only." in response.content.decode()
        assert Team.objects.count() == 1

    def test_html_in_names_is_shown_escaped(self, client, tournament):
        post(client, tournament, team_name="<script>alert(1)</script>", player1="<b>Ann</b>")
        page = client.get(reverse("public:teams", args=[tournament.slug])).content.decode()
        assert "<script>alert(1)</script>" not in page and "<b>Ann</b>" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "&lt;b&gt;Ann&lt;/b&gt;" in page

    def test_one_second_after_the_deadline_the_signup_is_refused_with_the_local_deadline(self, client, tournament):
        tournament.signup_deadline = dt.datetime(2026, 4, 7, 19, 0, tzinfo=dt.UTC)
        tournament.save()
        with time_machine.travel(dt.datetime(2026, 4, 7, 19, 0, 1, tzinfo=dt.UTC)):
            response = post(client, tournament)
        body = response.content.decode()
        assert response.status_code == 400
        assert "Sign-ups closed at noon, Tuesday 7 April 2026 (La Paz, Mazatlán time)." in body
        assert Team.objects.count() == 0

    def test_one_second_before_the_deadline_the_signup_is_accepted(self, client, tournament):
        tournament.signup_deadline = dt.datetime(2026, 4, 7, 19, 0, tzinfo=dt.UTC)
        tournament.save()
        with time_machine.travel(dt.datetime(2026, 4, 7, 18, 59, 59, tzinfo=dt.UTC)):
            response = post(client, tournament)
        assert response.status_code == 302 and Team.objects.count() == 1

    def test_a_double_tapped_submit_makes_one_team(self, client, tournament):
        first = post(client, tournament, submission_key="key-1")
        second = post(client, tournament, submission_key="key-1")
        assert first.status_code == second.status_code == 302
        assert Team.objects.count() == 1 and Player.objects.count() == 2

    def test_the_form_carries_a_fresh_one_time_key(self, client, tournament, template_context):
        first = client.get(url(tournament)).context["form"].initial["submission_key"]
        second = client.get(url(tournament)).context["form"].initial["submission_key"]
        assert first and second and first != second

    def test_an_unknown_tournament_is_404(self, client, db):
        assert client.get("/t/no-such-event/signup/").status_code == 404
        assert client.post("/t/no-such-event/signup/", {"team_name": "x"}).status_code == 404

    def test_a_post_without_csrf_token_is_refused_and_saves_nothing(self, tournament):
        response = post(Client(enforce_csrf_checks=True), tournament)
        assert response.status_code == 403
        assert Team.objects.count() == 0
