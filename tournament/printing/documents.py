"""The printed documents: each function returns the bytes of a PDF.

Callers that serve them go through tournament.printing.cache, which keeps a PDF until the data
behind it changes; these functions always render.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
from collections.abc import Callable, Iterable

import segno
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from weasyprint import HTML

from tournament.common.stored_words import stored_name
from tournament.core import formats as event_formats
from tournament.core.language import in_tournament_language
from tournament.models import Division, Game, Round, Tournament
from tournament.printing import charts, data, score_sheet
from tournament.printing.paper import Paper

# WeasyPrint reports each layout step at INFO; a server log needs none of it.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

CARD_CHUNK = 8  # table cards rendered per step when a task reports progress (each step parses the style sheets again)
QR_TIMEOUT = 30 * 24 * 3600  # a link's code never changes: the timeout only lets unused ones go


def _render(template: str, context: dict) -> HTML:
    return HTML(string=render_to_string(template, context), base_url=".")


def _pdf(template: str, context: dict) -> bytes:
    return _render(template, context).write_pdf()


# ---- charts ------------------------------------------------------------------------------------

def chart_sheets(division: Division, version: str, paper: Paper, now: dt.datetime | None = None) -> list[charts.Sheet]:
    width, height = paper.size(landscape=True)
    return charts.layout(data.chart_data(division, version, now=now), width, height - 1)


def chart_pdf(division: Division, version: str, paper: Paper, now: dt.datetime | None = None) -> bytes:
    """A division's (or the final's) bracket chart, landscape: "posting" or "current"."""
    with in_tournament_language(division.tournament):
        sheets = chart_sheets(division, version, paper, now)
        return _pdf("print/chart.html", {
            "title": _("%(division)s chart") % {"division": stored_name(division.name)},
            "page_size": paper.css_size(landscape=True), "sheets": sheets,
        })


# ---- table cards -------------------------------------------------------------------------------

def qr_data_uri(link: str) -> str:
    """The link's QR code as a PNG of one pixel a module, which the cards print unsmoothed
    (`image-rendering: pixelated`): square modules at any size, and a fraction of the time an SVG
    path of every module takes WeasyPrint to draw. Kept in the cache by the link it encodes (a
    table's link changes only when its token does), so cards printed again skip the encoding."""
    key = "qr-png:" + hashlib.blake2b(link.encode(), digest_size=16).hexdigest()
    found = cache.get(key)
    if found is None:
        found = segno.make(link, error="m").png_data_uri(scale=1, border=4, dark="#000")
        cache.set(key, found, QR_TIMEOUT)
    return found


def _card_context(games: list[Game], paper: Paper, base_url: str, tournament: Tournament, tight: bool = False) -> dict:
    cards = []
    for game in games:
        info = data.game_info(game, base_url)
        info.qr = qr_data_uri(info.link)
        info.positions = event_formats.of_game(game).seat_positions(game)
        info.length = _name_length(info)
        cards.append(info)
    return {
        "title": _("Table cards"), "page_size": paper.css_size(), "cards": cards, "tournament": tournament,
        "base_size": round(11 * paper.width / 612, 1), "printed": data.printed_at(tournament), "tight": tight,
    }


def _name_length(card) -> str:
    """"long" or "longer" when the card's names need smaller type to stay whole on its one page."""
    team = max((len(str(s.name)) for s in card.sides), default=0)
    players = max((len(str(s.players)) for s in card.sides), default=0)
    if team > 40 or players > 80:
        return "longer"
    return "long" if team > 24 or players > 44 else ""


def _cards(games: list[Game], paper: Paper, base_url: str, tournament: Tournament):
    """The rendered cards, one page each: a card that still runs onto a second page (a name longer
    than the sizes foresee) is set again in the tightest type rather than cut."""
    document = _render("print/table_cards.html", _card_context(games, paper, base_url, tournament)).render()
    if games and len(document.pages) > len(games):
        document = _render("print/table_cards.html", _card_context(games, paper, base_url, tournament, tight=True)).render()
    return document


def table_cards_pdf(rnd: Round, paper: Paper, base_url: str, progress: Callable[[int, int], None] | None = None) -> bytes:
    """One card per game of a round that is played at a table: a page each.

    With `progress`, the cards are rendered a few at a time and progress(done, total) is called
    after each step; the pages are then put together into one PDF.
    """
    tournament = rnd.division.tournament
    with in_tournament_language(tournament):
        return _table_cards(rnd, tournament, paper, base_url, progress)


def _table_cards(rnd: Round, tournament: Tournament, paper: Paper, base_url: str, progress) -> bytes:
    games = data.printable_games(rnd)
    if not games:
        return _pdf("print/table_cards.html", _card_context([], paper, base_url, tournament))
    if progress is None:
        return _cards(games, paper, base_url, tournament).write_pdf()
    documents = []
    total = len(games)
    progress(0, total)
    for start in range(0, total, CARD_CHUNK):
        chunk = games[start:start + CARD_CHUNK]
        documents.append(_cards(chunk, paper, base_url, tournament))
        progress(min(start + CARD_CHUNK, total), total)
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf()


def day_cards_pdf(tournament: Tournament, paper: Paper, base_url: str) -> bytes:
    """Every table card of the event, round after round (a play-off too), in one PDF: one print run."""
    with in_tournament_language(tournament):
        rounds = Round.objects.filter(division__tournament=tournament).select_related("division").order_by(
            "starts_at", "division__kind", "number")
        games = [game for rnd in rounds for game in data.printable_games(rnd)]
        if not games:
            return _pdf("print/table_cards.html", _card_context(games, paper, base_url, tournament))
        return _cards(games, paper, base_url, tournament).write_pdf()


# ---- score sheets ------------------------------------------------------------------------------

def score_sheets_pdf(games: Iterable[Game], paper: Paper, tournament: Tournament) -> bytes:
    """The paper backup of the table app: one score sheet per game, one page each, with a column
    group per side (2 to 6); with no game, one sheet with blank headings for the most sides a table seats."""
    with in_tournament_language(tournament):
        infos = [data.game_info(g) for g in games]
        sheets = [{"game": info, "shape": score_sheet.shape(tournament, len(info.sides), paper,
                                                            [(str(side.name), side.players) for side in info.sides])}
                  for info in infos] or [
            {"game": None, "shape": score_sheet.shape(tournament, score_sheet.blank_sides(tournament), paper)}]
        return _pdf("print/score_sheet.html", {
            "title": _("Score sheets"), "page_size": paper.css_size(), "sheets": sheets, "tournament": tournament,
            "rules": data.sheet_rules(tournament), "base_size": round(10 * paper.width / 612, 1),
            "printed": data.printed_at(tournament),
        })


# ---- results -----------------------------------------------------------------------------------

def results_pdf(tournament: Tournament, paper: Paper, now: dt.datetime | None = None) -> bytes:
    with in_tournament_language(tournament):
        champion, divisions = data.results(tournament)
        return _pdf("print/results.html", {
            "title": _("%(tournament)s results") % {"tournament": tournament.name}, "page_size": paper.css_size(),
            "tournament": tournament, "champion": champion, "divisions": divisions,
            "base_size": round(10 * paper.width / 612, 1), "printed": data.printed_at(tournament, now or timezone.now()),
        })
