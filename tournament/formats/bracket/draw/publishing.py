"""The saving side of the draw: previews, publishing, the bracket rows, the schedule and tables.

The chart itself comes from the pure generator in tournament.formats.bracket.draw.generator; this module turns a chart into
Division, Round, Game and GameSide rows, once, when the organizer publishes it.
"""

from __future__ import annotations

import datetime as dt
import math

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from tournament.common import form_fields, localtime
from tournament.core import club_ratings, deadlines, signup_deadline, timetable
from tournament.formats.bracket import advancement
from tournament.formats.bracket.draw import generator
from tournament.mail import entrants
from tournament.models import (
    Division,
    DrawRecord,
    Game,
    GameSide,
    Player,
    Round,
    Team,
    Tournament,
)

DRAWN_KINDS = (Division.Kind.D1, Division.Kind.D2)
# Bayfest: Division 1 plays mornings, Division 2 afternoons, one round a day from the Wednesday.
ROUND_ONE_WEEKDAY = 2  # Wednesday
START_TIMES = {Division.Kind.D1: dt.time(10, 0), Division.Kind.D2: dt.time(13, 0), Division.Kind.FINAL: dt.time(10, 0)}
FINAL_WEEKDAY = 6  # Sunday


# ---- teams and divisions ------------------------------------------------------------------------

def drawable_teams(tournament: Tournament) -> list[Team]:
    """Teams in the draw: every team not withdrawn, in registration order (T1, T2, …)."""
    return list(Team.objects.filter(tournament=tournament, withdrawn_at__isnull=True).order_by("created_at", "id"))


def _published_message(div: Division) -> str:
    record = div.draws.filter(published_at__isnull=False).select_related("published_by").first()
    values = {"division": div.title,
              "when": localtime.full_text(div.tournament, div.published_at) if div.published_at else _("earlier")}
    if record and record.published_by:
        return _("%(division)s was published by %(who)s at %(when)s; its draw is frozen.") % {
            **values, "who": record.published_by}
    return _("%(division)s was published at %(when)s; its draw is frozen.") % values


def check_can_draw(tournament: Tournament, kind: str, *, override: bool = False, teams=None) -> list[Team]:
    if kind not in DRAWN_KINDS:
        raise ValidationError(_("Only Division 1 and Division 2 are drawn; the final is filled by their champions."))
    div = Division.objects.filter(tournament=tournament, kind=kind).first()
    if div and div.published_at:
        raise ValidationError(_published_message(div))
    if tournament.signups_open() and not override:
        raise ValidationError(
            _("Sign-ups are still open (they close at %(deadline)s). Tick “Draw before sign-ups close” to draw anyway.")
            % {"deadline": localtime.full_text(tournament, tournament.signup_deadline)}
        )
    teams = drawable_teams(tournament) if teams is None else teams
    if len(teams) < 2:
        raise ValidationError(too_few_teams(len(teams)))
    return teams


def seeds_by_rating(tournament: Tournament, teams: list[Team]) -> list[int]:
    """The teams a seeded draw keeps apart: the top-rated (club ratings, both partners rated), strongest
    first, ties by sign-up order; as many as generator.seed_count allows."""
    ratings = club_ratings.player_ratings(tournament)
    players: dict[int, list[int]] = {}
    for pk, team in Player.objects.filter(team__in=teams).order_by("pk").values_list("pk", "team_id"):
        players.setdefault(team, []).append(pk)
    rated = [(strength, order, team.pk) for order, team in enumerate(teams)
             if (strength := club_ratings.side_strength(players.get(team.pk, []), ratings)) is not None]
    rated.sort(key=lambda item: (-item[0], item[1]))
    return [pk for _strength, _order, pk in rated[:generator.seed_count(len(teams))]]


