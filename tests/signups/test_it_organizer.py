import datetime as dt

import pytest
from django.urls import reverse

from tests.factories import TeamFactory
from tests.tournament_form import as_posted, tournament_data
from tournament.models import Division, Team, Tournament


@pytest.mark.django_db
def test_organizer_pages_need_a_login(client, tournament):
    for url in (reverse("organizer:home"), reverse("organizer:dashboard", args=[tournament.slug])):
        response = client.get(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert client.post(reverse("signups:close_signups", args=[tournament.slug])).status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.OPEN


@pytest.mark.django_db
def test_create_a_tournament_with_a_local_deadline_and_frozen_rules(organizer_client):
    response = organizer_client.post(reverse("organizer:create"), tournament_data())
    assert response.status_code == 302
    event = Tournament.objects.get(slug="bayfest-2027")
    assert event.signup_deadline == dt.datetime(2027, 4, 6, 19, 0, tzinfo=dt.UTC)  # noon in Mazatlán
    assert event.rules_numbers["target"] == 20000
    assert event.game_time_limit == dt.timedelta(hours=2, minutes=30)


@pytest.mark.django_db
def test_a_bad_time_zone_is_refused_by_name(organizer_client):
    response = organizer_client.post(reverse("organizer:create"), tournament_data(name="X", slug="x", time_zone="Mars/Olympus"))
    assert response.status_code == 400
    assert "“Mars/Olympus” is not on the time zone list" in response.content.decode()
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_editing_keeps_the_frozen_rules_numbers(organizer_client, tournament, template_context):
    tournament.rules_numbers = {**tournament.rules_numbers, "target": 15000}
    tournament.save()
    page = organizer_client.get(reverse("organizer:edit", args=[tournament.slug]))
    assert page.status_code == 200
    form = page.context["form"]
    data = as_posted(form)
    data.update({"name": "Renamed", "variant": "rummikub", "signup_deadline": form.initial["signup_deadline"]})
    assert organizer_client.post(reverse("organizer:edit", args=[tournament.slug]), data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.name == "Renamed" and tournament.variant == "baja-partners"
    assert tournament.rules_numbers["target"] == 15000


@pytest.mark.django_db
def test_organizer_adds_a_late_team_after_the_deadline(organizer_client, tournament):
    tournament.signup_deadline = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
    tournament.save()
    response = organizer_client.post(
        reverse("signups:add_team", args=[tournament.slug]), {"team_name": "Late Birds", "player1": "A", "player2": "B"}
    )
    assert response.status_code == 302
    assert Team.objects.get().added_late is True


@pytest.mark.django_db
def test_no_team_is_added_or_withdrawn_once_a_draw_is_published(organizer_client, tournament):
    team = TeamFactory(tournament=tournament)
    Division.objects.create(tournament=tournament, kind="d1", name="Division 1", published_at=dt.datetime.now(dt.UTC))
    organizer_client.post(reverse("signups:add_team", args=[tournament.slug]), {"team_name": "X", "player1": "A", "player2": "B"})
    response = organizer_client.post(reverse("signups:withdraw_team", args=[tournament.slug, team.pk]), follow=True)
    assert Team.objects.count() == 1 and Team.objects.get().withdrawn_at is None
    assert "The draw is published" in response.content.decode()


@pytest.mark.django_db
def test_withdraw_a_team_before_the_draw_frees_its_players(organizer_client, tournament, client):
    team = TeamFactory(tournament=tournament, partners=("Ann Lee", "Bob Lee"))
    organizer_client.post(reverse("signups:withdraw_team", args=[tournament.slug, team.pk]))
    team.refresh_from_db()
    assert team.withdrawn_at is not None
    assert "Ann Lee" not in client.get(reverse("public:teams", args=[tournament.slug])).content.decode()
    client.post(reverse("public:signup", args=[tournament.slug]), {"team_name": "New", "player1": "Ann Lee", "player2": "Cy"})
    assert Team.objects.filter(name="New").exists()


@pytest.mark.django_db
def test_close_signups_early(organizer_client, tournament, client):
    response = organizer_client.post(reverse("signups:close_signups", args=[tournament.slug]), follow=True)
    assert "Sign-ups are closed." in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CLOSED
    page = client.get(reverse("public:signup", args=[tournament.slug])).content.decode()
    assert "Sign-ups were closed early by the organizer" in page
