"""The table-round demo events of `manage.py demo`, one per table format, live with times relative
to now. Everything goes through the real services (sign-up, the draws, publishing, starting a
table, hands), as an organizer and the tables would:

- `demo-club`: the club 4-deck game, 16 players of whom 6 couples; partners drawn and published,
  every table of the one game played (table 1 first: its +400 bonus), two partnerships level for
  the win, and their play-off in play.
- `demo-rummikub`: a Rummikub day, 17 players at tables of 4, 4, 3, 3, 3, winners stay: round 1
  played, round 2 seated with each table's winner staying, in play.
- `demo-fiji`: Fiji Rummy, individual, 2 to 6 a table; round 1 in play, provisional medals.
- `demo-cutthroat`: cutthroat Baja tables of 3 or 4; round 1 in play, a hand on every sheet.

Every table in play was checked in and started, whatever the time of day `make run` is called: a
newcomer finds each event live, never a round about to forfeit itself.
"""

from __future__ import annotations

import datetime as dt

import rules
from scoring import hands
from tournament.core import signup_deadline
from tournament.formats.tables import drawing, formats, play, playoffs, results, rounds, signups
from tournament.models import Game, TableEvent, Tournament

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


def _seat_round(tournament: Tournament, starts_at: dt.datetime, number: int = 1) -> list[Game]:
    if number == 1 and formats.in_partnerships(tournament):
        rounds.save_partners(tournament, drawing.draw_partners(tournament, SEED), SEED)
    rnd = rounds.save_round(tournament, number, drawing.draw_seating(tournament, number, SEED), SEED, starts_at)
    return list(Game.objects.filter(round=rnd).order_by("number"))


def _start(game: Game, now: dt.datetime) -> Game:
    """Every seat checked in a few minutes before `now`, then the table started at `now`."""
    for side in game.sides.select_related("team"):
        play.check_in_side(game, side, via="table", now=now - dt.timedelta(minutes=3))
    return play.start_table(game, now=now)


def _enter(game: Game, hand_values: list[list[dict]], *, confirm_last: bool = False) -> None:
    """Enter these hands at the table; all but the last one confirmed by the next side (all of them
    with `confirm_last`, which ends a table whose sheet is complete)."""
    names = [str(side) for side in game.sides.order_by("slot")]
    for number, values in enumerate(hand_values, start=1):
        hand, _ = hands.submit(game, number=number, values=values, key=f"demo-{game.pk}-{number}", entered_by=names[0])
        if confirm_last or number < len(hand_values):
            hands.confirm(hand, version=hand.version, by=names[1])


def _entry(variant: str, **values) -> dict:
    """One side's values for a hand of `variant`: every field the engine takes, zero unless given."""
    return {**{f: False if f == "went_out" else 0 for f in rules.side_fields(variant)}, **values}


# ---- the events -----------------------------------------------------------------------------------

def create_club(now: dt.datetime, by) -> Tournament:
    tournament = _event(
        "demo-club", "Club 4-deck partners (demo)", "club-4deck",
        "The club's 4-deck game: partners drawn by lot (couples never together), one game of exactly 3 hands "
        "(melds 90, 120, 150), 1 h 45 a round; +400 to each team at the first table to finish, and a play-off "
        "for a tie. Arrive 15 minutes early.",
        now, by, game_time_limit=dt.timedelta(minutes=105),
    )
    _sign_up(tournament, 16, 6, now)
    games = _seat_round(tournament, now - dt.timedelta(minutes=80))
    won = _entry("club-4deck", red_books=2, black_books=2, went_out=True, melded_points=400)  # 2,100
    lost = _entry("club-4deck", red_books=1, melded_points=300, left_points=60)  # 740
    close = _entry("club-4deck", red_books=1, black_books=1, melded_points=340)  # 1,140
    small = _entry("club-4deck", red_books=1, melded_points=200)  # 700
    # Table 1 finishes first (+400 a team): 4,940 + 400; table 2's winner makes 5,340 too: a tie for the win.
    plays = [
        [[won, lost], [won, lost], [lost, won]],
        [[won, lost], [won, lost], [close, lost]],
        [[won, lost], [lost, won], [lost, won]],
        [[won, lost], [won, lost], [small, lost]],
    ]
    for index, game in enumerate(games):
        game = _start(game, now - dt.timedelta(minutes=79 - index))
        _enter(game, plays[index], confirm_last=True)
    tie = next((tie for tie in results.standings(tournament).ties if tie.rank == 1), None)
    if tie is not None:
        playoff = playoffs.create_playoff(tournament, tie.entrants, by=by, now=now - dt.timedelta(minutes=6))
        for game in Game.objects.filter(round=playoff):
            _start(game, now - dt.timedelta(minutes=5))
    return tournament


