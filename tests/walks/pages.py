"""Every page of one event, found by following the links the pages show.

Three clients read the event: a visitor (anonymous), the organizer (logged in) and the table phone
(anonymous, starting from each table's own link). Each starts from the list of the event's pages
(tests/walks/listed.py, which the day machines read after every step) and follows every same-site
link of the event it finds: under /t/<slug>/, /organizer/t/<slug>/, /table/<token>/ or
/table/manage/<id>/ of one of its games (the organizer's copy of the sheet), or its club's. A page
reached by a link whose kind the list lacks is reported (`unlisted`), so a new page is listed once and
read by both. GETs only: a link never changes anything. Of pages
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
from django.urls import Resolver404, resolve

from tests.walks import listed
from tests.walks.kinds import PageKinds
from tournament.models import Game, Tournament

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


def client(user=None, language: str = "en") -> Client:
    """A client that answers a server error as a 500 (to list them all) rather than raising, its
    browser asking for `language`."""
    found = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        found.force_login(user)
    return found


def crawl(client: Client, tournament: Tournament, start: list[str], follow: tuple[str, ...] = ("/",),
          kinds: PageKinds | None = None, always: list[str] = ()) -> Crawl:
    """One page of every kind (tests/walks/kinds.py) reachable from `start` by links whose path
    begins with one of `follow`, and every page of `always` whatever its kind."""
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
    queue += [url for url in always if url not in queue]
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


def read_everything(tournament: Tournament, organizer, language: str = "en") -> Reading:
    """Every page listed (tests/walks/listed.py) and every page their links reach, one of each kind,
    as the three clients. PDFs are not laid out (pdf_layout): a reading checks the pages and that
    every PDF view answers a PDF; tests/printing lays PDFs out."""
    listing = listed.event_pages(tournament, organizer)
    kinds = PageKinds(tournament)
    with pdf_layout(real=False):
        return Reading(
            visitor=crawl(client(language=language), tournament, listing.visitor, kinds=kinds),
            # The public pages as the organizer sees them (logged in); the links they share with the
            # visitor's are followed by the visitor, and a table's own link (its page ignores who is
            # logged in) by the phone. The organizer's copy of each sheet is the organizer's.
            organizer=crawl(client(organizer, language=language), tournament, listing.organizer,
                            follow=("/organizer/", "/table/manage/"), kinds=kinds),
            # One table link per state of game (the start list names every table; kinds keeps one of each).
            phone=crawl(client(language=language), tournament, listing.phone, follow=("/table/",), kinds=kinds),
        )


def read_listed(tournament: Tournament, organizer, language: str = "en", half: int | None = None) -> Reading:
    """Every page listed (tests/walks/listed.py), one of each kind (tests/walks/kinds.py), and every
    table's own page; no link followed. What the day machines read after every step.

    `half` (0 or 1): of the public pages as the organizer sees them (logged in), every other one,
    from that one on; read in turn, each is read every other step (the visitor reads them all)."""
    listing = listed.event_pages(tournament, organizer)
    kinds = PageKinds(tournament)
    none = ("#",)  # follow no link
    public = set(listing.visitor)
    mine = [url for url in listing.organizer if url not in public]
    shared = [url for url in listing.organizer if url in public]
    organizer_pages = mine + (shared if half is None else shared[half::2])
    own = [url for url in listing.phone if url.count("/") == 3]  # /table/<token>/: each table's phone
    with pdf_layout(real=False):
        return Reading(visitor=crawl(client(language=language), tournament, listing.visitor, none, kinds),
                       organizer=crawl(client(organizer, language=language), tournament, organizer_pages, none, kinds),
                       phone=crawl(client(language=language), tournament, listing.phone, none, kinds, always=own))


def view_of(url: str) -> str:
    try:
        return resolve(urlsplit(url).path).view_name
    except Resolver404:
        return url


def unlisted(tournament: Tournament, reading: Reading) -> list[str]:
    """Pages reached by a link whose view the list of the event's pages lacks (tests/walks/listed.py):
    the day machines read only what is listed, so a new page must be listed to be read after every step."""
    listing = listed.event_pages(tournament)
    found = []
    for (who, crawled), (_, urls) in zip(reading.each(), listing.each()):
        views = {view_of(url) for url in urls}
        found += [f"{who}: {p.url} is reached by a link but no page of its kind is in tests/walks/listed.py"
                  for p in crawled.pages.values() if p.status == 200 and view_of(p.url) not in views]
    return found


def not_answered(reading: Reading, tournament: Tournament, organizer=None) -> list[str]:
    """Listed pages that did not answer 200."""
    listing = listed.event_pages(tournament, organizer)
    found = []
    for (who, crawled), (_, urls) in zip(reading.each(), listing.each()):
        found += [f"{who}: {p.status} {p.url}" for p in crawled.pages.values() if p.url in urls and p.status != 200]
    return found


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
        found += [f"[{stage.name}] {p}" for p in not_answered(reading, tournament, organizer) + unlisted(tournament, reading)]
        if check_seats:
            try:
                check_seats(tournament)
            except AssertionError as exc:
                found.append(f"[{stage.name}] seating: {exc}")
    return found
