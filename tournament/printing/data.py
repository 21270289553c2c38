"""What the printed documents say, read from the database in a few queries.

Everything is turned into plain values here — names, local times as text, scores as text — so
the layouts (charts.py) and templates never query or convert time zones themselves.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

import rules
from rules.presets import get_preset
from tournament.common import durations
from tournament.common.localtime import clock, day_and_clock  # noqa: F401 (views print with them too)
from tournament.common.names import STORED_JOINER, joined
from tournament.common.numbers import points_text, side_total_text  # noqa: F401 (table_results prints with points_text too)
from tournament.common.stored_words import reason, stored_name
from tournament.core import formats as event_formats
from tournament.core import seat_state
from tournament.models import Division, Game, GameSide, Player, Round, Team, Tournament
from tournament.printing.charts import ChartData, ChartGame, ChartRound, ChartSide

POSTING = "posting"
CURRENT = "current"
VERSIONS = {POSTING: gettext_lazy("For posting"), CURRENT: gettext_lazy("Current results")}
SEATING_ORDERS = ("table", "name")  # a seating chart by table or by name A-Z


# ---- time in the tournament's zone -------------------------------------------------------------

def printed_at(tournament: Tournament, now: dt.datetime | None = None) -> str:
    now = now or timezone.now()
    return _("printed %(when)s (%(zone)s time)") % {"when": day_and_clock(tournament, now), "zone": tournament.zone_words}


def duration_text(value: dt.timedelta) -> str:
    """“2 h 30 min”, as every page writes a length (tournament.common.durations)."""
    return durations.length(value)


# ---- loading -----------------------------------------------------------------------------------

def _sides_prefetch() -> Prefetch:
    return Prefetch(
        "sides",
        queryset=GameSide.objects.select_related("team", "player", "fed_by__division", "fed_by__round").prefetch_related(
            Prefetch("team__players", queryset=Player.objects.order_by("created_at", "id"))
        ).order_by("slot"),
    )


def games_of(**filters) -> list[Game]:
    """Games with their sides, teams and partners, in chart order: three queries, whatever the size."""
    return list(
        Game.objects.filter(**filters)
        .select_related("round", "division__tournament", "winner")
        .prefetch_related(_sides_prefetch(), "substitutions")
        .order_by("division__kind", "round__number", "number")
    )


def players_text(team: Team | None) -> str:
    return joined(p.name for p in team.players.all()) if team else ""


def feeder_text(side: GameSide) -> str:
    """Who will fill an empty slot: 'Division 1 winner', or 'Winner of table 3'."""
    feeder = side.fed_by
    if feeder is None:
        return ""
    if feeder.division_id != side.game.division_id:
        return _("%(division)s winner") % {"division": stored_name(feeder.division.name)}
    if feeder.table_number:
        return _("Winner of %(round)s table %(table)s") % {"round": str(feeder.round), "table": feeder.table_number}
    return _("Winner of %(round)s game %(number)s") % {"round": str(feeder.round), "number": feeder.number}


# ---- charts ------------------------------------------------------------------------------------

def _chart_side(side: GameSide, game: Game, version: str, is_final: bool) -> ChartSide:
    if side.is_bye:
        return ChartSide(bye=True)
    first_round = game.round.number == 1
    fed_by_bye = side.fed_by is not None and side.fed_by.status == Game.Status.BYE
    shown = side.team is not None and (version == CURRENT or (first_round and not is_final) or fed_by_bye)
    hint = feeder_text(side) if is_final and not shown else ""
    if not shown:
        return ChartSide(hint=hint)
    won = lost = False
    score = ""
    if version == CURRENT and game.status in Game.DONE and game.status != Game.Status.BYE:
        won = game.winner_id is not None and game.winner_id == side.team_id
        lost = not won and game.status != Game.Status.NOT_NEEDED
        if game.status == Game.Status.FINISHED:
            score = side_total_text(side)
        elif game.status in (Game.Status.FORFEIT, Game.Status.DOUBLE_FORFEIT) and lost:
            score = {Game.Reason.WALKOVER: _("walkover"),
                     Game.Reason.WITHDRAWN: pgettext("chart: the team that withdrew", "withdrew")}.get(
                game.result_reason, _("forfeit"))
    elif version == CURRENT and game.status in (Game.Status.IN_PLAY, Game.Status.AWAITING_DECISION):
        score = side_total_text(side)
    return ChartSide(name=side.team.name, players=players_text(side.team), score=score, won=won, lost=lost)


def _game_note(game: Game, version: str) -> str:
    if version != CURRENT:
        return ""
    return {
        Game.Status.DOUBLE_FORFEIT: _("no winner"),
        Game.Status.NOT_NEEDED: _("not needed"),
        Game.Status.IN_PLAY: _("in play"),
        Game.Status.AWAITING_DECISION: _("level: organizer decides"),
    }.get(game.status, "")


def chart_data(division: Division, version: str = POSTING, now: dt.datetime | None = None) -> ChartData:
    if version not in VERSIONS:
        raise ValueError(f"Chart version “{version}” is not one of {', '.join(VERSIONS)}.")
    tournament = division.tournament
    is_final = division.kind == event_formats.of(tournament).final_kind
    rounds = {r.pk: r for r in Round.objects.filter(division=division).order_by("number")}
    by_round: dict[int, list[Game]] = {pk: [] for pk in rounds}
    for game in games_of(division=division):
        by_round[game.round_id].append(game)
    chart_rounds = []
    for pk, rnd in rounds.items():
        games = []
        for game in by_round[pk]:
            sides = list(game.sides.all())[:2]
            while len(sides) < 2:
                sides.append(GameSide(game=game, slot=len(sides), is_bye=True))
            own_time = game.status != Game.Status.BYE and game.starts_at and rnd.starts_at and game.starts_at != rnd.starts_at
            games.append(ChartGame(
                sides=tuple(_chart_side(s, game, version, is_final) for s in sides),
                table=None if game.status == Game.Status.BYE else game.table_number,
                when=day_and_clock(tournament, game.starts_at) if own_time else "",
                note=_game_note(game, version),
            ))
        chart_rounds.append(ChartRound(title=str(rnd), when=day_and_clock(tournament, rnd.starts_at), games=tuple(games)))
    champion = ChartSide()
    if version == CURRENT and division.champion_id:
        champion = ChartSide(name=division.champion.name, won=True)
    if version == POSTING:
        instructions = _("Winners: write your team name on the next line before the next game's posted time.")
    else:
        instructions = _("Results as of %(when)s") % {"when": day_and_clock(tournament, now or timezone.now())}
    name = stored_name(division.name)
    return ChartData(
        title=name,
        event=" · ".join(x for x in (tournament.name, tournament.venue) if x),
        version=str(VERSIONS[version]),
        instructions=instructions,
        footer=_("%(event)s · %(division)s · times are %(zone)s time · %(printed)s") % {
            "event": tournament.name, "division": name, "zone": tournament.zone_words, "printed": printed_at(tournament, now)},
        rounds=tuple(chart_rounds),
        champion=champion,
        champion_title=_("Champion") if is_final else _("%(division)s winner") % {"division": name},
    )


# ---- table cards and score sheets --------------------------------------------------------------

@dataclass
class SideInfo:
    name: str
    players: str
    known: bool
    state: str = ""  # absent, arrived late, withdrawn, substitute playing (tournament.core.seat_state); '' when present


@dataclass
class GameInfo:
    pk: int
    table: int | None
    division: str
    round: str
    number: int
    sides: list[SideInfo]
    starts: str
    no_show: str
    limit: str  # the day and clock time the limit falls: "sáb 14 mar, 12:30"
    limit_length: str
    started: str = ""  # the actual start once the game is under way (its limit counts from it), else ""
    link: str = ""
    qr: str = ""  # an SVG data URI
    no_show_rule: str = "a team not here by then forfeits"
    positions: list = field(default_factory=list)  # table rounds: who sits where (North / Seat 2)


def no_show_rule(game: Game, sides: list[GameSide]) -> str:
    """What happens to a side not seated by the no-show deadline, in words for the table card: the
    format's (a table round's absent player or partnership forfeits its place), else the team forfeits."""
    return event_formats.of_game(game).no_show_words(game, sides) or _("a team not here by then forfeits")


def game_info(game: Game, base_url: str = "") -> GameInfo:
    tournament = game.division.tournament
    sides = []
    game_sides = list(game.sides.all())
    substitutions = list(game.substitutions.all())
    for side in game_sides:
        if side.is_bye:
            sides.append(SideInfo(_("BYE"), "", False))
        elif side.team_id:
            # A partnership named after its players (table rounds) is not named twice.
            who = "" if set(side.team.name.split(STORED_JOINER)) == {p.name for p in side.team.players.all()} else players_text(side.team)
            sides.append(SideInfo(side.team.name, who, True, seat_state.marked_words(side, substitutions)))
        elif side.player_id:  # a table round's side of one player
            sides.append(SideInfo(side.player.name, "", True, seat_state.marked_words(side, substitutions)))
        else:
            sides.append(SideInfo("", feeder_text(side), False))
    starts = game.starts_at or game.round.starts_at
    limit_at = game.time_limit_at or (starts + tournament.game_time_limit if starts else None)
    no_show_at = game.no_show_at or (starts + tournament.no_show_grace if starts else None)
    return GameInfo(
        pk=game.pk,
        table=game.table_number,
        division=stored_name(game.division.name),
        round=game.round_words,  # "" for the final, whose round only repeats its name
        number=game.number,
        sides=sides,
        starts=day_and_clock(tournament, starts),
        no_show=clock(tournament, no_show_at) if no_show_at else "",
        limit=day_and_clock(tournament, limit_at) if limit_at else "",
        limit_length=duration_text(_game_length(game, tournament)),
        started=day_and_clock(tournament, game.started_at) if game.started_at else "",
        link=table_link(game, base_url) if base_url else "",
        no_show_rule=no_show_rule(game, game_sides),
    )


def _game_length(game: Game, tournament: Tournament) -> dt.timedelta:
    """This game's own limit: from its start (or posted start) to its time limit once it is on the
    clock; a game kept its length when the tournament's changed, or was given more time."""
    if game.status != Game.Status.IN_PLAY or not game.time_limit_at:
        return tournament.game_time_limit
    starts = [t for t in (game.started_at, game.starts_at) if t]
    return game.time_limit_at - min(starts) if starts else tournament.game_time_limit


