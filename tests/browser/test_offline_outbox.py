"""The table phone (390 px) through dead Wi-Fi: the browser context is really offline (no mocked
fetch). A hand saved offline is kept on the phone, survives a reload offline (the service worker's
copy of the page), and is sent by itself when the connection returns — once, in hand order; a
refusal or another phone's hand of the same number is shown with the queued values; a resend after
a lost answer saves nothing new."""

import os
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.browser.dead_wifi import go_offline
from tests.browser.shown_totals import points
from tests.browser.test_scoring_table import choose, step, total_of
from tests.formats.bracket.draw.test_brackets_support import game, published, teams_of
from tournament.models import Game, GameSide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = os.environ.get("MELDBOARD_SCREENSHOTS")  # a folder: save the pages for a person to look at
PHONE = {"width": 390, "height": 844}


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"offline-{name}.png"), full_page=True)


@pytest.fixture
def table(live_server):
    """A game in play: (sheet URL, game, side A's name, side B's name)."""
    tournament, _ = published(4, slug="marina", name="Marina Cup")
    g = game(tournament, "d1", 1, 1)
    Game.objects.filter(pk=g.pk).update(status=Game.Status.IN_PLAY, started_at=timezone.now(),
                                        time_limit_at=timezone.now() + tournament.game_time_limit)
    a, b = (t.name for t in teams_of(g))
    return f"{live_server.url}/table/{g.table_token}/", g, a, b


def open_sheet(page, url):
    """The sheet, once the service worker has kept it for a reload offline."""
    page.goto(url)
    expect(page.locator("#outbox[data-kept='1']")).to_have_count(1)


def enter(page, a, b, *, melded_a, melded_b, left=10, twos_a=0):
    """A hand nobody went out of: each side scores melded − left (A may have books of twos)."""
    choose(page, "Who is entering", a)
    choose(page, "Who went out", "Nobody")
    page.fill("#id_s1_melded_points", str(melded_a))
    page.fill("#id_s1_left_points", str(left))
    page.fill("#id_s2_melded_points", str(melded_b))
    page.fill("#id_s2_left_points", str(left))
    step(page, a, "Books of 2s", twos_a)


def totals(g):
    return list(GameSide.objects.filter(game=g).order_by("slot").values_list("total", flat=True))


def kept(page):
    return page.locator(".outbox-item")


def test_a_hand_saved_offline_survives_a_reload_and_is_saved_once_online(table, phone, context):
    url, g, a, b = table
    open_sheet(phone, url)
    go_offline(context, phone)
    enter(phone, a, b, melded_a=560, melded_b=310)
    expect(phone.locator("#preview")).to_contain_text("the preview and the totals update when it returns")
    phone.get_by_role("button", name="Save hand 1").click()
    expect(kept(phone)).to_contain_text("Hand 1 — on this phone, not sent yet")
    expect(kept(phone)).to_contain_text(f"{a}: melded points 560 · left points 10")
    expect(phone.locator("#hand-form h2")).to_have_text("Enter hand 2")
    expect(phone.locator("#net-status")).to_contain_text("No connection")
    shot(phone, "kept-390")
    assert not Hand.objects.exists()

    phone.reload()  # still offline: the service worker's copy of the page, and the outbox
    expect(phone.locator("meta[name=kept-copy]")).to_have_count(1)
    expect(kept(phone)).to_have_count(1)
    expect(kept(phone)).to_contain_text("Hand 1 — on this phone, not sent yet")
    expect(kept(phone)).to_contain_text(f"{b}: melded points 310")
    expect(phone.locator("#net-status")).to_contain_text("No connection · last reached the server")
    expect(total_of(phone, a)).to_have_text(points("0"))
    expect(phone.get_by_role("button", name="Save hand 2")).to_be_visible()
    shot(phone, "reloaded-390")

    context.set_offline(False)
    expect(total_of(phone, a)).to_have_text(points("550"))
    expect(total_of(phone, b)).to_have_text(points("300"))
    expect(kept(phone)).to_have_count(0)
    expect(phone.locator("#net-status")).to_contain_text("Connected")
    shot(phone, "back-online-390")
    assert Hand.objects.filter(game=g).count() == 1 and totals(g) == [550, 300]


