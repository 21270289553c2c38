"""The stages of an event's life, driven through the services an organizer's click or a table's
phone would call. This is the one module of the walk that imports the services, so when files move
only these imports change.

A walk is a generator: it does a stage's step and yields a `Stage` saying what the pages must show
then (tests/walks/pages.py fetches them). Table events are built small (two or three tables) so that
the whole walk, every page of every stage as three clients, stays fast.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from django.utils import timezone

import rules
from scoring import hands
from tests.factories import TeamFactory, TournamentFactory
from tournament.core import actions, deadlines, game_clock, seat_state, signup_deadline, undo
from tournament.formats.bracket import advancement, withdrawal
from tournament.formats.bracket.draw import publishing
from tournament.formats.tables import (
    after_draw,
    drawing,
    event_state,
    formats,
    late_arrivals,
    leaving,
    play,
    playoffs,
    results,
    rounds,
    seat_lists,
    signups,
    substitutes,
    withdrawals,
)
from tournament.models import Division, Game, GameEvent, GameSide, Player, Substitution, TableEvent, Team, Tournament

SEED = 7
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eva", "Finn", "Gia", "Hal", "Ivo", "Jan", "Kim", "Lou"]


@dataclass(frozen=True)
class Stage:
    name: str
    # Every table of the deciding (last regular) round is over: medals and play-offs may show.
    decided: bool = False
    # Tables playing: the standings must say they are provisional.
    provisional: bool = False
    # The end: medals (tables) or the champion (bracket) must show.
    final: bool = False
    champion: str = ""


def reload(tournament: Tournament) -> Tournament:
    return Tournament.objects.get(pk=tournament.pk)


def games_of(tournament: Tournament) -> list[Game]:
    return list(Game.objects.filter(division__tournament=tournament).order_by("division__kind", "round__number", "number"))


# ---- table events -------------------------------------------------------------------------------

# A hand per variant: the table's slot-1 side wins it, every other side scores the same lower total.
def _entry(variant: str, **values) -> dict:
    return {**{f: False if f == "went_out" else 0 for f in rules.side_fields(variant)}, **values}


WINNING = {
    "club-4deck": dict(red_books=2, black_books=2, went_out=True, melded_points=400),
    "fiji-individual": dict(red_books=2, black_books=2, runs=1, went_out=True, melded_points=900),
    "fiji-team": dict(red_books=2, black_books=2, runs=2, went_out=True, melded_points=900),
    "baja-cutthroat": dict(red_books=1, black_books=1, runs=1, went_out=True, melded_points=300),
}
LOSING = dict(red_books=1, melded_points=300, left_points=60)


def _hand(variant: str, sides: int, absent: set[int] = frozenset()) -> list[dict]:
    """Slot 1 goes out; an absent slot (1-based) plays no part, so nothing of it is typed."""
    if variant == "rummikub":
        found = [{"went_out": True, "rack_points": 0, "rack_jokers": 0}] + [
            {"went_out": False, "rack_points": 20, "rack_jokers": 0} for _ in range(sides - 1)]
    else:
        found = [_entry(variant, **WINNING[variant])] + [_entry(variant, **LOSING) for _ in range(sides - 1)]
    return [_entry(variant) if slot in absent else entry for slot, entry in enumerate(found, start=1)]


def enter_hand(game: Game) -> None:
    """The next hand at this table, entered by slot 1's phone and confirmed by slot 2's (an absent
    seat, always the last slot in the walk, takes no part)."""
    game = Game.objects.select_related("division__tournament").get(pk=game.pk)
    sides = list(game.sides.order_by("slot"))
    names = [str(side) for side in sides]
    number = game.hands.count() + 1
    absent = seat_state.absent_slots(sides, number)
    hand, _ = hands.submit(game, number=number, values=_hand(game.division.tournament.variant, len(names), absent),
                           key=f"walk-{game.pk}-{number}", entered_by=names[0], entered_by_slot=1)
    hands.confirm(hand, version=hand.version, by=names[1], by_slot=2)


def play_to_the_end(game: Game) -> None:
    for _ in range(12):
        if Game.objects.get(pk=game.pk).status != Game.Status.IN_PLAY:
            return
        enter_hand(game)
    raise AssertionError(f"table {game.number} did not finish in 12 hands")


def start(game: Game, now: dt.datetime) -> Game:
    for side in game.sides.select_related("team", "player"):
        if side.team_id:
            actions.check_in(game, side.team, via="table", now=now)
        elif not side.checked_in_at and not side.forfeited_at:
            play.check_in_seat(game, side, via="table", now=now)
    # Every seat agrees to start before the posted time, as the table's phone asks.
    return play.start_table(game, now=now, agreed_side_ids=list(game.sides.values_list("pk", flat=True)))


def round_games(tournament: Tournament, number: int) -> list[Game]:
    return list(Game.objects.filter(division__tournament=tournament, division__kind=Division.Kind.TABLES,
                                    round__number=number).order_by("number"))


def active_player_names(tournament: Tournament) -> list[str]:
    return sorted(signups.active_players(tournament).values_list("name", flat=True))


def check_everyone_seated_once(tournament: Tournament) -> None:
    """Every player still in the event is seated exactly once, or listed sitting out, in each published
    regular round, and nobody who withdrew is (the walk's withdrawal comes before any table starts; a
    player who leaves during a game keeps that seat).
    A partner replaced for one round is out of that round's seating; their substitute is in it."""
    standing_in = after_draw.round_substitutes(tournament)
    everyone = sorted(signups.active_players(tournament).exclude(table_entry__isnull=True, pk__in=standing_in)
                      .values_list("name", flat=True))
    for record in rounds.published_seatings(tournament):
        if record.playoff:
            continue
        seating = seat_lists.round_seating(tournament, record.round_number)
        seen = Counter(p.name for p in seating.people)
        games = Game.objects.filter(division__tournament=tournament, round__number=record.round_number)
        swaps = dict(Substitution.objects.filter(game__in=games).values_list("replaced__name", "substitute__name"))
        alone = {data["substitute"] for data in GameEvent.objects.filter(game__in=games, kind="partner_replaced",
                                                                          data__rest_of_event=False).values_list("data", flat=True)}
        seated_alone = set(Player.objects.filter(pk__in=alone).values_list("name", flat=True))
        # A player who left during a game (withdrawn from then on) keeps their seat in that round (S4).
        left = {data.get("player") for data in GameEvent.objects.filter(game__in=games, kind="seat_left")
                .values_list("data", flat=True)}
        seated_alone |= set(Player.objects.filter(pk__in=left - {None}).values_list("name", flat=True))
        expected = sorted({swaps.get(name, name) for name in everyone} | seated_alone)
        assert sorted(seen) == expected and set(seen.values()) == {1}, (
            f"round {record.round_number}: {dict(seen)} for {expected}")
    check_partners_apart(tournament)