def _rummikub_hand(sides: int, winner: int) -> list[dict]:
    racks = [23, 41, 12, 35]
    return [
        {"went_out": True, "rack_points": 0, "rack_jokers": 0} if i == winner
        else {"went_out": False, "rack_points": racks[i], "rack_jokers": 1 if i == 3 else 0}
        for i in range(sides)
    ]


def create_rummikub(now: dt.datetime, by, *, first_round_only: bool = False) -> Tournament:
    """`first_round_only`: round 1 in play and nothing more (tests that start from there)."""
    tournament = _event(
        "demo-rummikub", "Rummikub day (demo)", "rummikub",
        "Rummikub at tables of 2 to 4: the round in which someone reaches 150 ends the table and the highest total wins it; "
        "gold, silver and bronze at the end of the day.",
        now, by, game_time_limit=dt.timedelta(minutes=90),
    )
    _sign_up(tournament, 17, 0, now)
    if first_round_only:
        for index, game in enumerate(_seat_round(tournament, now - dt.timedelta(minutes=25))):
            game = _start(game, now - dt.timedelta(minutes=24))
            if index < 3:
                _enter(game, [_rummikub_hand(game.sides.count(), index % game.sides.count()) for _ in range(index + 1)])
        return tournament
    TableEvent.objects.filter(pk=rounds.event_settings(tournament).pk).update(movement=TableEvent.Movement.WINNERS_STAY)
    # Round 1 is played: each table's first seat wins every hand until 150 ends the table.
    for game in _seat_round(tournament, now - dt.timedelta(minutes=80)):
        game = _start(game, now - dt.timedelta(minutes=80))
        sides = game.sides.count()
        _enter(game, [_rummikub_hand(sides, 0) for _ in range(2 if sides == 4 else 3)], confirm_last=True)
    # Round 2: the winners stayed at their tables, the others moved; in play.
    for index, game in enumerate(_seat_round(tournament, now - dt.timedelta(minutes=20), number=2)):
        game = _start(game, now - dt.timedelta(minutes=19))
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


def create_cutthroat(now: dt.datetime, by, *, seated_only: bool = False) -> Tournament:
    """`seated_only`: round 1 seated to start in 10 minutes, nobody checked in (tests of check-in)."""
    tournament = _event(
        "demo-cutthroat", "Cutthroat Baja tables (demo)", "baja-cutthroat",
        "Cutthroat Baja Rummy: 3 or 4 players a table, each for themselves. Be seated 5 minutes before the start.",
        now, by,
    )
    _sign_up(tournament, 10, 0, now)
    if seated_only:
        _seat_round(tournament, now + dt.timedelta(minutes=10))
        return tournament
    variant = tournament.variant
    for index, game in enumerate(_seat_round(tournament, now - dt.timedelta(minutes=20))):
        game = _start(game, now - dt.timedelta(minutes=18))
        sides = game.sides.count()
        hand = [_entry(variant, red_books=1, black_books=1, runs=1, went_out=True, melded_points=600)] + [
            _entry(variant, red_books=1, melded_points=250, left_points=40 + 10 * i) for i in range(1, sides)
        ]
        _enter(game, [hand] * (1 + index % 2))
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