def test_two_hands_kept_offline_are_saved_in_hand_order(table, phone, context):
    url, g, a, b = table
    open_sheet(phone, url)
    go_offline(context, phone)
    enter(phone, a, b, melded_a=560, melded_b=310)
    phone.get_by_role("button", name="Save hand 1").click()
    enter(phone, a, b, melded_a=1060, melded_b=110)
    phone.get_by_role("button", name="Save hand 2").click()
    expect(kept(phone)).to_have_count(2)
    expect(kept(phone).nth(0)).to_contain_text("Hand 1")
    expect(kept(phone).nth(1)).to_contain_text("Hand 2 — on this phone, not sent yet")
    expect(kept(phone).nth(1)).to_contain_text(f"{a}: melded points 1060")
    expect(phone.get_by_role("button", name="Save hand 3")).to_be_visible()
    shot(phone, "two-kept-390")

    context.set_offline(False)
    expect(total_of(phone, a)).to_have_text(points("1,600"))
    expect(kept(phone)).to_have_count(0)
    saved = {h.number: h.result["sides"][0]["hand_score"] for h in Hand.objects.filter(game=g)}
    assert saved == {1: 550, 2: 1050} and totals(g) == [1600, 400]
    expect(phone.locator("#hand-2 .hand-score").first).to_have_text("+1,050")


def test_a_kept_hand_the_server_refuses_is_shown_with_its_values_to_fix(table, phone, context):
    url, g, a, b = table
    open_sheet(phone, url)
    go_offline(context, phone)
    enter(phone, a, b, melded_a=560, melded_b=310)
    choose(phone, "Who went out", a)  # without a book of twos: only the server can tell
    phone.get_by_role("button", name="Save hand 1").click()
    expect(kept(phone)).to_contain_text("not sent yet")

    context.set_offline(False)
    refused = phone.locator(".outbox-item.outbox-refused")
    expect(refused).to_contain_text("Hand 1 — not saved: the server refused it")
    expect(refused).to_contain_text(f"{a}: went out without a book of twos")
    expect(refused).to_contain_text(f"{a}: melded points 560 · left points 10")
    expect(refused).to_contain_text(f"{a} went out")
    expect(phone.locator("#net-status")).to_contain_text("Connected")
    shot(phone, "refused-390")
    assert not Hand.objects.exists()

    refused.get_by_role("button", name="Fix hand 1").click()  # the values go back into the form
    expect(phone.locator("#id_s1_melded_points")).to_have_value("560")
    expect(phone.locator("fieldset.choice:has(legend:text-is('Who went out')) input:checked")).to_have_value("1")
    choose(phone, "Who went out", "Nobody")  # the fix: nobody had gone out yet
    phone.get_by_role("button", name="Save hand 1").click()
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    expect(kept(phone)).to_have_count(0)
    assert Hand.objects.filter(game=g).count() == 1 and totals(g) == [550, 300]


def test_two_phones_keep_the_same_hand_number_one_is_saved_the_other_is_a_conflict(table, phone, context, browser):
    url, g, a, b = table
    other = browser.new_context(viewport=PHONE)
    violations = []
    other.on("console", lambda m: m.type == "error" and "Content Security Policy" in m.text and violations.append(m.text))
    second = other.new_page()
    second.on("dialog", lambda dialog: dialog.accept())
    open_sheet(phone, url)
    open_sheet(second, url)
    go_offline(context, phone)
    go_offline(other, second)
    enter(phone, a, b, melded_a=560, melded_b=310)
    phone.get_by_role("button", name="Save hand 1").click()
    enter(second, b, a, melded_a=60, melded_b=1010)
    second.get_by_role("button", name="Save hand 1").click()
    expect(kept(phone)).to_have_count(1)
    expect(kept(second)).to_have_count(1)

    context.set_offline(False)
    expect(total_of(phone, a)).to_have_text(points("550"))
    other.set_offline(False)
    conflict = second.locator(".outbox-item.outbox-conflict")
    expect(conflict).to_contain_text("Hand 1 — not saved: the sheet changed on another phone")
    expect(conflict).to_contain_text("was just saved from another phone")
    expect(conflict).to_contain_text(f"{b}: melded points 1010")
    shot(second, "conflict-390")
    assert Hand.objects.filter(game=g).count() == 1 and totals(g) == [550, 300]

    conflict.get_by_role("button", name="Drop").click()  # it was the same hand, typed twice
    expect(kept(second)).to_have_count(0)
    expect(second.locator("#hand-form h2")).to_have_text("Enter hand 2")  # the sheet's next, not hand 1 again
    second.reload()
    expect(total_of(second, a)).to_have_text(points("550"))
    assert Hand.objects.filter(game=g).count() == 1
    other.close()
    assert not violations