def check_partners_apart(tournament: Tournament) -> None:
    """In every published seating, play-offs included, no two players of one side sit next to each other
    (two partnerships at a table of four: partners opposite)."""
    for record in rounds.published_seatings(tournament):
        for sides, seats in zip(record.sides, record.seats):
            side_of = {p: i for i, side in enumerate(sides) for p in side}
            beside = [(seats[i], seats[(i + 1) % len(seats)]) for i in range(len(seats))] if len(seats) > 2 else []
            assert all(side_of[a] != side_of[b] for a, b in beside), (
                f"round {record.round_number}{' (play-off)' if record.playoff else ''}: partners side by side in {seats}")


def couple_re_paired(event: Tournament) -> Iterator[tuple[Stage, Tournament]]:
    """After the partner draw a couple withdraws, one from each of two partnerships; the two they leave
    alone are paired with each other, and a late pair keeps the number of partnerships."""
    first, second = (list(Player.objects.filter(team=team).order_by("pk"))
                     for team in Team.objects.filter(tournament=event).order_by("pk")[:2])
    withdrawals.withdraw(event, first[0])
    withdrawals.withdraw(event, second[0])
    yield Stage("a couple withdrawn after the partner draw"), event
    substitutes.substitute(event, Player.objects.get(pk=first[1].pk), chosen=second[1].pk, rest_of_event=True)
    signups.register(event, name="Nia", partner="Oto", late=True)
    yield Stage("the two left alone paired with each other"), event