def table_link(game: Game, base_url: str) -> str:
    """The game's table page, where the scorekeeper enters hands: /table/<token>/."""
    return f"{base_url.rstrip('/')}/table/{game.table_token}/"


def printable_games(rnd: Round) -> list[Game]:
    """The games of a round that are played at a table (not byes, not a final that is not needed)."""
    skip = (Game.Status.BYE, Game.Status.NOT_NEEDED)
    return [g for g in games_of(round=rnd) if g.status not in skip]


@dataclass
class SheetRules:
    variant: str
    meld_bands: list[tuple[str, str]]
    meld_header: str  # the meld table's first column ("Side's total score", "Hand"), "" for one fixed meld
    cards: list[tuple[str, str]]  # card values
    bonuses: list[tuple[str, str]]  # books, runs, going out


def card_split(labels: list[str]) -> int:
    """Where card values end and books, runs and bonuses begin in rules.card_values() (English labels)."""
    for index, label in enumerate(labels):
        if any(word in label.lower() for word in ("book", "run", "going out", "deal")):
            return index
    return len(labels)


def _meld_header(tournament: Tournament) -> str:
    rule = get_preset(tournament.variant).meld_rule
    if rule == "fixed":
        return ""
    if rule == "by_hand":
        return _("Hand")
    if event_formats.of(tournament).entrant_kind(tournament) == "player":
        return _("Player's total score")
    return _("Side's total score")


