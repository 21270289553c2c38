"""Every page of one event, found by following the links the pages show.

Three clients read the event: a visitor (anonymous), the organizer (logged in) and the table phone
(anonymous, starting from each table's own link). Each starts from a fixed list (the home, the
dashboard, the table links) and follows every same-site link of the event it finds: under
/t/<slug>/, /organizer/t/<slug>/, /table/<token>/ or /table/manage/<id>/ of one of its games
(the organizer's copy of the sheet). A page added later joins
the walk as soon as another page links to it. GETs only: a link never changes anything. Of pages
that differ only by ids of rows in the same state (two teams' pages, two tables in play), one is
read (tests/walks/kinds.py says which pages are alike).
"""

from __future__ import annotations

import contextlib
import html
import re
from dataclasses import dataclass, field
from unittest import mock
from urllib.parse import urldefrag, urlsplit

import weasyprint
from django.template.base import Template
from django.test import Client

from tests.walks.kinds import PageKinds
from tournament.models import Game, PastEvent, Player, Team, Tournament
from tournament.signups import entry_links

HREF = re.compile(r"""\bhref\s*=\s*["']([^"']+)["']""")
PDF = "application/pdf"
MAX_PAGES = 400  # per client and stage: a runaway of generated links fails loudly instead of hanging


@dataclass
class Fetched:
    url: str
    status: int
    content_type: str
    text: str = ""


@dataclass
class Crawl:
    pages: dict[str, Fetched] = field(default_factory=dict)

    def text(self, url: str) -> str:
        return self.pages[url].text if url in self.pages else ""

    def errors(self) -> list[str]:
        return [f"{p.status} {p.url} ({p.text})" for p in self.pages.values() if p.status >= 500]

    def bad_pdfs(self) -> list[str]:
        return [f"{p.status} {p.content_type} {p.url}" for p in self.pages.values()
                if urlsplit(p.url).path.endswith(".pdf") and (p.status != 200 or not p.content_type.startswith(PDF))]


def fixed_pages(tournament: Tournament) -> tuple[list[str], list[str], list[str]]:
    """(public, organizer, table) starting points."""
    slug = tournament.slug
    public = [f"/t/{slug}/{page}" for page in ("", "seating/", "standings/", "bracket/", "tv/", "find/", "join/",
                                                "signup/", "signup/done/", "teams/", "partners/", "net/", "net.txt",
                                                "calendar.ics")]
    organizer = [f"/organizer/t/{slug}/{page}" for page in (
        "", "players/", "partners/", "rounds/", "round-board/", "standings/", "draw/", "schedule/", "gameday/",
        "print/", "edit/", "organizers/", "rules/", "mail/", "announce/")]
    table = [f"/table/{token}/" for token in tokens(tournament)]
    public += entry_pages(tournament)
    club = club_slug(tournament)
    if club:  # the club's memory of the event: its public pages and the club's organizer pages
        public += [f"/clubs/{club}/", f"/clubs/{club}/ratings/", f"/clubs/{club}/honours/"]
        organizer += [f"/organizer/clubs/{club}/", f"/organizer/clubs/{club}/members/"]
        organizer += [f"/organizer/clubs/{club}/past/{pk}/" for pk in PastEvent.objects.filter(club__slug=club).values_list("pk", flat=True)]
    return public, organizer, table


def entry_pages(tournament: Tournament) -> list[str]:
    """An entrant's own change-or-withdraw page (its private link is e-mailed, never linked from a page)."""
    if tournament.format == "tables":
        player = Player.objects.filter(tournament=tournament, table_entry__isnull=False).order_by("pk").first()
        return [entry_links.path(tournament, player_id=player.pk)] if player else []
    team = Team.objects.filter(tournament=tournament).order_by("pk").first()
    return [entry_links.path(tournament, team_id=team.pk)] if team else []


def club_slug(tournament: Tournament) -> str:
    return Tournament.objects.filter(pk=tournament.pk).values_list("club__slug", flat=True).first() or ""


def tokens(tournament: Tournament) -> list[str]:
    return list(Game.objects.filter(division__tournament=tournament).order_by("pk").values_list("table_token", flat=True))


