"""The table-round demo events of `manage.py demo`, one per table format, live with times relative
to now. Everything goes through the real services (sign-up, the draws, publishing, starting a
table, hands), as an organizer and the tables would:

- `demo-club`: the club 4-deck game, 16 players of whom 6 couples; partners drawn and published,
  round 1 seated 40 minutes ago and in play, hands on the sheets.
- `demo-rummikub`: a Rummikub day, 17 players at tables of 4, 4, 3, 3, 3; round 1 in play.
- `demo-fiji`: Fiji Rummy, individual, 2 to 6 a table; round 1 in play.
- `demo-cutthroat`: cutthroat Baja tables of 3 or 4; round 1 seated, starting in 10 minutes.
"""

from __future__ import annotations

import datetime as dt

import rules
from scoring import hands
from tournament.core import actions, signup_deadline
from tournament.formats.tables import drawing, formats, play, rounds, signups
from tournament.models import Game, Tournament

NAMES = [
    "Ann Lee", "Bob Lee", "Carmen Ruiz", "Dave Ruiz", "Eve Adams", "Frank Adams", "Gina Park", "Hal Park",
    "Ivy Chen", "Jack Chen", "Kim Diaz", "Leo Diaz", "Mia Gray", "Ned Hale", "Olga Ivanova", "Pat Kent",
    "Quinn Lowe", "Rita Mayo", "Sam Nash",
]
# The demo's draws are fixed seeds, so every `manage.py demo` shows the same seating.
SEED = 2025


def _event(slug, name, variant, description, now, by, **extra) -> Tournament:
    return Tournament.objects.create(
        name=name, slug=slug, venue="Marina clubhouse, La Paz", description=description, variant=variant,
        format="tables", time_zone="America/Mazatlan", signup_deadline=now + dt.timedelta(hours=1),
        organizer_email="organizer@localhost", created_by=by, **extra,
    )


def _sign_up(tournament: Tournament, players: int, couples: int, now: dt.datetime) -> None:
    """NAMES[:players], the first `couples` pairs of them (Ann & Bob Lee, …) saying they came together."""
    for index, name in enumerate(NAMES[:players]):
        if index < 2 * couples:
            other = NAMES[index + 1] if index % 2 == 0 else NAMES[index - 1]
            came_with = other
        else:
            came_with = ""
        signups.register(tournament, name=name, came_with=came_with, now=now - dt.timedelta(hours=20 - index))
    signup_deadline.close_registration(tournament.pk, early=True, now=now)


def _seat_round(tournament: Tournament, starts_at: dt.datetime) -> list[Game]:
    if formats.in_partnerships(tournament):
        rounds.save_partners(tournament, drawing.draw_partners(tournament, SEED), SEED)
    rnd = rounds.save_round(tournament, 1, drawing.draw_seating(tournament, 1, SEED), SEED, starts_at)
    return list(Game.objects.filter(round=rnd).order_by("number"))


def _start(game: Game, now: dt.datetime) -> Game:
    for side in game.sides.select_related("team"):
        if side.team_id:
            actions.check_in(game, side.team, via="table", now=now)
    return play.start_table(game, now=now)


def _enter(game: Game, hand_values: list[list[dict]]) -> None:
    """Enter these hands at the table; all but the last one confirmed by the next side."""
    names = [str(side) for side in game.sides.order_by("slot")]
    for number, values in enumerate(hand_values, start=1):
        hand, _ = hands.submit(game, number=number, values=values, key=f"demo-{game.pk}-{number}", entered_by=names[0])
        if number < len(hand_values):
            hands.confirm(hand, version=hand.version, by=names[1])


def _entry(variant: str, **values) -> dict:
    """One side's values for a hand of `variant`: every field the engine takes, zero unless given."""
    return {**{f: False if f == "went_out" else 0 for f in rules.side_fields(variant)}, **values}


# ---- the events -----------------------------------------------------------------------------------

