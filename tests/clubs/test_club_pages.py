import pytest
from django.urls import reverse

from tournament.clubs import sample


@pytest.fixture
def club(db):
    return sample.build("bayside", seasons=1, events=3, players=20)


def test_season_player_ratings_honours_pages(client, club):
    season = club.seasons.get()
    page = client.get(reverse("clubs:season", args=[club.slug, season.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "season-standings" in text
    member = club.members.first()
    assert client.get(reverse("clubs:player", args=[club.slug, member.pk])).status_code == 200
    assert client.get(reverse("clubs:ratings", args=[club.slug])).status_code == 200
    assert client.get(reverse("clubs:honours", args=[club.slug])).status_code == 200
    pdf = client.get(reverse("clubs:honours_pdf", args=[club.slug]))
    assert pdf.content.startswith(b"%PDF")
    csv = client.get(reverse("clubs:season_csv", args=[club.slug, season.pk]))
    assert b"Points" in csv.content