def _ours(url: str, slug: str, table_tokens: set[str], game_ids: set[str], club: str = "") -> bool:
    path = urlsplit(url).path
    if club and path.startswith((f"/clubs/{club}/", f"/organizer/clubs/{club}/")):
        return True
    if path.startswith((f"/t/{slug}/", f"/organizer/t/{slug}/")):
        return not path.endswith(("/export.json", "/download/"))  # a backup is a download, not a page
    if path.startswith("/table/manage/"):  # the organizer's copy of a sheet: /table/manage/<game id>/...
        parts = path.split("/")
        return len(parts) > 3 and parts[3] in game_ids
    if path.startswith("/table/"):
        parts = path.split("/")
        return len(parts) > 2 and parts[2] in table_tokens
    return False


def _where(trace) -> str:
    """The innermost frame of our own code in a traceback: where the server error happened."""
    where = ""
    while trace is not None:
        name = trace.tb_frame.f_code.co_filename
        if "/tournament/" in name or "/scoring/" in name:
            where = f"{name.split('/work/')[-1]}:{trace.tb_lineno}"
        trace = trace.tb_next
    return where


def client(user=None) -> Client:
    """A client that answers a server error as a 500 (to list them all) rather than raising."""
    found = Client(raise_request_exception=False)
    if user is not None:
        found.force_login(user)
    return found


def crawl(client: Client, tournament: Tournament, start: list[str], follow: tuple[str, ...] = ("/",),
          kinds: PageKinds | None = None) -> Crawl:
    """One page of every kind (tests/walks/kinds.py) reachable from `start` by links whose path
    begins with one of `follow`."""
    slug = tournament.slug
    table_tokens = set(tokens(tournament))
    game_ids = {str(pk) for pk in Game.objects.filter(division__tournament=tournament).values_list("pk", flat=True)}
    kinds = kinds or PageKinds(tournament)
    club = club_slug(tournament)
    found = Crawl()
    queue, seen, classified = [], set(), set()

    def add(url: str) -> None:
        if url in classified:  # a page links to the same URL many times: classify it once
            return
        classified.add(url)
        kind = kinds.of(url)
        if kind not in seen:
            seen.add(kind)
            queue.append(url)

    for url in start:
        add(url)
    while queue:
        url = queue.pop(0)
        assert len(found.pages) < MAX_PAGES, f"more than {MAX_PAGES} pages from {start[:3]}"
        response = client.get(url)
        kind = response.get("Content-Type", "")
        text = response.content.decode() if kind.startswith("text/html") else ""
        error = getattr(response, "exc_info", None)
        if response.status_code >= 500 and error:
            text = f"{error[0].__name__}: {error[1]} at {_where(error[2])}"
        found.pages[url] = Fetched(url, response.status_code, kind, text)
        for link in HREF.findall(text):
            link = urldefrag(html.unescape(link))[0]
            if link.startswith("http://testserver"):
                link = link.removeprefix("http://testserver")
            if link.startswith(follow) and _ours(link, slug, table_tokens, game_ids, club):
                add(link)
    return found


@dataclass
class Reading:
    visitor: Crawl
    organizer: Crawl
    phone: Crawl

    def errors(self) -> list[str]:
        return [f"{who}: {e}" for who, c in self.each() for e in c.errors()]

    def bad_pdfs(self) -> list[str]:
        return [f"{who}: {e}" for who, c in self.each() for e in c.bad_pdfs()]

    def each(self):
        return (("visitor", self.visitor), ("organizer", self.organizer), ("table phone", self.phone))

    def html(self):
        """(who, url, text) of every HTML page read."""
        for who, c in self.each():
            for page in c.pages.values():
                if page.text and page.status == 200:
                    yield who, page.url, page.text


def read_everything(tournament: Tournament, organizer) -> Reading:
    """Every page as the three clients. PDFs are not laid out (pdf_layout): a reading checks the pages
    and that every PDF view answers a PDF; tests/printing lays PDFs out."""
    public, organizer_pages, table = fixed_pages(tournament)
    kinds = PageKinds(tournament)
    with pdf_layout(real=False):
        return Reading(
            visitor=crawl(client(), tournament, public, kinds=kinds),
            # The public pages as the organizer sees them (logged in); the links they share with the
            # visitor's are followed by the visitor, and a table's own link (its page ignores who is
            # logged in) by the phone. The organizer's copy of each sheet is the organizer's.
            organizer=crawl(client(organizer), tournament, [*organizer_pages, *public],
                            follow=("/organizer/", "/table/manage/"), kinds=kinds),
            # One table link per state of game (the start list names every table; kinds keeps one of each).
            phone=crawl(client(), tournament, table, follow=("/table/",), kinds=kinds),
        )


