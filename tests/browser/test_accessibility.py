"""WCAG 2.2 AA on every kind of page, at 390 px (issue 16, "older eyes and hands"):

- axe-core finds no violation of the WCAG 2.0/2.1/2.2 A and AA rules on any page, public or organizer;
- on the pages used on a phone, every tap target (link, button, field, tick box with its label,
  summary) is at least 44 × 44 CSS px — links inside a sentence are exempt (WCAG 2.5.8) — the body
  text is at least 16 px and bracket names at least 14 px;
- at 320 CSS px wide (a 640 px phone screen at 200 % zoom) no page scrolls sideways: only explicit
  wide tables and the bracket scroll inside their own box.

One browser and one page go through all of them, so the whole walk stays near a minute."""

import os

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from tests.browser import a11y_pages
from tournament.models import GameSide, Player

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
AXE = Axe()
# Pages a person looks at in the screenshots (/work/tmp/shots/a11y-<page>-<width>.png).
KEY_PAGES = {"home-in-play", "bracket", "signup-errors", "partners", "team", "table-check-in", "table-with-hands",
             "sheet", "where-do-i-sit", "standings", "board", "round-board"}

# Small targets, as "what: width×height". A link with words right beside it in its parent is inline
# in running text (exempt); a tick box or radio counts with its label, as a tap on the label ticks it.
SMALL_TARGETS = r"""() => {
  const seen = el => el.offsetParent !== null && getComputedStyle(el).visibility !== 'hidden';
  const box = el => el.getBoundingClientRect();
  // Inside a sentence: words (not just "·" or spaces) stand right beside the link in its parent.
  const inSentence = a => [...a.parentElement.childNodes].some(
    node => node !== a && node.nodeType === Node.TEXT_NODE && /\p{L}{2}/u.test(node.textContent));
  const labelOf = input => input.closest('label') || (input.id && document.querySelector(`label[for="${input.id}"]`));
  const out = [];
  for (const el of document.querySelectorAll('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
    if (!seen(el)) continue;
    if (el.matches('a') && inSentence(el)) continue;
    let target = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) {
      const label = labelOf(el);
      if (label && seen(label)) target = label;
    }
    const r = box(target);
    if (r.width < 43.5 || r.height < 43.5) {
      const name = (el.getAttribute('aria-label') || el.textContent || el.name || el.id || '').trim().slice(0, 30);
      out.push(`${el.tagName.toLowerCase()} "${name}": ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return out;
}"""

SMALL_TEXT = """() => {
  const out = [];
  const body = parseFloat(getComputedStyle(document.body).fontSize);
  if (body < 16) out.push(`body text ${body}px`);
  for (const el of document.querySelectorAll('.bracket .name, .bracket .side small, .lv-name, .lv-side small')) {
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (el.offsetParent !== null && size < 14) out.push(`bracket name "${el.textContent.trim()}" ${size}px`);
  }
  return out;
}"""


def axe_violations(page) -> list[str]:
    results = AXE.run(page, options={"runOnly": {"type": "tag", "values": WCAG_AA}})
    found = []
    for violation in results.response["violations"]:
        nodes = "; ".join(" ".join(node["target"]) for node in violation["nodes"][:4])
        found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} — {nodes}")
    return found


def shot(page, name, width):
    if name in KEY_PAGES and os.path.isdir(SHOTS):
        page.screenshot(path=f"{SHOTS}/a11y-{name}-{width}.png", full_page=True)


def check(page, name, phone, problems):
    """axe at 390 px; on phone pages the tap targets and text sizes; then the sideways scroll at 320 px."""
    shot(page, name, 390)
    for finding in axe_violations(page):
        problems.append(f"{name}: axe {finding}")
    if phone:
        problems.extend(f"{name}: small target {target}" for target in page.evaluate(SMALL_TARGETS))
        problems.extend(f"{name}: {text}" for text in page.evaluate(SMALL_TEXT))
    page.set_viewport_size({"width": 320, "height": 640})
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > 320:
        problems.append(f"{name}: scrolls sideways at 320 px ({wide} px wide)")
    shot(page, name, 320)
    page.set_viewport_size({"width": 390, "height": 844})


def visit(page, base, name, path, phone, problems):
    page.goto(base + path)
    page.wait_for_load_state()
    check(page, name, phone, problems)


def report(problems):
    assert not problems, f"{len(problems)} accessibility problems:\n" + "\n".join(problems)


@pytest.fixture
def organizer(transactional_db):
    return get_user_model().objects.create_user("organizer", password=a11y_pages.PASSWORD)


def test_every_page_meets_wcag_aa_at_390_px(live_server, phone, organizer):
    a11y_pages.build(organizer)
    base = live_server.url
    problems = []
    for name, path, on_phone in a11y_pages.public_pages():
        visit(phone, base, name, path, on_phone, problems)

    # The sign-up form with its errors shown (the browser's own checks off, as an old phone has none).
    phone.goto(f"{base}/t/demo-signups/signup/")
    phone.evaluate("document.querySelectorAll('form').forEach(f => f.noValidate = true)")
    phone.locator("main form button[type=submit]").first.click()
    expect(phone.locator(".errorlist").first).to_be_visible()
    check(phone, "signup-errors", True, problems)

    # Where do I sit: the seating page with a player found.
    phone.goto(f"{base}/t/demo-club/seating/")
    # (the club demo's seating is its play-off now: someone playing in it)
    side = GameSide.objects.filter(game__division__tournament__slug="demo-club", game__round__number=2).first()
    playoff_player = Player.objects.filter(team_id=side.team_id).order_by("pk").first()
    phone.fill("#find-name", playoff_player.name.lower())
    phone.get_by_role("button", name="Find").click()
    expect(phone.locator(".tp-found")).to_be_visible()
    check(phone, "where-do-i-sit", True, problems)

    # The organizer's pages, logged in through the ordinary form.
    phone.goto(f"{base}/accounts/login/")
    phone.fill("#id_username", "organizer")
    phone.fill("#id_password", a11y_pages.PASSWORD)
    phone.locator("main button[type=submit]").first.click()
    expect(phone).not_to_have_url(f"{base}/accounts/login/")
    for name, path, on_phone in a11y_pages.organizer_pages():
        visit(phone, base, name, path, on_phone, problems)
    report(problems)
