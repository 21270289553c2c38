"""The demo tournaments of `manage.py demo`, with times relative to now so that there is life in them.

- `demo`: Bayfest-style, sign-ups closed yesterday, both divisions drawn; Division 1's first round
  is in play (hands on the sheets, one game won and its winner moved on in the chart), Division 2's
  first round began half an hour ago. Every team is checked in, whatever the time of day the demo
  is made: nothing forfeits itself before a newcomer has looked.
- `demo-signups`: sign-ups open for two more hours, a partner board with two players on it.
"""

import datetime as dt

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from scoring import hands
from scoring.sample_hands import BIG, W1, W2, values
from tournament.core import actions, signup_deadline, timetable
from tournament.events import demo_tables
from tournament.formats.bracket.draw import publishing
from tournament.models import Division, Game, Round, Tournament
from tournament.signups import registration

TEAMS = [
    ("Card Sharks", "Ann Lee", "Bob Lee"),
    ("Red Threes", "Carmen Ruiz", "Dave Smith"),
    ("Foot Soldiers", "Eve Adams", "Frank Moss"),
    ("Wild Twos", "Gina Park", "Hal Jones"),
    ("Run Makers", "Ivy Chen", "Jack Cole"),
    ("Book Club", "Kim Diaz", "Leo Ford"),
    ("La Costa", "Mia Gray", "Ned Hale"),
    ("Sea Breeze", "Olga Ivanova", "Pat Kent"),
    ("The Jokers", "Quinn Lowe", "Rita Mayo"),
    ("Sand Dollars", "Sam Nash", "Tess Owen"),
    ("Marina Mates", "Uma Price", "Vic Quinn"),
    ("Sunset Meld", "Walt Reyes", "Xena Shaw"),
    ("Pelicans", "Yara Ortiz", "Zeke Ross"),
    ("Blue Footies", "Abby Stone", "Ben Tran"),
]
LOOKING = [("Yolanda Tate", "Free all week"), ("Zack Vega", "New in the marina, happy to play either division")]
DESCRIPTION = (
    "Baja Rummy for teams of two partners. Every team plays in Division 1 and Division 2, two "
    "single-elimination brackets; the two division champions meet in the final. Games last 2 h 30; "
    "a team absent 5 minutes after the posted start forfeits."
)


def organizer():
    return get_user_model().objects.get(username="organizer")


def create_signups_demo(now: dt.datetime) -> Tournament:
    tournament = Tournament.objects.create(
        name="Bayfest Baja Rummy — next year (demo)", slug="demo-signups", venue="Marina clubhouse, La Paz",
        description=DESCRIPTION, time_zone="America/Mazatlan", signup_deadline=now + dt.timedelta(hours=2),
        organizer_email="organizer@localhost", created_by=organizer(),
    )
    signup_deadline.schedule_registration_close(tournament)
    for index, (name, first, second) in enumerate(TEAMS[:6]):
        registration.register_team(tournament, team_name=name, player_names=(first, second),
                                   now=now - dt.timedelta(hours=6 - index))
    for name, note in LOOKING:
        registration.post_partner_wanted(tournament, name=name, note=note, now=now)
    return tournament


def create_gameday_demo(now: dt.datetime) -> Tournament:
    user = organizer()
    deadline = now - dt.timedelta(days=1)
    tournament = Tournament.objects.create(
        name="Bayfest Baja Rummy (demo)", slug="demo", venue="La Costa Restaurant, Marina, La Paz",
        description=DESCRIPTION, time_zone="America/Mazatlan", signup_deadline=deadline,
        organizer_email="organizer@localhost", created_by=user,
    )
    for index, (name, first, second) in enumerate(TEAMS):
        registration.register_team(tournament, team_name=name, player_names=(first, second),
                                   now=deadline - dt.timedelta(hours=len(TEAMS) - index))
    signup_deadline.close_registration(tournament.pk, now=now)
    for kind, seed in ((Division.Kind.D1, 2018), (Division.Kind.D2, 410)):
        publishing.publish(publishing.preview(tournament, kind, seed=seed, by=user), by=user)

    # Division 1 began 50 minutes ago, Division 2 30 minutes ago; later rounds on the next days.
    starts = {Division.Kind.D1: now - dt.timedelta(minutes=50), Division.Kind.D2: now - dt.timedelta(minutes=30)}
    for rnd in Round.objects.filter(division__tournament=tournament).select_related("division").order_by("number"):
        first = starts.get(rnd.division.kind, now + dt.timedelta(days=4))
        timetable.set_round_start(rnd, first + dt.timedelta(days=rnd.number - 1))
    _play_division_one(tournament, now)
    _start_division_two(tournament, now)
    return tournament


def _start_division_two(tournament: Tournament, now: dt.datetime) -> None:
    ready = Game.objects.filter(division__tournament=tournament, division__kind=Division.Kind.D2, round__number=1,
                                status=Game.Status.READY).order_by("number")
    for game in ready:
        for side in game.sides.order_by("slot").select_related("team"):
            actions.check_in(game, side.team, via="table", now=now - dt.timedelta(minutes=33))
        actions.start_game(game, now=now - dt.timedelta(minutes=30))


def _play_division_one(tournament: Tournament, now: dt.datetime) -> None:
    ready = list(
        Game.objects.filter(division__tournament=tournament, division__kind=Division.Kind.D1, round__number=1,
                            status=Game.Status.READY).order_by("number")
    )
    for index, game in enumerate(ready):
        teams = [side.team for side in game.sides.order_by("slot")]
        for team in teams:
            actions.check_in(game, team, via="organizer", now=now - dt.timedelta(minutes=55))
        actions.start_game(game, now=now - dt.timedelta(minutes=50))
        game.refresh_from_db()
        played = {0: [(W1, W2), (BIG, W2), (BIG, W1)], 1: [(W2, W1), (W1, W2)], 2: [(W2, W1)]}.get(index, [])
        for number, (first, second) in enumerate(played, start=1):
            out = [dict(first), dict(second)]
            if first in (W1, BIG):
                out[0]["out"] = True
            hand, _ = hands.submit(game, number=number, values=[values(**out[0]), values(**out[1])],
                                   key=f"demo-{game.pk}-{number}", entered_by=str(teams[0]))
            hands.confirm(hand, version=hand.version, by=str(teams[1]))


def create_all(stdout=None) -> None:
    now = timezone.now()
    with transaction.atomic():
        if not Tournament.objects.filter(slug="demo").exists():
            create_gameday_demo(now)
        if not Tournament.objects.filter(slug="demo-signups").exists():
            create_signups_demo(now)
        demo_tables.create_all(now, organizer())