def change_after_the_draw(event: Tournament) -> Iterator[tuple[Stage, Tournament]]:
    """Before round 1 starts: a substitute for one round at table 1, and a withdrawal at the last table
    whose seat goes to a substitute for the rest of the event."""
    first = Player.objects.get(pk=rounds.published_seatings(event)[0].seats[0][0])
    substitutes.substitute(event, first, typed="Sub Una", rest_of_event=False)
    yield Stage("a substitute for one round", provisional=True), event
    leaving = Player.objects.get(pk=rounds.published_seatings(event)[0].seats[-1][0])
    withdrawals.withdraw(event, leaving, choice="substitute", typed="Sub Otra")
    yield Stage("a withdrawal after the draw, with a substitute", provisional=True), event


def _table_for_a_late_arrival(event: Tournament, tables: list[Game]) -> Game | None:
    """The last table of single players that still has its minimum without one of them."""
    return next((g for g in reversed(tables) if not g.sides.filter(team__isnull=False).exists()
                 and g.sides.count() - 1 >= seat_state.minimum(event)), None)


def a_late_arrival(game: Game | None, now: dt.datetime) -> Iterator[tuple[Stage, Tournament]]:
    """The organizer starts a table with its last seat missing (absent, logged); the player arrives
    before the first hand and is seated back (a late arrival, logged), so the table plays whole."""
    if game is None:
        return
    seats = list(game.sides.order_by("slot"))
    for side in seats[:-1]:
        play.check_in_seat(game, side, via="table", now=now)
    play.start_table(Game.objects.get(pk=game.pk), now=now, without_missing=True)
    yield Stage("a table started with a seat absent", provisional=True), game.division.tournament
    late_arrivals.seat_back(game, seats[-1].pk)
    yield Stage("the absent player arrived late and was seated back", provisional=True), game.division.tournament


def a_player_leaves(game: Game) -> Iterator[tuple[Stage, Tournament]]:
    """A player leaves a table in play after its first hand (absent from the next, withdrawn: S4) and
    comes back before the next hand (seated back, back in the event), so the table plays whole."""
    side = next(s for s in game.sides.order_by("-slot") if not s.forfeited_at)  # not a seat absent already
    who = side.player_id or side.team.players.order_by("created_at", "id").first().pk
    leaving.leave(game, side.pk, player_id=who)
    yield Stage("a player left during the game", provisional=True), game.division.tournament
    late_arrivals.seat_back(game, side.pk)
    yield Stage("the player who left was seated back", provisional=True), game.division.tournament


def _table_for_a_no_show(event: Tournament, tables: list[Game], taken: Game | None) -> Game | None:
    """A table of single players besides the late arrival's, with a seat to spare over the minimum.
    Not at Rummikub: it is zero-sum, so a seat fewer lowers that table's winner's total and breaks the
    tie the walk's play-off needs (its absent seat is the late arrival's)."""
    if event.variant == "rummikub":
        return None
    return next((g for g in tables if g != taken and not g.sides.filter(team__isnull=False).exists()
                 and g.sides.count() - 1 >= seat_state.minimum(event)), None)


def a_no_show(game: Game | None, now: dt.datetime) -> Iterator[tuple[Stage, Tournament]]:
    """Every seat of a table but the last checks in; at the no-show deadline the last is absent, and
    the table plays on without it (started by the organizer) to the end: it scores 0 each hand."""
    if game is None:
        return
    seats = list(game.sides.order_by("slot"))
    for side in seats[:-1]:
        play.check_in_seat(game, side, via="table", now=now)
    game.refresh_from_db()
    assert deadlines.apply_no_show(game.pk, now=game.no_show_at + dt.timedelta(minutes=1))
    assert GameSide.objects.get(pk=seats[-1].pk).forfeited_at, "the seat not checked in is not absent after the deadline"
    play.start_table(Game.objects.get(pk=game.pk), now=now)
    yield Stage("a seat absent at the no-show deadline, its table playing on", provisional=True), game.division.tournament


def standings(tournament: Tournament):
    return results.standings(tournament)