def create_club(now: dt.datetime, by) -> Tournament:
    tournament = _event(
        "demo-club", "Club 4-deck partners (demo)", "club-4deck",
        "The club's 4-deck game: partners drawn by lot (couples never together), one game of exactly 3 hands "
        "(melds 90, 120, 150), 1 h 45 a round. Arrive 15 minutes early.",
        now, by, game_time_limit=dt.timedelta(minutes=105),
    )
    _sign_up(tournament, 16, 6, now)
    games = _seat_round(tournament, now - dt.timedelta(minutes=40))
    first = _entry("club-4deck", red_books=2, black_books=2, went_out=True, melded_points=400)
    second = _entry("club-4deck", red_books=1, melded_points=300, left_points=60)
    plays = {0: [[first, second], [second, first]], 1: [[second, first]]}
    for index, game in enumerate(games):
        game = _start(game, now - dt.timedelta(minutes=38))
        _enter(game, plays.get(index, []))
    return tournament


def _rummikub_hand(sides: int, winner: int) -> list[dict]:
    racks = [23, 41, 12, 35]
    return [
        {"went_out": True, "rack_points": 0, "rack_jokers": 0} if i == winner
        else {"went_out": False, "rack_points": racks[i], "rack_jokers": 1 if i == 3 else 0}
        for i in range(sides)
    ]


def create_rummikub(now: dt.datetime, by) -> Tournament:
    tournament = _event(
        "demo-rummikub", "Rummikub day (demo)", "rummikub",
        "Rummikub at tables of 2 to 4: the round in which someone reaches 150 ends the table and the highest total wins it; "
        "gold, silver and bronze at the end of the day.",
        now, by, game_time_limit=dt.timedelta(minutes=90),
    )
    _sign_up(tournament, 17, 0, now)
    games = _seat_round(tournament, now - dt.timedelta(minutes=25))
    for index, game in enumerate(games):
        game = _start(game, now - dt.timedelta(minutes=24))
        sides = game.sides.count()
        if index < 3:
            _enter(game, [_rummikub_hand(sides, index % sides) for _ in range(index + 1)])
    return tournament


def create_fiji(now: dt.datetime, by) -> Tournament:
    tournament = _event(
        "demo-fiji", "Fiji Rummy tables (demo)", "fiji-individual",
        "Fiji Rummy, every player for themselves, 2 to 6 a table; jokers left in hand are charged.",
        now, by, game_time_limit=dt.timedelta(hours=2),
    )
    _sign_up(tournament, 14, 2, now)
    games = _seat_round(tournament, now - dt.timedelta(minutes=30))
    variant = tournament.variant
    for index, game in enumerate(games):
        game = _start(game, now - dt.timedelta(minutes=29))
        if index == 0:
            sides = game.sides.count()
            hand = [_entry(variant, red_books=2, black_books=2, runs=1, went_out=True, melded_points=900)] + [
                _entry(variant, red_books=1, melded_points=300, left_points=60, jokers_charged=i % 2)
                for i in range(1, sides)
            ]
            _enter(game, [hand])
    return tournament


def create_cutthroat(now: dt.datetime, by) -> Tournament:
    tournament = _event(
        "demo-cutthroat", "Cutthroat Baja tables (demo)", "baja-cutthroat",
        "Cutthroat Baja Rummy: 3 or 4 players a table, each for themselves. Be seated 5 minutes before the start.",
        now, by,
    )
    _sign_up(tournament, 10, 0, now)
    _seat_round(tournament, now + dt.timedelta(minutes=10))
    return tournament


EVENTS = {
    "demo-club": create_club,
    "demo-rummikub": create_rummikub,
    "demo-fiji": create_fiji,
    "demo-cutthroat": create_cutthroat,
}


def create_all(now: dt.datetime, by) -> None:
    """Each table demo once, created by the organizer `by`: an event already there is left as it is."""
    for slug, create in EVENTS.items():
        if not Tournament.objects.filter(slug=slug).exists():
            create(now, by)
