"""Table events with published rounds, for the standings, bonus and play-off tests."""

import datetime as dt

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.formats.tables.events import sign_up, table_event
from tournament.formats.tables import rounds
from tournament.models import Game, GameSide

START = dt.datetime(2027, 1, 6, 17, 0, tzinfo=dt.timezone.utc)


def club_round(tables: int = 2, **event):
    """A club 4-deck event with round 1 published: partners in sign-up order (P1 & P2 …), two
    partnerships a table. Returns (event, games of round 1)."""
    event = table_event("club-4deck", **event)
    players = list(sign_up(event, *(f"P{i}" for i in range(1, 4 * tables + 1))).values())
    pairs = [[players[i].pk, players[i + 1].pk] for i in range(0, len(players), 2)]
    rounds.save_partners(event, pairs, seed=1)
    seating = {"tables": [{"sides": [pairs[2 * t], pairs[2 * t + 1]], "seats": pairs[2 * t] + pairs[2 * t + 1]}
                          for t in range(tables)], "sitting_out": []}
    rounds.save_round(event, 1, seating, seed=1, starts_at=START)
    return event, list(Game.objects.filter(round__number=1, division__tournament=event).order_by("number"))


def players_round(variant: str, *table_sizes: int, number: int = 1, event=None, names=None):
    """An event of single players with round `number` published: the players seated in sign-up order."""
    event = event or table_event(variant)
    if names is None:
        names = [f"P{i}" for i in range(1, sum(table_sizes) + 1)]
        sign_up(event, *names)
    ids = dict(event.players.values_list("name", "pk"))
    tables, at = [], 0
    for size in table_sizes:
        seated = [ids[n] for n in names[at:at + size]]
        tables.append({"sides": [[p] for p in seated], "seats": seated})
        at += size
    rounds.save_round(event, number, {"tables": tables, "sitting_out": []}, seed=1, starts_at=START)
    return event, list(Game.objects.filter(round__number=number, division__tournament=event).order_by("number"))


def end_with_totals(game: Game, *totals: int, status=Game.Status.FINISHED) -> None:
    """A table's game over with these totals (slot order), as its sheet would leave it."""
    for slot, total in enumerate(totals, start=1):
        GameSide.objects.filter(game=game, slot=slot).update(total=total)
    Game.objects.filter(pk=game.pk).update(status=status)


def play_club_game(game: Game, *, lead: int = 1) -> None:
    """Three hands at a club table, slot `lead` ahead: the game is over once they are confirmed."""
    Game.objects.filter(pk=game.pk).update(status=Game.Status.IN_PLAY, started_at=START)
    ahead, behind = td.values(red=1, melded=320, left=20), td.values(melded=100, left=20)
    for number in (1, 2, 3):
        values = [ahead, behind] if lead == 1 else [behind, ahead]
        hands.submit(game, number=number, values=values, key=f"k-{game.pk}-{number}", entered_by="1")

def confirm_all(game: Game) -> None:
    """Every hand of the game confirmed by the other side (directly, without the confirmation writes)."""
    Hand.objects.filter(game=game).update(confirmed_at=START, confirmed_by="2")


def start_seated(game: Game, *, now=None, **start):
    """Every seat of a table of players checked in (as each would at the table), then the table
    started: a start itself never checks anyone in (issue 34)."""
    from django.utils import timezone

    from tournament.formats.tables import play

    GameSide.objects.filter(game=game, checked_in_at__isnull=True, forfeited_at__isnull=True).update(
        checked_in_at=now or timezone.now())
    return play.start_table(Game.objects.get(pk=game.pk), now=now, **start)
