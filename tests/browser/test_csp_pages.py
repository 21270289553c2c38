"""Pages whose buttons had inline onclick handlers, under the Content-Security-Policy: the questions
are still asked (and "Cancel" still sends nothing), pairing still fills its form, and the log-in
lock is explained on the page. The conftest guard fails any test that sees a CSP violation."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_gameday_board import log_in
from tests.factories import PlayerFactory, TeamFactory, UserFactory
from tournament.models import PartnerPost, Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_withdraw_asks_first_and_pair_them_sends_the_two_ticked_players(live_server, page, organizer, tournament):
    team = TeamFactory(tournament=tournament, name="O'Neil & Sons")
    for name in ("Yolanda Tate", "Zack Vega", "Ward Hill"):
        PartnerPost.objects.create(player=PlayerFactory(tournament=tournament, name=name))
    log_in(page, live_server, organizer)
    response = page.goto(f"{live_server.url}/organizer/t/{tournament.slug}/")
    assert "script-src 'self'" in response.headers["content-security-policy"]

    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.get_by_role("button", name="Withdraw").click()
    expect(page.get_by_role("button", name="Withdraw")).to_be_visible()
    assert asked == ["Withdraw O'Neil & Sons?"]
    team.refresh_from_db()
    assert team.withdrawn_at is None

    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Withdraw").click()
    expect(page.locator(".msg")).to_be_visible()
    team.refresh_from_db()
    assert team.withdrawn_at is not None

    page.get_by_label("Yolanda Tate").check()
    page.get_by_label("Ward Hill").check()
    page.get_by_role("button", name="Pair them").click()
    expect(page.locator(".msg-success")).to_contain_text("Paired")
    paired = Team.objects.exclude(pk=team.pk).get(tournament=tournament)
    assert sorted(paired.players.values_list("name", flat=True)) == ["Ward Hill", "Yolanda Tate"]


def test_a_locked_log_in_says_why_on_the_log_in_page(live_server, page):
    UserFactory(username="ana")
    page.goto(f"{live_server.url}/accounts/login/")
    for n in range(5):
        page.get_by_label("Username").fill("ana")
        page.get_by_label("Password").fill(f"guess-{n}")
        page.get_by_role("button", name="Log in").click()
    page.get_by_label("Username").fill("ana")
    page.get_by_label("Password").fill("pass-word-123")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_have_text(
        "Too many failed log-ins for this account from this address. Try again in 15 minutes, "
        "or ask another organizer/admin to unlock it.")
    expect(page.get_by_role("link", name="Meldboard")).to_be_visible()  # inside the site's layout