# ---- what every stage must show -----------------------------------------------------------------

MEDAL_WORDS = ("Gold", "Silver", "Bronze")
PLAYOFF_OFFERS = ("Create the play-off", "Play-off needed", "a play-off will decide", "a play-off decides")
TAGS = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S)


def visible(text: str) -> str:
    return html.unescape(TAGS.sub(" ", text))


def problems(stage, tournament: Tournament, reading: Reading, *, tables: bool) -> list[str]:
    """What is wrong at this stage: server errors, PDFs that are not PDFs, medals or play-off offers
    before the deciding round is over, no "provisional" on standings still moving, no medals at the end."""
    found = reading.errors() + reading.bad_pdfs()
    standings_url = f"/t/{tournament.slug}/standings/"
    if tables and not stage.decided:
        for who, url, text in reading.html():
            words = visible(text)
            early = [w for w in MEDAL_WORDS + PLAYOFF_OFFERS if w in words]
            if early:
                found.append(f"{who}: {url} shows {early} before every table of the deciding round is done")
    if tables and stage.provisional and "Provisional" not in visible(reading.visitor.text(standings_url)):
        found.append(f"visitor: {standings_url} does not say the standings are provisional")
    found += house_rules_problems(tournament, reading)
    if stage.final:
        home = visible(reading.visitor.text(f"/t/{tournament.slug}/"))
        expected = "Gold" if tables else stage.champion
        if expected not in home:
            found.append(f"visitor: the home does not show {expected!r} at the end")
    return [f"[{stage.name}] {p}" for p in found]


def house_rules_problems(tournament: Tournament, reading: Reading) -> list[str]:
    """The house-rules page shows the numbers at every stage: open to change until a hand is saved,
    frozen (and saying so) from then on."""
    url = f"/organizer/t/{tournament.slug}/rules/"
    words = visible(reading.organizer.text(url))
    if "House rules of" not in words:
        return [f"organizer: {url} does not show the house rules"]
    played = Game.objects.filter(division__tournament=tournament, hands__isnull=False).exists()
    if played and "can no longer change" not in words:
        return [f"organizer: {url} does not say the numbers are frozen after a hand was saved"]
    if not played and "Save house rules" not in words:
        return [f"organizer: {url} does not let the numbers change before any hand"]
    return []


class _LaidOut:
    """What WeasyPrint's layout gives back, without laying anything out."""

    pages = [object()]

    def copy(self, pages):
        return self

    def write_pdf(self, *args, **kwargs) -> bytes:
        return b"%PDF-1.7 (not laid out in the walk)"


@contextlib.contextmanager
def pdf_layout(real: bool):
    """Real PDFs take about a second each to lay out (tests/printing lays them out), so the walk
    skips WeasyPrint's layout: every PDF view still gathers its data and renders its HTML template."""
    if real:
        yield
        return
    with mock.patch.object(weasyprint.HTML, "__init__", lambda self, *a, **k: None), \
            mock.patch.object(weasyprint.HTML, "render", lambda self, *a, **k: _LaidOut()), \
            mock.patch.object(weasyprint.HTML, "write_pdf", lambda self, *a, **k: _LaidOut().write_pdf()):
        yield


@contextlib.contextmanager
def uninstrumented_templates():
    """Templates rendered as in production. Under test, Django sends a signal with a copy of the
    context for every template rendered (for response.context), which the walk never reads; on a
    form page (the edit page renders a template per time-zone option) that is half the page's time."""
    with mock.patch.object(Template, "_render", lambda self, context: self.nodelist.render(context)):
        yield


def walk(stages, organizer, *, tables: bool, check_seats=None) -> list[str]:
    """Read every page at every stage; the problems found, stage by stage (empty: all well)."""
    found = []
    for stage, tournament in stages:
        reading = read_everything(tournament, organizer)
        found += problems(stage, tournament, reading, tables=tables)
        if check_seats:
            try:
                check_seats(tournament)
            except AssertionError as exc:
                found.append(f"[{stage.name}] seating: {exc}")
    return found
