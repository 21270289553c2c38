"""The chart put together from its game cards, reading the models only for the cards it must render.

A card's key is a digest of what the card shows (tournament.formats.bracket.chart.cards). Working
it out from model objects cost more than the render it saved: a 64-team division is ~800 objects
built and hung together (most of a chart's 100 ms). Here the same rows are read as plain tuples
(`values_list` of every concrete field), the keys are made
from those, and only the games whose card is not in the cache are loaded as models
(prefetch.bracket, `only`) and rendered. The page around the cards needs each game's card and its
clock moments only (`ChartGame`).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.db import models
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from tournament.core import render_once
from tournament.formats.bracket.chart import cards, prefetch
from tournament.models import Division, Game, GameSide, Player, Round, Team, Tournament


@dataclass
class ChartGame:
    """What the page around the cards reads of a game: its card, and its clock (the next clock turn)."""
    pk: int
    status: str
    starts_at: dt.datetime | None
    no_show_at: dt.datetime | None
    time_limit_at: dt.datetime | None
    card: SafeString = mark_safe("")

    @property
    def is_done(self) -> bool:
        return self.status in Game.DONE


def _fields(model: type[models.Model]) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields]


def _rows(queryset, model) -> list[dict]:
    names = _fields(model)
    return [dict(zip(names, values)) for values in queryset.values_list(*names)]


def _placeholder_facts(game: dict, side: dict, kind: str, games: dict[int, dict]) -> tuple:
    """What an empty slot's words are made from (prefetch._placeholder says them in the page's language)."""
    feeder = games.get(side["fed_by_id"])
    return (side["is_bye"], kind == Division.Kind.FINAL, side["slot"],
            (feeder["status"], feeder["number"]) if feeder else None)


def chart(tournament: Tournament, kinds: tuple[str, ...] | None, user) -> list[Division]:
    """The published divisions, each with `round_list`, each round with `game_list` (ChartGame, card filled)."""
    divisions = Division.objects.filter(tournament=tournament, published_at__isnull=False).select_related("champion")
    rounds = Round.objects.filter(division__tournament=tournament, division__published_at__isnull=False)
    games = Game.objects.filter(division__tournament=tournament, division__published_at__isnull=False)
    if kinds:
        divisions, rounds, games = (q.filter(**{("kind" if q.model is Division else "division__kind") + "__in": kinds})
                                    for q in (divisions, rounds, games))
    divisions = sorted(divisions, key=lambda d: prefetch.KIND_ORDER[d.kind])
    kind_of = {d.pk: d.kind for d in divisions}
    round_list = list(rounds.order_by("number"))
    game_rows = _rows(games.order_by("round__number", "number"), Game)
    by_pk = {g["id"]: g for g in game_rows}
    side_rows = _rows(GameSide.objects.filter(game__in=games).order_by("game_id", "slot"), GameSide)
    team_ids = {s["team_id"] for s in side_rows if s["team_id"]}
    teams = {t["id"]: t for t in _rows(Team.objects.filter(pk__in=team_ids), Team)}
    players: dict[int, list[str]] = defaultdict(list)
    for team, name in Player.objects.filter(team__in=team_ids).order_by("created_at", "id").values_list("team_id", "name"):
        players[team].append(name)
    sides_of: dict[int, list[dict]] = defaultdict(list)
    for side in side_rows:
        sides_of[side["game_id"]].append(side)
    starts = {r.pk: r.starts_at for r in round_list}

    signed_in = bool(user and user.is_authenticated)
    language = translation.get_language()
    keys = {}
    for g in game_rows:
        kind = kind_of[g["division_id"]]
        shows = (language, tournament.slug, tournament.time_zone, signed_in, tuple(g.values()), starts[g["round_id"]],
                 tuple((tuple(s.values()), tuple(teams[s["team_id"]].values()) if s["team_id"] else (),
                        tuple(players[s["team_id"]]) if s["team_id"] else (),
                        _placeholder_facts(g, s, kind, by_pk)) for s in sides_of[g["id"]]))
        keys[g["id"]] = f"{cards.KIND}:{hashlib.blake2b(repr(shows).encode(), digest_size=16).hexdigest()}"
    found = cache.get_many(list(keys.values()))
    missing = [pk for pk, key in keys.items() if key not in found]
    if missing:
        loaded = [g for d in prefetch.bracket(tournament, kinds=kinds, only=missing) for r in d.round_list for g in r.game_list]
        fresh = {keys[g.pk]: cards.render(g, tournament, user) for g in loaded}
        cache.set_many(fresh, cards.CARD_TIMEOUT)
        render_once.count(cards.KIND, len(fresh))
        found.update(fresh)

    by_round: dict[int, list[ChartGame]] = defaultdict(list)
    for g in game_rows:
        by_round[g["round_id"]].append(ChartGame(g["id"], g["status"], g["starts_at"], g["no_show_at"], g["time_limit_at"],
                                                 mark_safe(found.get(keys[g["id"]], ""))))
    prefetch.hang(divisions, round_list, by_round)
    return divisions
