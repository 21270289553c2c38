"""Issue 39 wordings on a Spanish phone (390 px): the "Quién cerró" buttons of the table page keep
every word of a team's name whole ("Los Tiburones", never "Tiburone/s"); the connection line's clock
is written as every other clock on the page ("03:27", not "3:27:05")."""

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from tests.factories import TeamFactory, TournamentFactory
from tests.formats.bracket.draw.test_brackets_support import publish, teams_of
from tournament.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"

WORDS_WHOLE = """(selector) => {
  const broken = [];
  for (const el of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      for (const word of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        if (range.getClientRects().length > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""


@pytest.fixture
def spanish_phone(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="es-MX")
    yield context.new_page()
    context.close()


def test_the_who_went_out_buttons_never_break_a_word(live_server, spanish_phone):
    tournament = TournamentFactory(name="Bayfest 2026", language="es", signup_deadline=timezone.now() - dt.timedelta(hours=1))
    for name in ("Los Tiburones", "Los Cormoranes", "Las Mantarrayas", "Los Pelícanos"):
        TeamFactory(tournament=tournament, name=name)
    publish(tournament, "d1", seed=1)
    g = Game.objects.filter(division__tournament=tournament, division__kind="d1", round__number=1).first()
    Game.objects.filter(pk=g.pk).update(status=Game.Status.IN_PLAY, started_at=timezone.now(),
                                        time_limit_at=timezone.now() + tournament.game_time_limit)
    page = spanish_phone
    page.goto(f"{live_server.url}/table/{g.table_token}/")
    expect(page.locator("fieldset.choice legend", has_text="Quién cerró")).to_be_visible()
    names = [t.name for t in teams_of(g)]
    for name in names:
        expect(page.locator("label.segment", has_text=name).first).to_be_visible()
    assert page.evaluate(WORDS_WHOLE, "label.segment span") == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("fieldset.choice:has(legend:text-is('Quién cerró'))").screenshot(path=f"{SHOTS}/wording39-went-out-390.png")
    # One clock shape: the phone's "last reached the server" line writes its time as the server
    # writes every clock (Spanish "03:27", never "3:27:05"), in the tournament's zone.
    status = page.locator("#net-status")
    expect(status).to_have_text(re.compile(r"^Conectado · .* (\d\d):\d\d$"))
    hour = int(re.search(r"(\d\d):\d\d$", status.inner_text()).group(1))
    local = timezone.now().astimezone(tournament.tz)
    assert hour in (local.hour, (local.hour - 1) % 24)
