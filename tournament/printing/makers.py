"""Every printed document by name and plain arguments (ids, the paper's key, a base URL), so that the
worker can make any of them (tournament.printing.handover) and the web process only hands the
request over. Importing this module imports WeasyPrint: the web process does so only when no worker
is there to make the document.
"""

from __future__ import annotations

from collections.abc import Callable

from tournament.models import Division, Game, Round, Tournament
from tournament.printing import data, documents, rules_summary, seating, table_results
from tournament.printing.paper import paper


def _chart(division_id: int, version: str, paper_key: str) -> bytes:
    division = Division.objects.select_related("tournament", "champion").get(pk=division_id)
    return documents.chart_pdf(division, version, paper(paper_key))


def _cards(round_id: int, paper_key: str, base_url: str) -> bytes:
    rnd = Round.objects.select_related("division__tournament").get(pk=round_id)
    return documents.table_cards_pdf(rnd, paper(paper_key), base_url)


def _day_cards(tournament_id: int, paper_key: str, base_url: str) -> bytes:
    return documents.day_cards_pdf(Tournament.objects.get(pk=tournament_id), paper(paper_key), base_url)


def _round_sheets(round_id: int, paper_key: str) -> bytes:
    rnd = Round.objects.select_related("division__tournament").get(pk=round_id)
    return documents.score_sheets_pdf(data.printable_games(rnd), paper(paper_key), rnd.division.tournament)


def _game_sheet(game_id: int, paper_key: str) -> bytes:
    tournament = Game.objects.select_related("division__tournament").get(pk=game_id).division.tournament
    return documents.score_sheets_pdf(data.games_of(pk=game_id), paper(paper_key), tournament)


def _blank_sheet(tournament_id: int, paper_key: str) -> bytes:
    return documents.score_sheets_pdf([], paper(paper_key), Tournament.objects.get(pk=tournament_id))


def _results(tournament_id: int, paper_key: str) -> bytes:
    return documents.results_pdf(Tournament.objects.get(pk=tournament_id), paper(paper_key))


def _table_results(tournament_id: int, paper_key: str) -> bytes:
    return table_results.table_results_pdf(Tournament.objects.get(pk=tournament_id), paper(paper_key))


def _rules(tournament_id: int, paper_key: str) -> bytes:
    return rules_summary.rules_summary_pdf(Tournament.objects.get(pk=tournament_id), paper(paper_key))


def _seating(tournament_id: int, number: int, order: str, paper_key: str) -> bytes:
    return seating.seating_pdf(Tournament.objects.get(pk=tournament_id), number, order, paper(paper_key))


MAKERS: dict[str, Callable[..., bytes]] = {
    "chart": _chart, "cards": _cards, "day-cards": _day_cards, "round-sheets": _round_sheets,
    "game-sheet": _game_sheet, "blank-sheet": _blank_sheet, "results": _results,
    "table-results": _table_results, "rules": _rules, "seating": _seating,
}


def make(kind: str, args: list) -> bytes:
    return MAKERS[kind](*args)