def table_walk(variant: str, players: int, *, winners_stay_preview: bool = False, numbers: dict | None = None,
               ) -> Iterator[tuple[Stage, Tournament]]:
    """A table event from sign-ups to medals. The tables of round 1 play the same hands, so their
    winners tie for the win and a play-off is needed."""
    now = timezone.now()
    event = TournamentFactory(format="tables", variant=variant, signup_deadline=now + dt.timedelta(hours=2),
                              rules_numbers={**rules.preset_numbers(variant), **(numbers or {})})
    for name in NAMES[:players]:
        signups.register(event, name=name)
    yield Stage("sign-ups open"), event
    signup_deadline.close_registration(event.pk, early=True)
    event = reload(event)
    yield Stage("sign-ups closed"), event
    if formats.in_partnerships(event):
        rounds.preview_partners(event, drawing.draw_partners(event, SEED), SEED)
        yield Stage("partners previewed"), event
        rounds.save_partners(event, drawing.draw_partners(event, SEED), SEED)
        yield Stage("partners drawn"), event
        yield from couple_re_paired(event)
    seating = drawing.draw_seating(event, 1, SEED)
    rounds.preview_round(event, 1, seating, SEED)
    yield Stage("round 1 previewed"), event
    rounds.save_round(event, 1, seating, SEED, starts_at=now + dt.timedelta(minutes=10))
    yield Stage("round 1 published", provisional=True), event
    yield from change_after_the_draw(event)
    tables = round_games(event, 1)
    late = _table_for_a_late_arrival(event, tables)
    no_show = _table_for_a_no_show(event, tables, late)
    for game in tables:
        if game not in (late, no_show):
            start(game, now)
    yield from a_late_arrival(late, now)
    yield from a_no_show(no_show, now)
    enter_hand(tables[0])
    yield Stage("round 1 in play", provisional=True), event
    yield from a_player_leaves(tables[0])
    game_clock.pause(tables[0], by=None, reason="fire alarm")
    yield Stage("a table's clock paused", provisional=True), event
    game_clock.resume(tables[0], by=None)
    play_to_the_end(tables[0])
    yield Stage("one table finished", provisional=True), event
    undo.reopen_result(tables[0], by=None, reason="a hand was scored for the wrong side")
    yield Stage("a finished table reopened", provisional=True), event
    # The organizer corrects the hand in question (the same figures here); the sheet ends the table again.
    last = tables[0].hands.order_by("-number").first()
    sides = list(tables[0].sides.order_by("slot"))
    hands.correct(last, version=last.version, values=_hand(event.variant, len(sides), seat_state.absent_slots(sides, last.number)),
                  reason="checked with the table", author="organizer", organizer=True)
    assert Game.objects.get(pk=tables[0].pk).status == Game.Status.FINISHED
    for game in tables[1:]:
        play_to_the_end(game)
    yield Stage("every table finished", decided=True), event
    rounds.preview_round(event, 2, drawing.draw_seating(event, 2, SEED + 1), SEED + 1)
    yield Stage("round 2 previewed", decided=True), event
    if winners_stay_preview:
        TableEvent.objects.filter(pk=rounds.event_settings(event).pk).update(movement=TableEvent.Movement.WINNERS_STAY)
        rounds.preview_round(event, 2, drawing.draw_seating(event, 2, SEED + 2), SEED + 2)
        yield Stage("round 2 previewed, winners stay", decided=True), event
    tie = next((t for t in standings(event).ties if t.playoff == "needed"), None)
    assert tie is not None, f"round 1 left no tie for a medal to play off: {standings(event).rows}"
    # Posted for later at a table of its own, with its own no-show grace (the players are in the room).
    rnd = playoffs.create_playoff(event, tie.entrants, starts_at=timezone.now() + dt.timedelta(minutes=15), table=9,
                                  no_show_minutes=2)
    yield Stage("play-off created", decided=True), event
    game = Game.objects.get(round=rnd)
    start(game, timezone.now())
    enter_hand(game)
    yield Stage("play-off in play", decided=True), event
    play_to_the_end(game)
    yield Stage("play-off finished", decided=True), event
    if not standings(event).decided:  # another tie (a bronze) was left: the organizer ends the day
        event_state.finish(event, reason="the rest share their medal")
    yield Stage("medals", decided=True, final=True), reload(event)