def sheet_rules(tournament: Tournament) -> SheetRules:
    numbers = tournament.rules_numbers or None
    values = rules.card_values(tournament.variant, numbers)
    split = card_split([label for label, _v in values])
    # The rules engine speaks English; its labels are msgids (scoring.rules_text) translated here.
    shown = [(_(label), points_text(v)) for label, v in values]
    return SheetRules(
        variant=_(tournament.get_variant_display()),
        meld_bands=[(_(label), points_text(v)) for label, v in rules.meld_bands(tournament.variant, numbers)],
        meld_header=_meld_header(tournament), cards=shown[:split], bonuses=shown[split:],
    )


# ---- results -----------------------------------------------------------------------------------

@dataclass
class ResultLine:
    table: int | None
    sides: list[tuple[str, str, bool]]  # (team, score text, won)
    outcome: str


@dataclass
class DivisionResults:
    name: str
    champion: str
    runner_up: str
    rounds: list[tuple[str, str, list[ResultLine]]] = field(default_factory=list)


def _outcome(game: Game) -> str:
    status = Game.Status
    if game.status == status.FINISHED:
        # An ordinary win needs no word; anything else (time limit, a decision) is worth printing.
        return "" if game.result_reason in ("", Game.Reason.SCORE) else reason(game.result_reason)
    if game.status == status.FORFEIT:
        return reason(game.result_reason) if game.result_reason else _("forfeit")
    return {
        status.DOUBLE_FORFEIT: _("neither team advanced"),
        status.NOT_NEEDED: _("not needed"),
        status.IN_PLAY: _("in play"),
        status.AWAITING_DECISION: _("level: organizer decides"),
        status.READY: _("to be played"),
        status.WAITING: _("to be played"),
    }.get(game.status, game.get_status_display().lower())


def results(tournament: Tournament) -> tuple[str, list[DivisionResults]]:
    divisions = list(Division.objects.filter(tournament=tournament).select_related("champion"))
    final_kind = event_formats.of(tournament).final_kind
    divisions.sort(key=lambda d: (d.kind == final_kind, d.kind))  # the final after the divisions feeding it
    games = games_of(division__tournament=tournament)
    out = []
    champion = ""
    for division in divisions:
        own = [g for g in games if g.division_id == division.pk]
        block = DivisionResults(name=stored_name(division.name), champion=division.champion.name if division.champion else "", runner_up="")
        current_round = None
        for game in own:
            if game.status == Game.Status.BYE:
                continue
            if current_round is None or current_round[0] != str(game.round):
                current_round = (str(game.round), day_and_clock(tournament, game.round.starts_at), [])
                block.rounds.append(current_round)
            played = game.status in (Game.Status.FINISHED, Game.Status.IN_PLAY, Game.Status.AWAITING_DECISION)
            sides = []
            for side in game.sides.all():
                name = side.team.name if side.team_id else (_("BYE") if side.is_bye else "—")
                sides.append((name, side_total_text(side) if played else "", bool(game.winner_id and game.winner_id == side.team_id)))
            current_round[2].append(ResultLine(game.table_number, sides, _outcome(game)))
        if own and division.champion_id:
            last = own[-1]
            losers = [s.team.name for s in last.sides.all() if s.team_id and s.team_id != division.champion_id]
            block.runner_up = losers[0] if losers else ""
        if division.kind == final_kind and division.champion_id:
            champion = division.champion.name
        out.append(block)
    return champion, out
