"""The live public pages in a browser: the home through an event's life at 390 px and 1280 px
(open, drawn, in play, finished) updating itself, a team's page found by name, and the clubhouse
TV at 1920x1080 turning between its panels with no mouse."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.browser.shown_totals import points
from tests.formats.bracket.draw.test_brackets_support import game
from tests.gameday.test_advancement_engine import play_out
from tests.live.events import draw_both, signed_up, start_with_a_hand
from tournament.events import demo_tables
from tournament.formats.bracket import advancement
from tournament.models import Team

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"
WIDTHS = (390, 1280)


def shot(page, name, full_page=True):
    try:
        page.screenshot(path=f"{SHOTS}/live15-{name}.png", full_page=full_page)
    except OSError:
        pass  # no folder to keep them in: the test is what counts


def both_widths(page, url, name, check):
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 844 if width < 1000 else 900})
        page.goto(url)
        check(page)
        shot(page, f"home-{name}-{width}")


def test_the_home_follows_the_event_from_sign_ups_to_the_champion(live_server, page):
    tournament = signed_up(slug="bayfest", name="Bayfest 2026")
    url = f"{live_server.url}/t/bayfest/"

    def open_(p):
        expect(p.get_by_role("link", name="Sign up a team")).to_be_visible()
        expect(p.locator("#deadline")).to_contain_text("Closes in")
        expect(p.locator("#playing-now")).to_have_count(0)
    both_widths(page, url, "open", open_)

    draw_both(tournament)

    def drawn(p):
        expect(p.locator("#deadline")).to_have_count(0)
        expect(p.locator("#playing-now")).to_be_visible()
        expect(p.locator("section:has(#next-games) .lv-game").first).to_contain_text("Table 1")
        expect(p.locator(".lv-find select option")).to_have_count(9)
    both_widths(page, url, "drawn", drawn)

    # In play: the open page shows the game arrive, with its totals and a clock that counts down.
    page.evaluate("window.__sameDocument = true")
    playing = start_with_a_hand(game(tournament, "d1", 1, 1))
    card = page.locator(f"section:has(#playing-now) #live-game-{playing.pk}")
    expect(card).to_be_visible(timeout=20_000)
    expect(card.locator(".total").first).to_have_text(points("935"))
    clock = card.locator(".lv-clock")
    # Written by the page's JS from the server's time (the server sends "…"), in minutes, never seconds.
    expect(clock).to_have_text(re.compile(r"^2\sh\s[0-5]\d\smin$"))
    # And counted on without a reload: a countdown 61 s away says "1 min", then "less than 1 min".
    page.evaluate("""() => { const el = document.createElement("span"); el.id = "probe";
        el.dataset.countdown = new Date(Date.now() + 61_000).toISOString(); document.body.appendChild(el); }""")
    expect(page.locator("#probe")).to_have_text(re.compile(r"^1\smin$"))
    expect(page.locator("#probe")).to_have_text(re.compile(r"^less\sthan\s1\smin$"), timeout=8000)
    assert page.evaluate("window.__sameDocument") is True
    first = game(tournament, "d1", 1, 2)
    advancement.finish_game(first, first.sides.order_by("slot").first().team, reason="score")
    both_widths(page, url, "in-play", lambda p: expect(p.locator(f"section:has(#results) #live-game-{first.pk}")).to_be_visible())

    # The sheet is a tap away.
    page.goto(url)
    page.locator(f"#live-game-{playing.pk}").get_by_role("link", name="Live score sheet").click()
    expect(page).to_have_url(f"{live_server.url}/t/bayfest/games/{playing.pk}/sheet/")

    advancement.finish_game(playing, playing.sides.order_by("slot").first().team, reason="score")
    for kind in ("d1", "d2", "final"):
        play_out(tournament, kind)
    champion = tournament.divisions.get(kind="final").champion

    def finished(p):
        expect(p.locator(".lv-champion")).to_contain_text(champion.name)
        top = p.locator(".lv-champion").bounding_box()["y"]
        assert top < p.locator("#results").bounding_box()["y"]
    both_widths(page, url, "finished", finished)


def test_find_my_team_on_a_phone_and_share_its_page(live_server, phone):
    tournament = draw_both(signed_up(slug="bayfest", name="Bayfest 2026"))
    playing = start_with_a_hand(game(tournament, "d1", 1, 1))
    owls = Team.objects.get(tournament=tournament, name="Owls")
    phone.goto(f"{live_server.url}/t/bayfest/")
    phone.fill("#find-name", "eva chen")
    phone.get_by_role("button", name="Go").click()
    expect(phone).to_have_url(f"{live_server.url}/t/bayfest/team/{owls.pk}/")
    expect(phone.locator("h1")).to_contain_text("Owls")
    expect(phone.locator("#next")).to_contain_text("Table")
    expect(phone.locator("#next")).to_contain_text("Against")
    shot(phone, "team-390")
    phone.goto(f"{live_server.url}/t/bayfest/")
    phone.select_option("#find-entrant", label=playing.sides.order_by("slot").first().team.name)
    phone.get_by_role("button", name="Go").click()
    expect(phone.locator("#next")).to_contain_text("Live score sheet")
    phone.set_viewport_size({"width": 1280, "height": 900})
    shot(phone, "team-playing-1280")


def test_the_tv_turns_between_the_round_and_the_bracket_without_a_mouse(live_server, page):
    tournament = draw_both(signed_up(slug="bayfest", name="Bayfest 2026"))
    playing = start_with_a_hand(game(tournament, "d1", 1, 1))
    done = game(tournament, "d1", 1, 2)
    advancement.finish_game(done, done.sides.order_by("slot").last().team, reason="score")
    page.clock.install()
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/t/bayfest/tv/")
    now, bracket = page.locator('.tv-panel[data-panel="now"]'), page.locator('.tv-panel[data-panel="bracket-1"]')
    expect(now).to_be_visible()
    expect(bracket).to_be_hidden()
    expect(now.locator(f"#tv-game-{playing.pk}")).to_contain_text("Table 1")
    expect(now.locator(f"#tv-result-{done.pk}")).to_be_visible()
    assert page.evaluate("getComputedStyle(document.body).cursor") == "none"
    assert float(page.evaluate("parseFloat(getComputedStyle(document.querySelector('.tv-side')).fontSize)")) >= 30
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080  # one screen, nothing to scroll
    shot(page, "tv-now-1920", full_page=False)
    page.clock.run_for(21_000)
    expect(bracket).to_be_visible()
    expect(now).to_be_hidden()
    expect(bracket.locator(".tv-group")).to_have_count(2)  # both first rounds on one page (the final on the next)
    shot(page, "tv-bracket-1920", full_page=False)
    page.clock.run_for(20_000)
    expect(page.locator('.tv-panel[data-panel="bracket-2"]')).to_be_visible()  # the final's page
    page.clock.run_for(20_000)
    expect(now).to_be_visible()


def test_a_table_events_tv_and_home(live_server, page, django_user_model):
    event = demo_tables.create_rummikub(timezone.now(), django_user_model.objects.create(username="org"),
                                       first_round_only=True)
    page.clock.install()
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{live_server.url}/t/{event.slug}/tv/")
    expect(page.locator('.tv-panel[data-panel="now"] li.tv-game')).to_have_count(5)
    shot(page, "tv-tables-1920", full_page=False)
    page.clock.run_for(21_000)
    expect(page.locator('.tv-panel[data-panel="standings"]')).to_be_visible()
    shot(page, "tv-standings-1920", full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/t/{event.slug}/")
    expect(page.locator("section:has(#playing-now) .lv-game")).to_have_count(5)
    shot(page, "home-tables-in-play-390")