# ---- the bracket (Bayfest: two divisions and a final) -------------------------------------------

def _teams_of(game: Game) -> list:
    return [s.team for s in game.sides.select_related("team").order_by("slot")]


def _ready(tournament: Tournament, kind: str) -> list[Game]:
    return list(Game.objects.filter(division__tournament=tournament, division__kind=kind, status=Game.Status.READY)
                .order_by("round__number", "number"))


def _play_out(tournament: Tournament, kind: str) -> None:
    while games := _ready(tournament, kind):
        advancement.finish_game(games[0], _teams_of(games[0])[0], reason="score")


def bracket_walk(teams: int = 8) -> Iterator[tuple[Stage, Tournament]]:
    now = timezone.now()
    event = TournamentFactory(signup_deadline=now + dt.timedelta(hours=2))
    for number in range(1, teams + 1):
        TeamFactory(tournament=event, name=f"Team {NAMES[number - 1]}", created_at=now - dt.timedelta(minutes=teams - number))
    yield Stage("sign-ups open"), event
    signup_deadline.close_registration(event.pk, early=True)
    event = reload(event)
    yield Stage("sign-ups closed"), event
    record = publishing.preview(event, "d1", seed=SEED)
    yield Stage("division 1 previewed"), event
    publishing.publish(record)
    publishing.publish(publishing.preview(event, "d2", seed=SEED + 1))
    yield Stage("both divisions published"), event
    first = _ready(event, "d1")[0]
    both = _teams_of(first)
    for team in both:
        actions.check_in(first, team)
    first = actions.start_game(Game.objects.get(pk=first.pk), agreed_team_ids=[t.pk for t in both])
    yield Stage("a game in play"), event
    game_clock.pause(first, by=None, reason="fire alarm")
    yield Stage("a game's clock paused"), event
    game_clock.resume(first, by=None)
    game_clock.extend(first, 10, by=None, reason="the alarm took ten minutes")
    advancement.finish_game(first, both[1], reason="score")
    yield Stage("one game finished"), event
    undo.reopen_result(first, by=None, reason="the last hand was entered twice")
    yield Stage("a finished game reopened"), event
    advancement.finish_game(first, both[1], reason="score")
    quitting = _teams_of(_ready(event, "d2")[0])[0]
    withdrawal.withdraw(event, quitting, by=None, reason="a player is ill")
    yield Stage("a team withdrawn after the draw"), event
    _play_out(event, "d1")
    _play_out(event, "d2")
    yield Stage("divisions played", decided=True), event
    _play_out(event, "final")
    yield Stage("champion", decided=True, final=True, champion=champion(event)), event


def champion(tournament: Tournament) -> str:
    final = Division.objects.get(tournament=tournament, kind=Division.Kind.FINAL)
    return final.champion.name if final.champion_id else ""


def player_ids(tournament: Tournament) -> list[int]:
    return list(Player.objects.filter(tournament=tournament).values_list("pk", flat=True))


def in_a_club(walk: Iterator, organizer) -> Iterator:
    """The same walk with the event one of a club's (run by `organizer`, with a season around it), so
    the club's pages (season standings, players' pages, ratings, roll of honour, members) are read
    at every stage too."""
    from tournament.models import Club, PastEvent, Season

    club = None
    for stage, tournament in walk:
        if club is None:
            club = Club.objects.create(name="Walk club", slug=f"club-of-{tournament.slug}")
            club.organizers.add(organizer)
            day = timezone.localdate()
            Season.objects.create(club=club, name="This season", starts_on=day - dt.timedelta(days=200),
                                  ends_on=day + dt.timedelta(days=200))
            Tournament.objects.filter(pk=tournament.pk).update(club=club)
            Tournament.objects.filter(pk=tournament.pk).bump()
            tournament.refresh_from_db()
        if stage.decided and not club.past_events.exists():
            # An event typed in from before Meldboard, and so its correction page: only once the event
            # is decided, as the roll of honour then says silver and bronze (the walk's check for
            # medals shown too early reads every page).
            PastEvent.objects.create(club=club, name="Founders' cup", year=2019, champions="Ana & Ben")
            Club.objects.filter(pk=club.pk).bump()
        yield stage, tournament
