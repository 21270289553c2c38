"""The organizer's backup download: the same JSON as `manage.py export_tournament`, for logged-in organizers only."""

import json

import pytest
from django.urls import reverse

from tests.events.test_backup_roundtrip import build_full_tournament, snapshot, wipe
from tournament.events.backup import import_tournament
from tournament.models import Tournament


@pytest.mark.django_db
def test_download_is_a_backup_that_restores_the_tournament(organizer_client):
    tournament = build_full_tournament()
    before = snapshot(tournament)
    response = organizer_client.get(reverse("organizer:export", args=[tournament.slug]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response["Content-Disposition"].startswith('attachment; filename="meldboard-bayfest-backup-')
    data = json.loads(response.content)
    assert [row["name"] for row in data["models"]["tournament.Team"]] == [f"Team {i}" for i in range(5)]
    wipe()
    assert snapshot(import_tournament(data)) == before


@pytest.mark.django_db
def test_download_needs_a_login(client, tournament):
    response = client.get(reverse("organizer:export", args=[tournament.slug]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.django_db
def test_unknown_tournament_is_not_found(organizer_client):
    assert organizer_client.get(reverse("organizer:export", args=["nope"])).status_code == 404


@pytest.mark.django_db
def test_dashboard_links_to_the_download(organizer_client, tournament):
    page = organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug])).content.decode()
    assert f'href="{reverse("organizer:export", args=[tournament.slug])}"' in page
    assert "Download backup (JSON)" in page
    assert Tournament.objects.count() == 1