def preview(tournament: Tournament, kind: str, *, seed: int | str | None = None, by=None, override=False,
            seeded: bool = False) -> DrawRecord:
    """A new preview of a division's draw (not published). Raises ValidationError for bad input.
    `seeded`: the top-rated teams are kept apart in round one (seeds_by_rating)."""
    teams = check_can_draw(tournament, kind, override=override)
    if seed is None or seed == "":
        seed = generator.new_seed()
    else:
        try:
            seed = generator.parse_seed(seed)
        except generator.SeedError as exc:
            raise ValidationError(form_fields.seed_refusal(exc))
    seeds = seeds_by_rating(tournament, teams) if seeded else []
    if seeded and len(seeds) < 2:
        raise ValidationError(_("A seeded draw needs at least two teams whose partners both have a club rating "
                                "(and four teams or more); draw without seeds."))
    lines = generator.draw_lines([t.pk for t in teams], seed, seeds)
    with transaction.atomic():
        record = DrawRecord.objects.create(division=timetable.division(tournament, kind), seed=seed, lines=lines,
                                           seeded=seeds, created_by=by)
        Tournament.objects.filter(pk=tournament.pk).bump()
    return record


def latest_preview(div: Division) -> DrawRecord | None:
    return div.draws.select_related("created_by", "published_by").first()


# ---- publishing ---------------------------------------------------------------------------------

def publish(record: DrawRecord, *, by=None, override: bool = False, now: dt.datetime | None = None) -> Division:
    """Freeze a preview as the division's draw and build its bracket. One publisher wins a race."""
    now = now or timezone.now()
    div = record.division
    tournament = div.tournament
    with transaction.atomic():
        # The claim: only the first publisher flips published_at; everyone after is told who won.
        claimed = Division.objects.filter(pk=div.pk, published_at__isnull=True).update(published_at=now)
        if not claimed:
            div.refresh_from_db()
            raise ValidationError(_published_message(div))
        teams = check_can_draw_for_publish(tournament, div, override=override)
        if sorted(t.pk for t in teams) != sorted(x for x in record.lines if x is not None):
            raise ValidationError(
                _("The teams changed since this preview was drawn (a team was added or withdrawn). Draw again.")
            )
        DrawRecord.objects.filter(pk=record.pk).update(published_at=now, published_by=by)
        div.refresh_from_db()
        div.size = len(record.lines)
        div.save(update_fields=["size"])
        signup_deadline.close_registration(tournament.pk, early=True, now=now)
        build_bracket(div, record.lines, now=now)
        entrants.draw_out(div)  # the opted-in teams' first games, queued with the draw itself
        if Division.objects.filter(tournament=tournament, kind__in=DRAWN_KINDS, published_at__isnull=False).count() == 2:
            build_final(tournament)
        Tournament.objects.filter(pk=tournament.pk).bump()
    div.refresh_from_db()
    return div


def check_can_draw_for_publish(tournament: Tournament, div: Division, *, override: bool) -> list[Team]:
    # Like check_can_draw, but the division row is already claimed by this transaction.
    if tournament.signups_open() and not override:
        raise ValidationError(
            _("Sign-ups are still open; tick “Draw before sign-ups close” to publish anyway.")
        )
    teams = drawable_teams(tournament)
    if len(teams) < 2:
        raise ValidationError(too_few_teams(len(teams)))
    return teams


def too_few_teams(count: int) -> str:
    return ngettext("A draw needs at least 2 teams; %(count)s signed up.",
                    "A draw needs at least 2 teams; %(count)s signed up.", count) % {"count": count}


def round_name(number: int, count: int, kind: str) -> str:
    """The name stored on the round, in English (Round.__str__ shows it in the page's language)."""
    if kind == Division.Kind.FINAL:
        return gettext_noop("Final")
    from_end = count - number
    return {0: gettext_noop("Division final"), 1: gettext_noop("Semi-finals"),
            2: gettext_noop("Quarter-finals")}.get(from_end, f"Round {number}")


