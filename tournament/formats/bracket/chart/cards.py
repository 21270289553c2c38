"""A bracket's game cards, each cached by what it shows: a hand saved re-renders that game's card,
and the chart is put together from the cards of the others as they are
(tournament.formats.bracket.chart.assembly).

A card's key is a digest of everything the card is made from (the game's row, its round's start,
its sides' rows with their teams' rows and players' names, what the empty slot's placeholder is
made from, the viewer being signed in, the tournament's slug and time zone, the language), so a
card is never behind the database: any change to what it shows is a new key. The whole page around
the cards is still keyed by the tournament's counter (tournament.core.live_page): what spans the
event (a division's champion, the header) is rendered with the page.
"""

from __future__ import annotations

from django.template.loader import render_to_string

from tournament.models import Game, Tournament

TEMPLATE = "brackets/_game.html"
CARD_TIMEOUT = 24 * 3600  # only so that cards nobody shows leave the cache; never a staleness bound
KIND = "bracket-card"  # the render counter's name (tournament.core.render_once)


def render(game: Game, tournament: Tournament, user) -> str:
    """One card, from a game loaded by prefetch.bracket (sides, teams, players, round, placeholders)."""
    return render_to_string(TEMPLATE, {"game": game, "round": game.round, "tournament": tournament, "user": user})
