"""Issue 39: the clubhouse TV at 1280×720 shows every game of each division's current round, at 64
and 128 teams, in Spanish: the bracket's pages take turns with the "now" panel, and over one turn
of the rotation every round-1 game is seen whole on the screen — boxes apart, the two names of a
box on lines of their own, every word of every name whole and in type a room can read (≥ 20 px).
The rotation runs on Playwright's clock (fast-forwarded, the page's own timers); each page is
photographed for a person to look at."""

import datetime as dt

import pytest
from django.utils import timezone

from tests.factories import TeamFactory, TournamentFactory
from tests.formats.bracket.draw.test_brackets_support import publish
from tests.live.events import start_with_a_hand
from tournament.formats.bracket import advancement
from tournament.models import Game, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = "/work/tmp/shots"
WIDTH, HEIGHT = 1280, 720
ROTATE_MS = 20_000

BASES = ("Tiburones", "Pelícanos", "Gaviotas", "Delfines", "Ballenas", "Cangrejos", "Marlines", "Tortugas",
         "Mantarrayas", "Langostas", "Pulpos", "Garzas", "Cormoranes", "Caracoles", "Sardinas", "Jureles")
LONG = ("Los Amigos del Malecón de Mazatlán", "Las Señoras de la Canasta de Todos Santos",
        "Club Náutico de La Paz y Anexas", "Los Jubilados Incansables de El Sargento")


def big_event(count: int) -> Tournament:
    """`count` teams with Spanish names (some long), both divisions drawn; a few games in play, one over."""
    tournament = TournamentFactory(name="Bayfest 2026", language="es",
                                   signup_deadline=timezone.now() - dt.timedelta(hours=1))
    base = timezone.now() - dt.timedelta(days=3)
    for i in range(count):
        name = LONG[i // 16 % len(LONG)] if i % 16 == 5 and i // 16 < len(LONG) else f"Los {BASES[i % 16]} {i // 16 + 1}"
        TeamFactory(tournament=tournament, name=name, created_at=base + dt.timedelta(minutes=i),
                    partners=(f"Begoña Ruiz {i}", f"Íñigo Peña {i}"))
    publish(tournament, "d1", seed=7)
    publish(tournament, "d2", seed=8)
    games = Game.objects.filter(division__tournament=tournament, division__kind__in=("d1", "d2"), round__number=1).order_by("division__kind", "number")
    for g in games[:8]:  # more in play than the "now" panel has room for: it says how many more
        start_with_a_hand(g)
    over = games[9]
    advancement.finish_game(over, over.sides.order_by("slot").first().team, reason="score")
    return tournament


SEEN = """() => {
  const frame = document.getElementById("tv");
  const panel = frame.querySelector(".tv-panel.tv-on");
  const area = panel.getBoundingClientRect();
  const inside = (r) => r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight
    && r.top >= area.top && r.bottom <= area.bottom + 0.5;
  const problems = [];
  const boxes = [...panel.querySelectorAll(".tv-box")].map((box) => ({box, r: box.getBoundingClientRect()}));
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i].r, b = boxes[j].r, gap = 4;
    if (a.left < b.right + gap && b.left < a.right + gap && a.top < b.bottom + gap && b.top < a.bottom + gap)
      problems.push(`boxes ${boxes[i].box.id} and ${boxes[j].box.id} touch`);
  }
  for (const {box} of boxes) {
    const sides = [...box.querySelectorAll(".tv-box-side")].map((s) => s.getBoundingClientRect());
    for (let k = 1; k < sides.length; k++) if (sides[k].top < sides[k - 1].bottom - 0.5)
      problems.push(`${box.id}: names run together`);
    for (const name of box.querySelectorAll(".tv-name")) {
      const size = parseFloat(getComputedStyle(name).fontSize);
      if (size < 20) problems.push(`${box.id}: ${name.textContent} at ${size}px`);
      const text = name.firstChild;
      if (!text || text.nodeType !== 3) continue;
      const words = text.data.matchAll(/\\S+/g);
      for (const word of words) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        if (range.getClientRects().length !== 1) problems.push(`${box.id}: "${word[0]}" broken in "${text.data}"`);
      }
      if (name.scrollWidth > name.clientWidth + 1) problems.push(`${box.id}: ${text.data} wider than its box`);
    }
  }
  // The "now" panel's cards: a name is never squeezed into lines beside its total ("Los / Tiburones 4",
  // "Los Pulpos / 1"); a total that leaves it no room goes under it.
  for (const side of panel.querySelectorAll(".tv-side")) {
    const name = side.querySelector("bdi"), total = side.querySelector(".total");
    if (!name || !total || !name.firstChild) continue;
    const range = document.createRange();
    range.selectNodeContents(name);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    const n = name.getBoundingClientRect(), t = total.getBoundingClientRect();
    if (lines > 1 && t.top < n.bottom - 1 && t.left >= n.right - 1) problems.push(`"${name.textContent}" squeezed beside its total`);
  }
  for (const clock of panel.querySelectorAll("[data-countdown]")) {
    if (!/^(\\d+\\s(d|h|min)\\b.*|menos\\sde\\s1\\smin)$/.test(clock.textContent)) problems.push(`a clock reads "${clock.textContent}"`);
  }
  for (const item of panel.querySelectorAll(".tv-game, #tv-more-playing, .tv-list li")) {
    if (!inside(item.getBoundingClientRect())) problems.push(`${panel.dataset.panel}: "${item.textContent.trim().slice(0, 40)}" cut off`);
  }
  return {panel: panel.dataset.panel, label: panel.getAttribute("aria-label"),
          whole: boxes.filter(({r}) => inside(r)).map(({box}) => box.id),
          cut: boxes.filter(({r}) => !inside(r)).map(({box}) => box.id), problems};
}"""


@pytest.fixture
def tv_screen(browser):
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, locale="es-MX")
    page = context.new_page()
    page.clock.install()
    yield page
    context.close()


@pytest.mark.parametrize("count", [64, 128])
def test_every_first_round_game_is_seen_whole_within_one_rotation(live_server, tv_screen, count):
    tournament = big_event(count)
    first_round = {f"tv-box-{pk}" for pk in Game.objects.filter(
        division__tournament=tournament, division__kind__in=("d1", "d2"), round__number=1).exclude(status=Game.Status.BYE).values_list("pk", flat=True)}
    assert len(first_round) == count  # count / 2 games in each of the two divisions
    page = tv_screen
    page.goto(f"{live_server.url}/t/{tournament.slug}/tv/")
    assert page.locator("html").get_attribute("lang") == "es"
    panels = page.locator(".tv-panel").count()
    seen, visited = set(), []
    for turn in range(panels):
        state = page.evaluate(SEEN)
        assert not state["problems"], state["problems"]
        assert not state["cut"], f"{state['panel']}: cut off {state['cut']}"
        visited.append(state["panel"])
        seen.update(state["whole"])
        page.screenshot(path=f"{SHOTS}/tv39-{count}-{turn}-{state['panel']}.png")
        page.clock.run_for(ROTATE_MS)
    assert len(set(visited)) == panels  # one turn of the rotation shows each panel once
    assert first_round <= seen, f"never seen whole: {sorted(first_round - seen)[:10]}…"
    assert "Y 4 partidas más en juego" in page.content()  # the "now" panel: four cards, and the rest counted
    # Spanish throughout; a page of a round too big for one screen says which of its games it holds.
    assert "partidas 1–11 de" in page.content()