def build_bracket(div: Division, lines: list, *, now: dt.datetime) -> None:
    """Rounds, games and sides for a chart; byes are decided and advance at once."""
    size = len(lines)
    count = int(math.log2(size))
    starts = default_round_starts(div.tournament, div.kind, count)
    teams = {t.pk: t for t in Team.objects.filter(pk__in=[x for x in lines if x is not None])}
    previous: list[Game] = []
    byes: list[Game] = []
    for number in range(1, count + 1):
        rnd = Round.objects.create(division=div, number=number, name=round_name(number, count, div.kind), starts_at=starts[number - 1])
        current: list[Game] = []
        sides: list[GameSide] = []
        table = 0
        for index in range(size >> number):
            if number == 1:
                pair = (lines[2 * index], lines[2 * index + 1])
                bye = None in pair
                if not bye:
                    table += 1
                game = Game(
                    division=div, round=rnd, number=index + 1, table_number=None if bye else table,
                    status=Game.Status.BYE if bye else Game.Status.READY,
                    winner=teams[pair[0] or pair[1]] if bye else None,
                    result_reason=Game.Reason.BYE if bye else "", finished_at=now if bye else None,
                )
                timetable.set_deadlines(game, rnd.starts_at)
                game.save()
                deadlines.schedule_deadlines(game)
                for slot, team_id in enumerate(pair, start=1):
                    sides.append(GameSide(game=game, slot=slot, team=teams.get(team_id), is_bye=team_id is None))
                if bye:
                    byes.append(game)
            else:
                game = Game(division=div, round=rnd, number=index + 1, table_number=index + 1, status=Game.Status.WAITING)
                timetable.set_deadlines(game, rnd.starts_at)
                game.save()
                deadlines.schedule_deadlines(game)
                for slot, feeder in enumerate(previous[2 * index: 2 * index + 2], start=1):
                    sides.append(GameSide(game=game, slot=slot, fed_by=feeder))
            current.append(game)
        GameSide.objects.bulk_create(sides)
        previous = current
    for game in byes:
        game.division = div
        advancement.advance(game)


def build_final(tournament: Tournament) -> Division:
    """The final: its two slots are fed by the last games of Division 1 and Division 2."""
    final = timetable.division(tournament, Division.Kind.FINAL)
    if final.games.exists():
        return final
    feeders = []
    for kind in DRAWN_KINDS:
        last = Game.objects.filter(division__tournament=tournament, division__kind=kind).order_by("-round__number").first()
        feeders.append(last)
    counts = [f.round.number for f in feeders]
    starts = final_start(tournament, max(counts))
    final.size = 2
    final.published_at = timezone.now()
    final.save(update_fields=["size", "published_at"])
    rnd = Round.objects.create(division=final, number=1, name=round_name(1, 1, Division.Kind.FINAL), starts_at=starts)
    game = Game(division=final, round=rnd, number=1, table_number=1, status=Game.Status.WAITING)
    timetable.set_deadlines(game, starts)
    game.save()
    deadlines.schedule_deadlines(game)
    GameSide.objects.bulk_create(
        [GameSide(game=game, slot=slot, fed_by=feeder, team=feeder.winner if feeder.status in Game.DONE else None)
         for slot, feeder in enumerate(feeders, start=1)]
    )
    advancement.settle(Game.objects.select_related("division", "round").get(pk=game.pk))
    return final


# ---- schedule -----------------------------------------------------------------------------------

def first_round_day(tournament: Tournament) -> dt.date:
    """The Wednesday after the sign-up deadline (in the tournament's zone)."""
    deadline_day = tournament.local(tournament.signup_deadline).date()
    ahead = (ROUND_ONE_WEEKDAY - deadline_day.weekday()) % 7 or 7
    return deadline_day + dt.timedelta(days=ahead)


def _at(tournament: Tournament, day: dt.date, clock: dt.time) -> dt.datetime:
    return dt.datetime.combine(day, clock, tzinfo=tournament.tz).astimezone(dt.timezone.utc)


def default_round_starts(tournament: Tournament, kind: str, count: int) -> list[dt.datetime]:
    """Round 1 on the Wednesday, each next round the following day, at the division's time."""
    first = first_round_day(tournament)
    clock = START_TIMES[Division.Kind(kind)]
    return [_at(tournament, first + dt.timedelta(days=n), clock) for n in range(count)]


def final_start(tournament: Tournament, rounds: int) -> dt.datetime:
    """Sunday 10:00 of the first week, or the day after the last division round if that is later."""
    first = first_round_day(tournament)
    sunday = first + dt.timedelta(days=(FINAL_WEEKDAY - first.weekday()) % 7)
    day_after_last = first + dt.timedelta(days=rounds)
    return _at(tournament, max(sunday, day_after_last), START_TIMES[Division.Kind.FINAL])
