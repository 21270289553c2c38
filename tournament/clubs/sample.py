"""A club with years of finished events, built straight as rows (as a backup import writes them):
the club's browser test, its walk and `make bench` start from it. Deterministic for a seed.

A bracket event is two divisions of four partnerships and a final; a table day is single players at
tables of four (Fiji, individual), two rounds. Each finished table game has hands, so hands won count."""

from __future__ import annotations

import datetime as dt
import random
import secrets

from django.db import transaction
from django.utils import timezone

from tournament.core import formats
from tournament.models import Club, Division, Game, GameSide, Player, Round, Season, Team, Tournament

FIRST = ["Ana", "Bruno", "Carmen", "Diego", "Elena", "Félix", "Gina", "Hugo", "Inés", "Jorge", "Karla", "Luis",
         "María", "Nico", "Olga", "Pablo", "Rosa", "Saúl", "Tere", "Víctor"]
LAST = ["López", "Ruiz", "Díaz", "Gómez", "Lee", "Park", "Adams", "Chen", "Núñez", "Ortiz"]


def person(n: int) -> tuple[str, str]:
    """The club's n-th person: a name and a phone."""
    first, last = FIRST[n % len(FIRST)], LAST[(n * 3 + n // len(FIRST)) % len(LAST)]
    return f"{first} {last}{'' if n < 200 else f' {n // 200}'}", f"612 555 {n:04d}"


def _event(club, slug, name, fmt, day: dt.datetime, variant, by, *, finished=True) -> Tournament:
    # Made in the status it ends in: a past event finished, one still on running.
    return Tournament.objects.create(
        club=club, name=name, slug=slug, format=fmt, variant=variant, signup_deadline=day,
        status=Tournament.Status.FINISHED if finished else Tournament.Status.RUNNING, registration_closed_at=day,
        created_by=by, organizer_email="club@localhost")


def _hands(game: Game, totals: list[int], rng: random.Random) -> list:
    """A played game's three hands, each confirmed when the game ended (its sides' confirmed totals
    are their totals: RULES F1)."""
    from scoring.models import Hand

    hands, left = [], list(totals)
    for number in (1, 2, 3):
        scores = [t // 3 if number < 3 else rest for t, rest in zip(totals, left)]
        left = [rest - s for rest, s in zip(left, scores)]
        hands.append(Hand(game=game, number=number, idempotency_key=secrets.token_hex(16),
                          result={"sides": [{"hand_score": s} for s in scores]}, entries=[{} for _ in scores],
                          confirmed_at=game.finished_at, confirmed_by="organizer" if game.finished_at else ""))
    return hands


def _game(division, rnd, number, sides, totals, winner, at, finished=True) -> Game:
    game = Game.objects.create(division=division, round=rnd, number=number, table_number=number,
                               status=Game.Status.FINISHED if finished else Game.Status.READY,
                               winner=winner, result_reason=Game.Reason.SCORE, started_at=at - dt.timedelta(hours=1),
                               finished_at=at)
    GameSide.objects.bulk_create([
        GameSide(game=game, slot=i + 1, total=total, confirmed_total=total,
                 **({"team": who} if isinstance(who, Team) else {"player": who}))
        for i, (who, total) in enumerate(zip(sides, totals))])
    return game


def bracket_event(club, slug, name, day, people: list[int], rng: random.Random, by) -> Tournament:
    t = _event(club, slug, name, "bracket", day, "baja-partners", by)
    teams = []
    for i in range(0, 16, 2):
        a, b = person(people[i]), person(people[i + 1])
        team = Team.objects.create(tournament=t, name=f"{a[0]} & {b[0]}")
        Player.objects.bulk_create([Player(tournament=t, team=team, name=a[0], contact=a[1]),
                                    Player(tournament=t, team=team, name=b[0], contact=b[1])])
        teams.append(team)
    at = day + dt.timedelta(hours=2)
    champions = []
    # The bracket's own divisions: two drawn, then the final they feed.
    first, second, final_kind = formats.by_key("bracket").division_kinds
    for kind, four in ((first, teams[:4]), (second, teams[4:])):
        division = Division.objects.create(tournament=t, kind=kind, name=kind.label, size=4, published_at=day)
        semis = Round.objects.create(division=division, number=1, name="Semi-finals")
        final = Round.objects.create(division=division, number=2, name="Final")
        won = []
        for n, pair in enumerate((four[:2], four[2:]), 1):
            winner = pair[rng.randrange(2)]
            _game(division, semis, n, pair, [500 if x == winner else rng.randrange(100, 480) for x in pair], winner, at)
            won.append(winner)
        winner = won[rng.randrange(2)]
        _game(division, final, 1, won, [500 if x == winner else rng.randrange(100, 480) for x in won], winner, at + dt.timedelta(hours=2))
        Division.objects.filter(pk=division.pk).update(champion=winner)
        champions.append(winner)
    division = Division.objects.create(tournament=t, kind=final_kind, name="Final", size=2, published_at=day)
    rnd = Round.objects.create(division=division, number=1, name="Final")
    winner = champions[rng.randrange(2)]
    _game(division, rnd, 1, champions, [500 if x == winner else rng.randrange(100, 480) for x in champions], winner,
          at + dt.timedelta(hours=4))
    Division.objects.filter(pk=division.pk).update(champion=winner)
    return t


def table_day(club, slug, name, day, people: list[int], rng: random.Random, by, *, finished=True) -> Tournament:
    from scoring.models import Hand

    t = _event(club, slug, name, "tables", day, "fiji-individual", by, finished=finished)
    players = Player.objects.bulk_create([Player(tournament=t, name=person(n)[0], contact=person(n)[1]) for n in people])
    (kind,) = formats.by_key("tables").division_kinds
    division = Division.objects.create(tournament=t, kind=kind, name="Table rounds", published_at=day)
    hands = []
    for number in (1, 2):
        rnd = Round.objects.create(division=division, number=number, name=f"Round {number}")
        order = list(players)
        rng.shuffle(order)
        for table, start in enumerate(range(0, len(order), 4), 1):
            seated = order[start:start + 4]
            totals = rng.sample(range(50, 400, 3), len(seated))
            at = day + dt.timedelta(hours=number * 2, minutes=table)
            game = _game(division, rnd, table, seated, totals, None, at)
            hands += _hands(game, totals, rng)
    Hand.objects.bulk_create(hands)
    return t


def build(slug="bayside", *, seasons=1, events=3, players=30, first_year=2026, seed=7, by=None) -> Club:
    """A club of `players` people with `seasons` winters of `events` events each (a bracket event every third)."""
    rng = random.Random(seed)
    with transaction.atomic():
        club = Club.objects.create(name=f"{slug.title()} Rummy Club", slug=slug, time_zone="America/Mazatlan")
        if by is not None:
            club.organizers.add(by)
        for s in range(seasons):
            year = first_year - seasons + 1 + s
            start = dt.date(year, 1, 1)
            Season.objects.create(club=club, name=f"Season {year}", starts_on=start, ends_on=dt.date(year, 12, 31))
            for e in range(events):
                day = timezone.make_aware(dt.datetime(year, 1, 1, 18) + dt.timedelta(days=7 * e))
                event_slug = f"{slug}-{year}-{e + 1}"
                pool = rng.sample(range(players), min(players, 16))
                if e % 3 == 0 and len(pool) >= 16:
                    bracket_event(club, event_slug, f"Bayfest {year}" if e == 0 else f"Cup {year}-{e + 1}", day, pool, rng, by)
                else:
                    table_day(club, event_slug, f"Club day {year}-{e + 1}", day, pool[:12], rng, by)
    return club
