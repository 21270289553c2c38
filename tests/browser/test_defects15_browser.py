"""Issue 15's walk-through defects, in a browser at 390 px and 1280 px: the partner board's private
link, board contacts on the organizer's list, renaming and un-withdrawing a team, the 404 and 500
pages and the favicon."""

import os

import pytest
from django.test import Client
from playwright.sync_api import expect

from scoring.hands import rotate_token
from tests.factories import TeamFactory, TournamentFactory
from tests.mail import delivered
from tests.scoring.games import make_game
from tournament.live import views as live_views
from tournament.models import Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")  # a folder: save the pages for a person to look at
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"defects15-{name}.png"), full_page=True)


def log_in(page, live_server, user):
    client = Client()
    client.force_login(user)
    page.context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])


def test_a_post_is_managed_from_another_device_by_its_private_link(live_server, browser, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    TournamentFactory(name="Bayfest 2026", slug="bayfest")
    board = f"{live_server.url}/t/bayfest/partners/"
    yolanda = browser.new_context(viewport=PHONE).new_page()
    yolanda.goto(board)
    yolanda.get_by_label("Your name").fill("Yolanda Tate")
    yolanda.get_by_label("Phone or email").fill("yolanda@club.example")
    yolanda.get_by_role("button", name="Post").click()
    card = yolanda.locator(".private-link")
    expect(card).to_contain_text("we e-mailed it to yolanda@club.example")
    link = card.locator("a").get_attribute("href")
    assert "/t/bayfest/partners/mine/" in link and link in delivered()[0].body
    shot(yolanda, "board-private-link-390")
    yolanda.reload()
    expect(yolanda.locator(".private-link")).to_have_count(0)  # shown once

    zack = browser.new_context(viewport=PHONE).new_page()
    zack.goto(board)
    zack.get_by_label("Your name").fill("Zack Vega")
    zack.get_by_label("Phone or email").fill("612 555 0101")
    zack.get_by_role("button", name="Post").click()
    zack.get_by_role("button", name="Choose Yolanda Tate").click()
    expect(zack.locator(".msg-success")).to_contain_text("You asked Yolanda Tate")

    laptop = browser.new_context(viewport=DESKTOP).new_page()  # Yolanda's other device
    laptop.goto(board)
    expect(laptop.get_by_role("button", name="Accept Zack Vega")).to_have_count(0)
    laptop.goto(link)
    expect(laptop.locator(".msg-success")).to_contain_text("this phone now manages your post")
    shot(laptop, "board-opened-by-link-1280")
    laptop.get_by_role("button", name="Accept Zack Vega").click()
    expect(laptop.locator(".msg-success")).to_contain_text("You are a team")
    assert sorted(Team.objects.get().players.values_list("name", flat=True)) == ["Yolanda Tate", "Zack Vega"]
    for context in (yolanda.context, zack.context, laptop.context):
        context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
def test_the_organizer_calls_renames_and_brings_back_a_team(live_server, browser, organizer, viewport):
    tournament = TournamentFactory(name="Bayfest 2026", slug="bayfest")
    TeamFactory(tournament=tournament, name="Card Sharks", partners=("Ann Lee", "Bob Lee"), contact="+52 612 555 0199")
    TeamFactory(tournament=tournament, name="Night Owls", contact="owls@club.example")
    page = browser.new_context(viewport=viewport).new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    log_in(page, live_server, organizer)
    page.goto(f"{live_server.url}/organizer/t/bayfest/")
    expect(page.locator('a[href="tel:+526125550199"]')).to_have_text("+52 612 555 0199")
    expect(page.locator('a[href="mailto:owls@club.example"]')).to_be_visible()
    row = page.locator("tr", has_text="Card Sharks")
    row.locator("summary", has_text="Rename").click()
    row.get_by_label("New name for Card Sharks").fill("Card Sharks II")
    shot(page, f"dashboard-rename-{viewport['width']}")
    row.get_by_role("button", name="Save name").click()
    expect(page.locator(".msg-success")).to_contain_text("“Card Sharks” is now “Card Sharks II”.")
    page.locator("tr", has_text="Night Owls").get_by_role("button", name="Withdraw").click()
    expect(page.locator(".msg-success")).to_contain_text("Withdrew “Night Owls”.")
    page.locator("tr", has_text="Night Owls").get_by_role("button", name="Undo withdrawal").click()
    expect(page.locator(".msg-success")).to_contain_text("“Night Owls” is back in.")
    shot(page, f"dashboard-undo-{viewport['width']}")
    assert not Team.objects.filter(withdrawn_at__isnull=False).exists()
    page.context.close()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
def test_the_404_and_500_pages_and_the_favicon(live_server, browser, tournament, viewport, monkeypatch):
    game = make_game(tournament)
    old = game.table_token
    rotate_token(game)
    page = browser.new_context(viewport=viewport).new_page()
    response = page.goto(f"{live_server.url}/table/{old}/")
    assert response.status == 404
    expect(page.locator("h1")).to_have_text("Page not found")
    page.get_by_role("link", name=f"Back to {tournament.name}").click()
    expect(page).to_have_url(f"{live_server.url}/t/{tournament.slug}/")
    page.go_back()
    shot(page, f"404-table-link-{viewport['width']}")
    assert page.request.get(f"{live_server.url}/favicon.ico").status == 200  # the redirect, followed to the icon
    icon = page.locator('link[rel="icon"][type="image/svg+xml"]').get_attribute("href")
    assert page.request.get(f"{live_server.url}{icon}").status == 200

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(live_views.live_page, "answer", broken)  # the page itself, cached or not
    response = page.goto(f"{live_server.url}/t/{tournament.slug}/")
    assert response.status == 500
    expect(page.locator("h1")).to_have_text("Something went wrong")
    shot(page, f"500-{viewport['width']}")
    page.get_by_role("link", name="Back to the tournaments").click()
    expect(page.locator("h1")).to_have_text("Club rummy tournaments")
    page.context.close()