def test_a_hand_whose_answer_was_lost_is_resent_and_saves_nothing_new(table, phone, context):
    url, g, a, b = table
    open_sheet(phone, url)
    reached_server = []

    def answer_lost(route):
        reached_server.append(route.fetch().status)  # the server saves the hand…
        route.abort("internetdisconnected")  # …and the phone never hears it

    phone.route("**/hands/", answer_lost)
    enter(phone, a, b, melded_a=560, melded_b=310)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(kept(phone)).to_contain_text("Hand 1 — on this phone, not sent yet")
    assert reached_server == [200] and Hand.objects.filter(game=g).count() == 1
    shot(phone, "answer-lost-390")

    phone.unroute("**/hands/")
    expect(kept(phone)).to_have_count(0, timeout=20_000)  # the retry timer resends it
    expect(total_of(phone, a)).to_have_text(points("550"))
    expect(phone.locator(".msg")).to_contain_text("Hand 1 was already saved")
    assert Hand.objects.filter(game=g).count() == 1 and totals(g) == [550, 300]


def test_a_confirmation_and_a_correction_made_offline_wait_on_the_phone_too(table, phone, context):
    url, g, a, b = table
    hands.submit(g, number=1, values=[td.values(melded=560, left=10), td.values(melded=310, left=10)], key="k1", entered_by=a)
    open_sheet(phone, url)
    go_offline(context, phone)
    phone.get_by_role("button", name=f"{b}: confirm").click()
    expect(kept(phone)).to_contain_text(f"Hand 1 confirmed by {b} — on this phone, not sent yet")
    expect(phone.get_by_role("button", name=f"{b}: confirm")).to_be_hidden()
    context.set_offline(False)
    expect(phone.locator("#hand-1 .badge.ok")).to_contain_text(b)
    expect(kept(phone)).to_have_count(0)
    assert Hand.objects.get(game=g).confirmed_by == b

    phone.locator("#hand-1 + tr").get_by_role("link", name="Correct").click()
    expect(phone.locator("#outbox[data-kept='1']")).to_have_count(1)
    go_offline(context, phone)
    choose(phone, "Who is entering", b)
    phone.fill("#id_s2_left_points", "60")
    phone.fill("#id_reason", "left points miscounted")
    phone.get_by_role("button", name="Save correction").click()
    expect(phone).to_have_url(url)  # the sheet, from the phone's copy
    expect(kept(phone)).to_contain_text("Correction of hand 1 — on this phone, not sent yet")
    expect(kept(phone)).to_contain_text("Why: left points miscounted")
    expect(phone.locator(".msg")).to_have_count(0)  # not the old "Hand 1 confirmed" the copy came with
    expect(total_of(phone, b)).to_have_text(points("300"))
    shot(phone, "correction-kept-390")
    context.set_offline(False)
    expect(total_of(phone, b)).to_have_text(points("250"))
    expect(kept(phone)).to_have_count(0)
    assert Hand.objects.get(game=g).version == 2 and totals(g) == [550, 250]


def hand_posts(page, record):
    """The phone's hand posts pass while `record["up"]` and are refused at the phone's door (as dead
    Wi-Fi does, with the browser still saying it is online) otherwise; the numbers that passed go to
    record["sent"]."""

    def route(route):
        if not record["up"]:
            return route.abort("internetdisconnected")
        record["sent"].append(int(dict(p.split("=", 1) for p in route.request.post_data.split("&"))["number"]))
        route.continue_()

    page.route("**/hands/", route)


def test_a_hand_saved_while_an_earlier_one_waits_is_sent_after_it_once(table, phone, context):
    url, g, a, b = table
    open_sheet(phone, url)
    record = {"up": False, "sent": []}
    hand_posts(phone, record)
    enter(phone, a, b, melded_a=560, melded_b=310)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(kept(phone)).to_contain_text("Hand 1 — on this phone, not sent yet")
    enter(phone, a, b, melded_a=1060, melded_b=110)
    record["up"] = True  # the Wi-Fi is back just before the tap, before the retry timer notices
    phone.get_by_role("button", name="Save hand 2").click()
    # Hand 2 waits for hand 1's answer, then a reload: on a loaded two-core CI machine that took over 5 s.
    expect(total_of(phone, a)).to_have_text(points("1,600"), timeout=15_000)
    expect(kept(phone)).to_have_count(0)
    expect(phone.locator(".refused")).to_have_count(0)
    assert record["sent"] == [1, 2]  # hand 1 first, each once: no second sender beside the tap
    saved = {h.number: h.result["sides"][0]["hand_score"] for h in Hand.objects.filter(game=g)}
    assert saved == {1: 550, 2: 1050} and totals(g) == [1600, 400]


