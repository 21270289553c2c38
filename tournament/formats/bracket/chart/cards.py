"""A bracket's game cards, each cached by what it shows: a hand saved re-renders that game's card,
and the chart is put together from the cards of the others as they are.

A card's key is a digest of everything the card is made from (the game's row, its round's start,
its sides' rows with their teams' rows and players' names, the empty slot's placeholder, the
viewer being signed in, the tournament's slug and time zone, the language), so a card is never
behind the database: any change to what it shows is a new key. The whole page around the cards is
still keyed by the tournament's counter (tournament.core.live_page): what spans the event (a
division's champion, the header) is rendered with the page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from django.core.cache import cache
from django.db import models
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.safestring import mark_safe

from tournament.core import render_once
from tournament.models import Game, Tournament

TEMPLATE = "brackets/_game.html"
CARD_TIMEOUT = 24 * 3600  # only so that cards nobody shows leave the cache; never a staleness bound
KIND = "bracket-card"  # the render counter's name (tournament.core.render_once)


def _row(obj: models.Model | None) -> tuple:
    return () if obj is None else tuple(getattr(obj, f.attname) for f in obj._meta.concrete_fields)


def _shows(game: Game, tournament: Tournament, signed_in: bool) -> tuple:
    sides = tuple(
        (_row(side), _row(side.team), tuple(p.name for p in side.team.players.all()) if side.team else (), side.placeholder)
        for side in game.side_list
    )
    return (translation.get_language(), tournament.slug, tournament.time_zone, signed_in, _row(game),
            game.round.starts_at, sides)


def key(game: Game, tournament: Tournament, signed_in: bool) -> str:
    digest = hashlib.blake2b(repr(_shows(game, tournament, signed_in)).encode(), digest_size=16).hexdigest()
    return f"{KIND}:{digest}"


def fill(games: Iterable[Game], tournament: Tournament, user) -> None:
    """Give each game its rendered card (`game.card`): from the cache when unchanged, else rendered
    now and kept. One cache read for all the cards, one write for the new ones."""
    games = list(games)
    signed_in = bool(user and user.is_authenticated)
    keys = {game.pk: key(game, tournament, signed_in) for game in games}
    found = cache.get_many(list(keys.values()))
    fresh = {}
    for game in games:
        html = found.get(keys[game.pk])
        if html is None:
            html = render_to_string(TEMPLATE, {"game": game, "round": game.round, "tournament": tournament, "user": user})
            fresh[keys[game.pk]] = html
        game.card = mark_safe(html)
    if fresh:
        cache.set_many(fresh, CARD_TIMEOUT)
        render_once.count(KIND, len(fresh))
