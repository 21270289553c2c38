"""Teams formed on the partner board keep the contacts their players typed, and the organizer's team
list shows them as links a phone can call or mail (issue 15)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import TeamFactory
from tournament.models import PartnerPost, Team
from tournament.templatetags.contact_tags import contact_href


def board(tournament):
    return reverse("public:partners", args=[tournament.slug])


def post(tournament, name, contact):
    browser = Client()
    browser.post(board(tournament), {"name": name, "contact": contact})
    return browser, PartnerPost.objects.get(player__name=name)


@pytest.mark.django_db
def test_a_team_made_by_choosing_each_other_keeps_both_contacts(tournament, organizer_client):
    yolanda, mine = post(tournament, "Yolanda Tate", "+52 612 555 0101")
    zack, theirs = post(tournament, "Zack Vega", "zack@club.example")
    yolanda.post(reverse("public:choose_partner", args=[tournament.slug, theirs.pk]))
    zack.post(reverse("public:choose_partner", args=[tournament.slug, mine.pk]))
    team = Team.objects.get()
    assert "+52 612 555 0101" in team.contact and "zack@club.example" in team.contact
    page = organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug])).content.decode()
    assert '<a href="tel:+526125550101">+52 612 555 0101</a>' in page
    assert '<a href="mailto:zack@club.example">zack@club.example</a>' in page
    assert "<bdi>Yolanda Tate</bdi>: " in page


@pytest.mark.django_db
def test_a_team_the_organizer_pairs_keeps_the_contacts(tournament, organizer_client):
    post(tournament, "Yolanda Tate", "612-555-0101")
    post(tournament, "Zack Vega", "")
    first, second = PartnerPost.objects.order_by("pk")
    organizer_client.post(reverse("signups:pair_posts", args=[tournament.slug]), {"first": first.pk, "second": second.pk})
    assert Team.objects.get().contact == "612-555-0101"
    page = organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug])).content.decode()
    assert '<a href="tel:6125550101">612-555-0101</a>' in page


@pytest.mark.django_db
def test_a_signed_up_teams_contact_is_a_link_and_free_text_stays_text(tournament, organizer_client):
    TeamFactory(tournament=tournament, name="Card Sharks", contact="ann@club.example")
    TeamFactory(tournament=tournament, name="Night Owls", contact="slip 14, dock B")
    page = organizer_client.get(reverse("organizer:dashboard", args=[tournament.slug])).content.decode()
    assert '<a href="mailto:ann@club.example">ann@club.example</a>' in page
    assert "slip 14, dock B" in page and 'href="tel:14' not in page


@pytest.mark.parametrize("text, href", [
    ("ann@club.example", "mailto:ann@club.example"),
    ("+1 (415) 555-0199", "tel:+14155550199"),
    ("612.555.0101", "tel:6125550101"),
    ("slip 14", ""),
    ("12", ""),
    ("javascript:alert(1)", ""),
])
def test_contact_links(text, href):
    assert contact_href(text) == href
