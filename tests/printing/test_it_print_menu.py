"""The print menu: every division's charts, each round's cards and sheets, and the paper choice."""

import pytest
from django.urls import reverse

from tests.factories import UserFactory
from tests.printing.test_printing_helpers import draw_divisions
from tournament.models import Round


def test_organizers_only(client, tournament):
    response = client.get(reverse("printing:menu", args=[tournament.slug]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_menu_offers_charts_cards_and_sheets_for_every_division(organizer_client, tournament, django_assert_max_num_queries):
    divisions = draw_divisions(tournament, 13)
    with django_assert_max_num_queries(12):
        response = organizer_client.get(reverse("printing:menu", args=[tournament.slug]))
    page = response.content.decode()
    assert response.status_code == 200
    for kind in ("d1", "d2", "final"):
        division = divisions[kind]
        assert reverse("printing:chart", args=[tournament.slug, division.pk, "posting"]) + "?paper=letter" in page
        assert reverse("printing:chart", args=[tournament.slug, division.pk, "current"]) + "?paper=letter" in page
    for rnd in Round.objects.filter(division__tournament=tournament):
        assert reverse("printing:make_cards", args=[tournament.slug, rnd.pk]) in page
    assert "Wed " in page and "10:00 AM" in page and "1:00 PM" in page  # posted starts, local time
    assert "Tabloid or A3" not in page  # 16 lines read well on Letter


def test_query_count_does_not_grow_with_the_field(organizer_client, tournament, django_assert_max_num_queries):
    draw_divisions(tournament, 40)
    with django_assert_max_num_queries(12):
        response = organizer_client.get(reverse("printing:menu", args=[tournament.slug]))
    assert "Tabloid or A3" in response.content.decode()  # 64-line charts: advice to print bigger


def test_the_paper_choice_is_remembered_and_used_by_every_link(organizer_client, tournament):
    draw_divisions(tournament, 4)
    url = reverse("printing:menu", args=[tournament.slug])
    organizer_client.get(url, {"paper": "a3"})
    page = organizer_client.get(url).content.decode()
    assert "?paper=a3" in page and "?paper=letter" not in page
    assert 'value="a3" checked' in page


def test_an_unknown_paper_is_refused_by_name(organizer_client, tournament):
    response = organizer_client.get(reverse("printing:menu", args=[tournament.slug]), {"paper": "legal"})
    assert response.status_code == 400
    assert "Paper “legal” is not one we print on" in response.content.decode()
    assert "Tabloid (11×17 in)" in response.content.decode()


def test_htmx_paper_change_returns_only_the_menu_body(organizer_client, tournament):
    draw_divisions(tournament, 4)
    response = organizer_client.get(reverse("printing:menu", args=[tournament.slug]), {"paper": "tabloid"},
                                    HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert "<html" not in page and "?paper=tabloid" in page


def test_nothing_to_print_before_the_draw(organizer_client, tournament):
    page = organizer_client.get(reverse("printing:menu", args=[tournament.slug])).content.decode()
    assert "Nothing to print yet" in page


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_choosing_tabloid_in_the_browser_updates_the_links(live_server, page, tournament):
    draw_divisions(tournament, 13)
    UserFactory(username="desk")
    page.goto(f"{live_server.url}/accounts/login/?next=/organizer/t/{tournament.slug}/print/")
    page.fill("input[name=username]", "desk")
    page.fill("input[name=password]", "pass-word-123")
    page.click("button[type=submit], input[type=submit]")
    page.wait_for_url(f"**/organizer/t/{tournament.slug}/print/")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.screenshot(path="/tmp/mb-print/print-menu-1280.png", full_page=True)
    page.check("input[value=tabloid]")
    page.wait_for_selector("a[href*='paper=tabloid']")
    assert page.locator("a[href*='paper=letter']").count() == 0
    assert "paper=tabloid" in page.url
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path="/tmp/mb-print/print-menu-390.png", full_page=True)