def settle(page, ms=250):
    """Let the page's requests reach this test's route handlers (they run while Playwright is called)."""
    page.wait_for_timeout(ms)


def test_a_kept_hand_is_tried_again_backing_off_and_when_the_page_is_back_online_or_opened(table, phone, context):
    url, g, a, b = table
    phone.clock.install()  # the retry timer's 5 s, 10 s… without waiting for them
    open_sheet(phone, url)
    tries = []
    phone.route("**/hands/", lambda route: (tries.append(1), route.abort("internetdisconnected")))
    enter(phone, a, b, melded_a=560, melded_b=310)
    phone.get_by_role("button", name="Save hand 1").click()
    expect(kept(phone)).to_contain_text("Hand 1 — on this phone, not sent yet")
    settle(phone)
    assert len(tries) == 1
    phone.clock.run_for(4000)
    settle(phone)
    assert len(tries) == 1
    phone.clock.run_for(1500)  # 5 s after the tap
    settle(phone)
    assert len(tries) == 2
    phone.clock.run_for(6000)  # backing off: the next try is 10 s after that one
    settle(phone)
    assert len(tries) == 2
    phone.clock.run_for(4500)
    settle(phone)
    assert len(tries) == 3
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the phone is looked at again
    settle(phone)
    assert len(tries) == 4
    phone.evaluate("window.dispatchEvent(new Event('online'))")
    settle(phone)
    assert len(tries) == 5 and not Hand.objects.exists()

    phone.unroute("**/hands/")
    phone.reload()  # the page opened again sends what it keeps
    expect(total_of(phone, a)).to_have_text(points("550"))
    expect(kept(phone)).to_have_count(0)
    assert Hand.objects.filter(game=g).count() == 1 and totals(g) == [550, 300]


def test_offline_the_kept_page_shows_the_last_sheet_and_clock_and_polling_rests(table, phone, context):
    url, g, a, b = table
    hands.submit(g, number=1, values=[td.values(melded=560, left=10), td.values(melded=310, left=10)], key="k1", entered_by=a)
    phone.clock.install()
    polls, dialogs = [], []
    context.on("request", lambda r: r.method == "GET" and r.url.endswith(("/live/", "/status/")) and polls.append(r.url))
    phone.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_sheet(phone, url)
    go_offline(context, phone)
    phone.reload()
    expect(phone.locator("meta[name=kept-copy]")).to_have_count(1)
    expect(phone.locator("#hand-1")).to_contain_text("+550")  # the last known hands and totals
    expect(total_of(phone, a)).to_have_text(points("550"))
    expect(total_of(phone, b)).to_have_text(points("300"))
    expect(phone.locator("#game-status .countdown")).to_have_text(re.compile(r"^\d+\s(h|min)\b"))  # the clock still counts
    expect(phone.locator("#net-status")).to_contain_text("No connection · last reached the server")
    polls.clear()
    phone.clock.run_for(120_000)  # two minutes of dead Wi-Fi: no poll tried, nothing pops up
    settle(phone)
    assert polls == [] and dialogs == []
    expect(phone.locator("#outbox-list")).to_be_hidden()
    context.set_offline(False)
    phone.clock.run_for(25_000)
    settle(phone)
    assert polls, "polling resumes when the connection returns"
    expect(phone.locator("#net-status")).to_contain_text("Connected")


def test_the_next_hand_typed_while_a_confirmation_is_on_its_way_is_not_lost(table, phone, context):
    url, g, a, b = table
    hands.submit(g, number=1, values=[td.values(melded=560, left=10), td.values(melded=310, left=10)], key="k1", entered_by=a)
    open_sheet(phone, url)
    held = []  # the confirmation's answer waits until the next hand is half typed
    phone.route("**/hands/1/confirm/", lambda route: held.append(route))
    phone.get_by_role("button", name=f"{b}: confirm").click()
    while not held:
        phone.wait_for_timeout(50)
    enter(phone, a, b, melded_a=1060, melded_b=110)
    held[0].continue_()
    expect(phone.locator("#hand-1 .badge.ok")).to_contain_text(b)
    expect(phone.locator("#id_s1_melded_points")).to_have_value("1060")
    phone.get_by_role("button", name="Save hand 2").click()
    expect(total_of(phone, a)).to_have_text(points("1,600"))
    assert Hand.objects.get(game=g, number=1).confirmed_by == b and totals(g) == [1600, 400]
