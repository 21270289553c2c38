"""A table-round day driven by its people in random order (Hypothesis' RuleBasedStateMachine): the
organizer's laptop, the players signing up and each table's phone act through the real pages
(Django's test client, at the machine's clock), and after every step the day must still be right.

Actions: sign-up (some name whom they came with: in another case, with accents, or somebody who never
signs up), close, partner draw, round draw and publication, check-in at the table's phone (everyone,
or all but one), start at the phone and at the round board, a no-show (the clock passes a table's
grace), a table below its minimum (the organizer waits, moves its players or forfeits it), a player
leaving a table in play (S4), a withdrawal (the seats to a substitute, to those sitting out, or the
round seated again), a substitute (one round or the rest of the event), a player whose partner
withdrew paired with another left alone or given a substitute partner, a hand at the phone, its
confirmation, the organizer's correction, a finished table reopened, a play-off, the event finished
and reopened, a house-rule change (the variant's numbers, what an absent seat scores), a
round-settings change, "Edit tournament" saved as shown, a round's publication taken back, the undo
of a withdrawal, of a substitute (one round, the rest) and of an absence (a late arrival or a player
who left seated back), the clock moving on; and
what every format has (tests/people/machine.py): the event joins a club whose members are merged and
split, a co-organizer is invited and joins.

Checks after every step: nobody seated twice (seats, tables and games alike), partners never side by
side and opposite at a table of two partnerships, people who came together linked and never drawn as
partners, an absent seat never enters, confirms, goes out or scores, every saved setting is what was
last saved, every sheet's totals and the standings equal a replay of the hands by rules/, every page
of the event answers 200 for a visitor, each organizer and each table phone, in English and Spanish in
turn (tests/people/machine.py, tests/people/invariants.py, tests/walks/listed.py).
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule

from scoring import sheet as sheets
from scoring.models import Hand
from tests.factories import TournamentFactory
from tests.people import invariants
from tests.people.hands import hand_form
from tests.people.machine import PICK, PeopleMachine, detour, local, pick, run
from tests.walks.pages import visible
from tournament.core import seat_state
from tournament.core.house_rules import is_frozen, numbers_of
from tournament.formats.tables import after_draw, formats, results, rounds, short_tables, signups
from tournament.models import (
    Division,
    Game,
    GameEvent,
    GameSide,
    PartnerDraw,
    Player,
    SeatingDraw,
    Substitution,
    TableEntry,
    TableEvent,
    Tournament,
)

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eva", "Finn", "Gia", "Hal", "Ivo", "Jan", "Kim", "Lou", "Max", "Nia", "Oto", "Pia"]
# Whom some came with, as people type it (another case, accents, a name nobody signed up with), and
# who that is.
CAME_WITH = {"Dee": ("bob", "Bob"), "Finn": ("ÉVA", "Eva"), "Gia": ("Zed Nobody", None)}
# A house rule each variant's organizer may change before the first hand, and the values tried.
HOUSE_RULES = {"rummikub": ("rounds", (0, 3, 2)), "baja-cutthroat": ("going_out", (200, 100, 300)),
               "club-4deck": ("going_out", (100, 150, 200)), "fiji-team": ("going_out", (200, 100, 300))}
ABSENT_PENALTY = ("absent_penalty", (0, 5, 20))  # every variant's (RULES-DECISIONS S1)
MOVEMENTS = [str(m) for m in TableEvent.Movement]
STANDINGS_BY = [str(s) for s in TableEvent.Standings]
MAX_ROUNDS = 2


def said(response) -> str:
    """What a refused page says, in one line."""
    return " ".join(visible(response.content.decode()).split())[:1500]


class TableDay(PeopleMachine):
    """One table event from sign-ups to medals; the test names the variant and the first players."""

    variant = "rummikub"
    players = 6
    language_of_event = "en"  # its printouts' and mail's language (the pages follow each browser)
    rounds_allowed = MAX_ROUNDS

    def create_event(self, start):
        self.signed = 0
        event = TournamentFactory(format="tables", variant=self.variant, signup_deadline=start + dt.timedelta(days=1),
                                  organizers=[self.organizer], language=self.language_of_event)
        self.slug = event.slug
        for _ in range(self.players):
            self._sign_up_one()
        return event

    # ---- what the machine reads -------------------------------------------------------------

    def games(self, **where) -> list[Game]:
        return list(Game.objects.filter(division__tournament_id=self.pk, division__kind=Division.Kind.TABLES, **where)
                    .select_related("round").order_by("round__number", "number"))

    def sides(self, game: Game) -> list[GameSide]:
        return list(GameSide.objects.filter(game=game, is_bye=False).select_related("team", "player").order_by("slot"))

    def partnerships(self) -> bool:
        return formats.in_partnerships(self.event)

    def open(self) -> bool:
        return self.event.signups_open()

    def drawn(self) -> bool:
        return bool(rounds.published_seatings(self.event))

    def partners_needed(self) -> bool:
        return self.partnerships() and not signups.partners_published(self.event)

    def hands_saved(self) -> bool:
        return Hand.objects.filter(game__division__tournament_id=self.pk).exists()

    def ready_seats(self, checked: bool | None = None) -> list[tuple[Game, GameSide]]:
        return [(game, side) for game in self.games(status=Game.Status.READY) for side in self.sides(game)
                if not side.forfeited_at and (checked is None or bool(side.checked_in_at) == checked)]

    def playing(self) -> list[Game]:
        """Tables in play whose time is not up and whose sheet does not end the game (a table reopened
        with its game over waits for the organizer's correction)."""
        return [g for g in self.games(status=Game.Status.IN_PLAY)
                if (not g.time_limit_at or self.devices.now < g.time_limit_at) and not sheets.build(g).over]

    def hand_tables(self) -> list[Game]:
        found = []
        for game in self.playing():
            if Hand.objects.filter(game=game, confirmed_at__isnull=True).exists():
                continue  # the table confirms its last hand first
            if short_tables.is_short(game) or seat_state.below_minimum(self.event, self.sides(game)):
                continue  # too few to play: the organizer chooses first
            found.append(game)
        return found

    def too_few_in_play(self) -> list[Game]:
        """Tables in play below the minimum since a player left: no hand until one comes back."""
        return [g for g in self.games(status=Game.Status.IN_PLAY) if seat_state.below_minimum(self.event, self.sides(g))]

    def tie(self):
        if not self.drawn() or self.event.status == Tournament.Status.FINISHED:
            return None
        return next((t for t in results.standings(self.event).ties if t.playoff == "needed"), None)

    def can_draw_round(self) -> bool:
        if self.open() or self.partners_needed() or self.event.status == Tournament.Status.FINISHED:
            return False
        if len(rounds.shown_numbers(self.event)) >= self.rounds_allowed:
            return False
        return not any(g.status not in Game.DONE for g in self.games())

    # ---- the people's actions -----------------------------------------------------------------

    def _sign_up_one(self) -> None:
        name = NAMES[self.signed]
        self.signed += 1
        response = self.devices.post(self.devices.visitor, f"/t/{self.slug}/join/", {
            "name": name, "came_with": CAME_WITH.get(name, ("",))[0], "submission_key": f"k{self.signed}"})
        assert response.status_code == 302, f"{name} could not sign up: {said(response)}"
        if name in CAME_WITH and CAME_WITH[name][1] is None:  # nobody of that name: the organizer is told
            shown = said(self.devices.get(self.devices.organizer, self.org("players/")))
            assert f"{name} came with Zed Nobody" in shown and "not signed up" in shown, shown

    def close_sign_ups(self):
        response = self.devices.post(self.devices.organizer, self.org("close/"), {})
        assert response.status_code == 302 and not self.open()

    def draw_partners(self, seed: int):
        o = self.devices.organizer
        response = self.devices.post(o, self.org("partners/preview/"), {"seed": str(seed)})
        if response.status_code == 400 and "Add substitute" in said(response):  # an odd count: the way forward offered
            added = self.devices.post_form(o, self.org("partners/"), self.org("partners/substitute/"), name=self.next("Sub "))
            assert added.status_code == 302, said(added)
            response = self.devices.post(o, self.org("partners/preview/"), {"seed": str(seed)})
        assert response.status_code == 302, said(response)
        published = self.devices.post_form(o, self.org("partners/"), self.org("partners/publish/"))
        assert published.status_code == 302, said(published)
        assert signups.partners_published(self.event)

    def publish_round(self, seed: int) -> None:
        o = self.devices.organizer
        number = rounds.next_round_number(self.event)
        preview = self.devices.post(o, self.org(f"rounds/{number}/preview/"), {"seed": str(seed)})
        if preview.status_code == 400:
            return  # the draw says why it cannot seat the round (a lone partner …)
        assert preview.status_code == 302, said(preview)
        starts = local(self.event, self.devices.now + dt.timedelta(minutes=30))
        published = self.devices.post_form(o, self.org("rounds/"), self.org(f"rounds/{number}/publish/"), starts_at=starts)
        assert published.status_code == 302, said(published)
        assert rounds.next_round_number(self.event) == number + 1

    def check_in(self, game: Game, *, one_missing: bool = False) -> None:
        waiting = [s for g, s in self.ready_seats(checked=False) if g.pk == game.pk]
        for side in waiting[:-1] if one_missing and len(waiting) > 1 else waiting:
            response = self.devices.post(self.devices.phone, f"/table/{game.table_token}/check-in/", {"side": side.pk})
            assert response.status_code == 302

    def start_at_the_phone(self, game: Game) -> None:
        seats = [s.pk for s in self.sides(game) if not s.forfeited_at]
        response = self.devices.post(self.devices.phone, f"/table/{game.table_token}/start/", {"agree": seats})
        assert response.status_code == 302

    def hand(self, game: Game, winner: int, enterer: int, confirmed: bool) -> None:
        sides = self.sides(game)
        present = [s.slot for s in sides if not s.forfeited_at]
        absent = {s.slot for s in sides if s.forfeited_at}
        number = Hand.objects.filter(game=game).count() + 1
        data = {"number": str(number), "key": self.next("hand-"), "entered_by": str(pick(present, enterer)),
                **hand_form(self.variant, [s.slot for s in sides], pick(present, winner), absent)}
        response = self.devices.post(self.devices.phone, f"/table/{game.table_token}/hands/", data)
        assert response.status_code == 302, f"hand {number} refused at {game.label}: {said(response)}"
        if confirmed:
            self.confirm(Hand.objects.get(game=game, number=number), enterer)

    def confirm(self, hand: Hand, side: int) -> None:
        others = [s.slot for s in self.sides(hand.game) if not s.forfeited_at and s.slot != hand.entered_by_slot]
        data = {"version": str(hand.version), "side": str(pick(others, side)), "handover": "on"}
        response = self.devices.post(self.devices.phone, f"/table/{hand.game.table_token}/hands/{hand.number}/confirm/", data)
        assert response.status_code == 302
        hand.refresh_from_db()
        assert hand.confirmed_at, f"hand {hand.number} at {hand.game.label} is not confirmed"

    def correct(self, hand: Hand, winner: int, lost: int) -> None:
        sides = self.sides(hand.game)
        absent = seat_state.absent_slots(sides, hand.number)  # who took no part in that hand
        present = [s.slot for s in sides if s.slot not in absent]
        data = {"number": str(hand.number), "version": str(hand.version), "reason": "checked with the table",
                **hand_form(self.variant, [s.slot for s in sides], pick(present, winner), absent, lost=lost)}
        response = self.devices.post(self.devices.organizer, f"/table/manage/{hand.game_id}/hands/{hand.number}/edit/", data)
        # 409: the correction would take a finished game's winner away (the page says so; nothing changes).
        assert response.status_code in (302, 409), said(response)

    def play_off(self, tie) -> None:
        """A play-off for the tie; when no table of the variant can seat it (2 level at cutthroat, 4
        partnerships at a club table), the page says so and the organizer ends the day, the tie shared."""
        starts = local(self.event, self.devices.now + dt.timedelta(minutes=15))
        response = self.devices.post(self.devices.organizer, self.org("standings/playoff/"),
                                     {"entrant": [str(e) for e in tie.entrants], "starts_at": starts, "table": "9",
                                      "no_show_minutes": "5"})
        if response.status_code == 400 and "settle it another way" in said(response):
            response = self.devices.post(self.devices.organizer, self.org("standings/finish/"), {"reason": "the tie is shared"})
            assert self.event.status == Tournament.Status.FINISHED, said(response)
        assert response.status_code == 302, said(response)

    # ---- the day moves on ---------------------------------------------------------------------

    @rule(seed=st.integers(min_value=1, max_value=50), winner=PICK)
    def carry_on(self, seed, winner):
        """The next natural step of the day: close sign-ups, draw partners, publish the next round,
        seat and start the tables, play them to the end, correct a reopened table's last hand, play off
        a tie; with nothing else to do, the clock moves on."""
        self.forward()
        if self.open():
            return self.close_sign_ups()
        if self.partners_needed():
            return self.draw_partners(seed)
        over = [g for g in self.games(status=Game.Status.IN_PLAY) if sheets.build(g).over and g not in self.playing()]
        if over and not Hand.objects.filter(game__in=over, confirmed_at__isnull=True).exists():
            last = Hand.objects.filter(game=over[0]).order_by("-number").first()
            return self.correct(last, winner, 60)
        left = self.too_few_in_play()
        if left:  # the player who left comes back
            side = next(s for s in self.sides(left[0]) if s.forfeited_at)
            response = self.devices.post(self.devices.organizer, self.org(f"round-board/table/{left[0].pk}/seat-back/"),
                                         {"side": side.pk})
            assert response.status_code == 302
            return None
        if self.hand_tables():
            for game in self.hand_tables():
                for _ in range(12):
                    if game.pk not in {g.pk for g in self.hand_tables()}:
                        break
                    self.hand(game, winner, winner + 1, True)
            return None
        unconfirmed = Hand.objects.filter(game__in=self.playing(), confirmed_at__isnull=True).first()
        if unconfirmed:
            return self.confirm(unconfirmed, winner)
        short = [g for g in self.games(status=Game.Status.IN_PLAY) + self.games(status=Game.Status.READY)
                 if short_tables.is_short(g)]
        if short:  # too few to play on: the organizer waits, moves the players or forfeits the table
            return self.too_few_at(short[0], winner)
        if self.someone_missing():  # the one who did not check in does not come: the grace passes
            return self.grace_passes_now()
        ready = self.games(status=Game.Status.READY)
        if ready:
            for game in ready:
                self.check_in(game)
                self.start_at_the_phone(Game.objects.get(pk=game.pk))
            return None
        if self.can_draw_round():
            return self.publish_round(seed)
        tie = self.tie()
        if tie is not None:
            return self.play_off(tie)
        if self.finishable():
            response = self.devices.post(self.devices.organizer, self.org("standings/finish/"), {"reason": "every table is done"})
            assert response.status_code == 302 and self.event.status == Tournament.Status.FINISHED, said(response)
            return None
        self.devices.advance(minutes=40)
        self.devices.page(self.devices.organizer, self.org("round-board/"))
        return None

    def finishable(self) -> bool:
        """Every round played, no tie to play off, not finished yet: the organizer ends the day."""
        event = self.event
        return (event.status != Tournament.Status.FINISHED and self.drawn() and not self.can_draw_round()
                and len(rounds.shown_numbers(event)) >= self.rounds_allowed
                and all(g.status in Game.DONE for g in self.games()) and self.tie() is None)

    def too_few_at(self, game: Game, choice: int) -> None:
        """The organizer's choice for a table below the minimum (RULES-DECISIONS S3): wait (once; then
        the absent player arrives late, or the table is forfeited), move its players to a table with
        room, or forfeit it. Whatever is chosen, nobody is seated twice and no table of too few plays."""
        waited = GameEvent.objects.filter(game=game, kind="short_table", data__choice="wait").exists()
        present = [s for s in self.sides(game) if not s.forfeited_at]
        room = short_tables.room_at(game, len(present))
        chosen = pick(["wait", "move", "forfeit"], choice)
        if chosen == "move" and not room:
            chosen = "forfeit"
        if chosen == "wait" and waited:
            absent = [s for s in self.sides(game) if s.forfeited_at]
            if absent:  # the one they waited for arrives
                response = self.devices.post(self.devices.organizer, self.org(f"round-board/table/{game.pk}/seat-back/"),
                                             {"side": absent[0].pk})
                assert response.status_code == 302
                return
            chosen = "forfeit"
        data = {"choice": chosen, **({"to_game": str(pick(room, choice).pk)} if chosen == "move" else {})}
        response = self.devices.post(self.devices.organizer, self.org(f"round-board/table/{game.pk}/short/"), data)
        assert response.status_code == 302
        after = Game.objects.get(pk=game.pk)
        if chosen == "wait":
            assert after.status == Game.Status.READY and short_tables.is_short(after), "a short table stopped waiting"
            assert GameEvent.objects.filter(game=game, kind="short_table", data__choice="wait").exists(), "the wait is not logged"
        else:
            assert after.status in Game.DONE and not after.hands.exists(), f"{chosen}: table {after.table_number} is {after.status}"
        if chosen == "move":
            moved = {s.pk for s in present}
            assert set(GameSide.objects.filter(pk__in=moved).values_list("game_id", flat=True)) == {int(data["to_game"])}

    # ---- detours ------------------------------------------------------------------------------

    @rule()
    @detour("reopen_event", 1, lambda self: self.event.status == Tournament.Status.FINISHED)
    def reopen_the_event(self):
        """A finished event reopened on the Standings page: running again, one more round offered."""
        response = self.devices.post(self.devices.organizer, self.org("standings/reopen/"),
                                     {"reason": "one more round after all"})
        assert response.status_code == 302 and self.event.status != Tournament.Status.FINISHED, said(response)
        self.rounds_allowed = len(rounds.shown_numbers(self.event)) + 1
        assert "Publish" in said(self.devices.get(self.devices.organizer, self.org("rounds/"))) or self.tie()

    @rule()
    @detour("sign_up", 2, lambda self: self.open())
    def sign_up(self):
        for _ in range(2 if self.partnerships() else 1):  # partners are drawn by lot: an even count
            self._sign_up_one()

    @rule(choice=PICK, absent=st.booleans())
    @detour("house_rule", 2, lambda self: not is_frozen(self.event))
    def change_house_rule(self, choice, absent):
        """A number of the variant's, or what an absent seat scores each hand it misses."""
        key, values = ABSENT_PENALTY if absent else HOUSE_RULES[self.variant]
        value = pick([v for v in values if v != numbers_of(self.event)[key]], choice)
        page = self.org("rules/")
        response = self.devices.post_form(self.devices.organizer, page, page, **{key: str(value)})
        assert response.status_code == 302, said(response)
        self.expected_numbers = {**self.expected_numbers, key: value}

    @rule(movement=st.sampled_from(MOVEMENTS), by=st.sampled_from(STANDINGS_BY))
    @detour("round_settings", 2, lambda self: not self.drawn())
    def change_round_settings(self, movement, by):
        response = self.devices.post_form(self.devices.organizer, self.org("rounds/"), self.org("rounds/settings/"),
                                          movement=movement, standings=by)
        assert response.status_code == 302, said(response)
        self.expected_fields[(rounds.event_settings, "movement")] = movement
        self.expected_fields[(rounds.event_settings, "standings")] = by

    @rule()
    @detour("edit", 2)
    def save_tournament_as_shown(self):
        """"Edit tournament" saved as shown, at any stage: nothing it does not show changes."""
        page = self.org("edit/")
        response = self.devices.post_form(self.devices.organizer, page, page)
        assert response.status_code == 302, said(response)

    @rule(table=PICK)
    @detour("all_but_one", 2, lambda self: self.ready_seats(checked=False))
    def all_but_one_check_in(self, table):
        """A table's players check in at its phone, all but one."""
        game, _ = pick(self.ready_seats(checked=False), table)
        self.check_in(game, one_missing=True)

    @rule(table=PICK)
    @detour("board_start", 2, lambda self: self.games(status=Game.Status.READY))
    def start_at_the_board(self, table):
        game = pick(self.games(status=Game.Status.READY), table)
        response = self.devices.post(self.devices.organizer, self.org(f"round-board/table/{game.pk}/start/"), {})
        assert response.status_code == 302

    @rule(table=PICK)
    @detour("phone_start_missing", 2, lambda self: self.someone_missing())
    def start_at_the_phone_with_someone_missing(self, table):
        """A table's phone never starts with a seat missing, whoever agrees (nobody is marked present)."""
        game = pick(self.someone_missing(), table)
        waiting = {s.pk for s in self.sides(game) if not s.checked_in_at}
        response = self.devices.post(self.devices.phone, f"/table/{game.table_token}/start/",
                                     {"agree": [s.pk for s in self.sides(game)]})
        assert response.status_code == 302
        assert Game.objects.get(pk=game.pk).status == Game.Status.READY, "the phone started a table with a seat missing"
        assert not GameSide.objects.filter(pk__in=waiting, checked_in_at__isnull=False).exists()

    @rule(table=PICK)
    @detour("start_without", 2, lambda self: self.someone_missing())
    def organizer_starts_without_the_missing(self, table):
        """The organizer, explicitly, starts a table with a seat missing: that seat is absent."""
        game = pick(self.someone_missing(), table)
        waiting = [s.pk for s in self.sides(game) if not s.checked_in_at]
        response = self.devices.post(self.devices.organizer, self.org(f"round-board/table/{game.pk}/start/"),
                                     {"without_missing": "1"})
        assert response.status_code == 302
        if Game.objects.get(pk=game.pk).status == Game.Status.IN_PLAY:
            assert GameSide.objects.filter(pk__in=waiting, forfeited_at__isnull=False).count() == len(waiting)

    def absent_seats(self) -> list[tuple[Game, GameSide]]:
        return [(g, s) for g in self.games(status=Game.Status.READY) + self.games(status=Game.Status.IN_PLAY)
                for s in self.sides(g) if s.forfeited_at]

    @rule(which=PICK)
    @detour("late", 2, lambda self: self.absent_seats())
    def a_late_arrival_is_seated_back(self, which):
        game, side = pick(self.absent_seats(), which)
        response = self.devices.post(self.devices.organizer, self.org(f"round-board/table/{game.pk}/seat-back/"),
                                     {"side": side.pk})
        assert response.status_code == 302
        side.refresh_from_db()
        assert not side.forfeited_at, f"{side} is still absent after being seated back"

    def seats_in_play(self) -> list[tuple[Game, GameSide]]:
        return [(g, s) for g in self.games(status=Game.Status.IN_PLAY) if g.hands.exists()
                for s in self.sides(g) if not s.forfeited_at]

    @rule(which=PICK)
    @detour("leave", 2, lambda self: self.seats_in_play())
    def a_player_leaves_the_table(self, which):
        """A player leaves a table in play (S4): the hands played stand, the seat is absent from the
        next hand, the player withdrawn from the event (seated back: back in both)."""
        game, side = pick(self.seats_in_play(), which)
        played = Hand.objects.filter(game=game).count()
        who = side.player_id or side.team.players.order_by("pk").first().pk
        response = self.devices.post(self.devices.organizer, self.org(f"round-board/table/{game.pk}/seat-left/"),
                                     {"side": side.pk, "player": who})
        assert response.status_code == 302
        side.refresh_from_db()
        assert side.forfeited_at and side.left_after_hand == played, f"{side} did not leave after hand {played}"

    def someone_missing(self) -> list[Game]:
        """Ready tables where some have checked in and someone has not."""
        return [g for g in self.games(status=Game.Status.READY) if g.no_show_at
                and len({bool(s.checked_in_at) for s in self.sides(g) if not s.forfeited_at}) == 2]

    def grace_passes_now(self):
        """A seat not checked in when the grace is over: the next page applies the no-show."""
        deadline = min(g.no_show_at for g in self.someone_missing())
        self.devices.now = max(self.devices.now, deadline + dt.timedelta(minutes=1))
        self.devices.page(self.devices.organizer, self.org("round-board/"))

    @rule(table=PICK, winner=PICK, enterer=PICK)
    @detour("hand", 3, lambda self: self.hand_tables())
    def hand_left_unconfirmed(self, table, winner, enterer):
        """A hand entered at a table's phone, not confirmed yet."""
        self.hand(pick(self.hand_tables(), table), winner, enterer, False)

    def correctable(self) -> list[Hand]:
        return list(Hand.objects.filter(game__division__tournament_id=self.pk).select_related("game").order_by("pk"))

    @rule(which=PICK, winner=PICK, lost=st.sampled_from([20, 60, 100]))
    @detour("correct", 2, lambda self: self.correctable())
    def correct_a_hand(self, which, winner, lost):
        self.correct(pick(self.correctable(), which), winner, lost)

    @rule(table=PICK)
    @detour("reopen", 2, lambda self: self.games(status=Game.Status.FINISHED, hands__isnull=False))
    def reopen_a_table(self, table):
        game = pick(self.games(status=Game.Status.FINISHED, hands__isnull=False), table)
        response = self.devices.post(self.devices.organizer, self.org(f"gameday/game/{game.pk}/reopen/"),
                                     {"reason": "a hand was scored for the wrong side"})
        assert response.status_code == 302
        assert Game.objects.get(pk=game.pk).status == Game.Status.IN_PLAY

    def active(self) -> list[Player]:
        """The players the organizer's Players page lists as still in the event."""
        return list(signups.active_players(self.event).filter(table_entry__isnull=False).order_by("pk"))

    @rule(who=PICK, choice=st.sampled_from(["sitting_out", "reseat", "substitute"]))
    @detour("withdraw", 2, lambda self: len(self.active()) > 5)
    def withdraw(self, who, choice):
        player = pick(self.active(), who)
        name = self.next("Sub ")
        data = {"choice": choice, "name": name, "partner_name": f"{name}b", "whole": "on"}
        response = self.devices.post(self.devices.organizer, self.org(f"players/{player.pk}/withdraw/"), data)
        assert response.status_code in (302, 400), said(response)

    @rule(who=PICK, span=st.sampled_from(["round", "rest"]))
    @detour("substitute", 2, lambda self: self.drawn() and self.active())
    def substitute(self, who, span):
        player = pick(self.active(), who)
        response = self.devices.post(self.devices.organizer, self.org(f"players/{player.pk}/substitute/"),
                                     {"name": self.next("Sub "), "span": span})
        assert response.status_code in (302, 400), said(response)

    def left_alone(self) -> list[Player]:
        """Players of a partnership drawn by lot whose partner withdrew."""
        if not self.partnerships() or not signups.partners_published(self.event):
            return []
        return [p for p in self.active() if p.team_id and Player.objects.filter(
            team_id=p.team_id, table_entry__withdrawn_at__isnull=False).exclude(pk=p.pk).exists()]

    @rule(who=PICK, how=st.sampled_from(["pair", "round", "rest"]))
    @detour("alone", 2, lambda self: self.left_alone())
    def a_player_left_alone_is_partnered(self, who, how):
        """A player whose partner withdrew is paired with another left alone, or given a substitute
        partner for the next round or for the rest of the event."""
        alone = self.left_alone()
        player = pick(alone, who)
        others = [p for p in alone if p.pk != player.pk]
        if how == "pair" and others:
            data = {"player": str(others[0].pk), "span": "rest", "name": ""}
        else:
            data = {"name": self.next("Sub "), "span": "round" if how == "round" else "rest"}
        response = self.devices.post(self.devices.organizer, self.org(f"players/{player.pk}/substitute/"), data)
        assert response.status_code in (302, 400), said(response)

    def rest_substituted(self) -> list[int]:
        return sorted({e.data["replaced"] for e in after_draw.logged(self.event, ["partner_replaced"])
                       if e.data.get("rest_of_event") and e.data.get("replaced")})

    @rule(which=PICK)
    @detour("undo_rest", 1, lambda self: self.rest_substituted())
    def undo_a_substitute_for_the_rest(self, which):
        """A substitute (or a pairing) for the rest of the event taken back (refused once they played)."""
        player = pick(self.rest_substituted(), which)
        response = self.devices.post(self.devices.organizer, self.org(f"players/{player}/substitute/rest/undo/"), {})
        assert response.status_code in (302, 400), said(response)

    def untouched_round(self) -> int | None:
        """The latest regular round, published and without a hand yet (its publication may be taken back)."""
        numbers = [r.round_number for r in rounds.published_seatings(self.event) if not r.playoff]
        if not numbers or Hand.objects.filter(game__division__tournament_id=self.pk, game__round__number=max(numbers)).exists():
            return None
        return max(numbers)

    @rule()
    @detour("take_back", 1, lambda self: self.untouched_round() is not None)
    def take_back_a_round(self):
        """The organizer takes back the latest round's publication before its first hand."""
        number = self.untouched_round()
        response = self.devices.post(self.devices.organizer, self.org(f"rounds/{number}/take-back/"), {})
        assert response.status_code == 302

    def withdrawn(self) -> list[Player]:
        return list(Player.objects.filter(tournament_id=self.pk, table_entry__withdrawn_at__isnull=False).order_by("pk"))

    @rule(who=PICK)
    @detour("undo_withdrawal", 1, lambda self: self.drawn() and self.withdrawn())
    def undo_a_withdrawal(self, who):
        player = pick(self.withdrawn(), who)
        response = self.devices.post(self.devices.organizer, self.org(f"players/{player.pk}/withdraw/undo/"), {})
        assert response.status_code in (302, 400), said(response)

    def substituted(self) -> list[int]:
        return sorted(set(Substitution.objects.filter(game__division__tournament_id=self.pk).values_list("replaced_id", flat=True)))

    @rule(who=PICK)
    @detour("undo_substitute", 1, lambda self: self.substituted())
    def undo_a_substitute(self, who):
        player = pick(self.substituted(), who)
        response = self.devices.post(self.devices.organizer, self.org(f"players/{player}/substitute/undo/"), {})
        assert response.status_code in (302, 400), said(response)

    @rule(minutes=st.sampled_from([10, 40]))
    @detour("clock", 2)
    def time_passes(self, minutes):
        """The clock moves on (a grace or a time limit may pass); the organizer looks at the round board."""
        self.devices.advance(minutes=minutes)
        self.devices.page(self.devices.organizer, self.org("round-board/"))

    # ---- checks of a table event ----------------------------------------------------------------

    @invariant()
    def the_standings_replay(self):
        if self.drawn():
            assert standings_problems(self.event) == []

    @invariant()
    def everyone_seated_once_and_partners_apart(self):
        assert seating_problems(self.event) == []

    @invariant()
    def who_came_together_never_partners(self):
        assert household_problems(self.event) == []


def household_problems(event: Tournament) -> list[str]:
    """The partner draw never pairs two people who came together ("came with", matched case- and
    accent-blind: "bob" is Bob, "ÉVA" is Eva)."""
    house = dict(TableEntry.objects.filter(player__tournament=event).values_list("player_id", "household_id"))
    linked = {name: house.get(pk) for pk, name in Player.objects.filter(tournament=event).values_list("pk", "name")}
    found = [f"{name} came with {typed!r}, yet is in no household with {whom}" for name, (typed, whom) in CAME_WITH.items()
             if whom in linked and name in linked and (linked[name] is None or linked[name] != linked[whom])]
    draw = PartnerDraw.objects.filter(tournament=event, published_at__isnull=False).first()
    if draw is None:
        return found
    found += [f"partners {a} and {b} came together" for a, b in draw.pairs if house.get(a) and house.get(a) == house.get(b)]
    return found


def standings_problems(event: Tournament) -> list[str]:
    """Each entrant's score in the standings equals its tables' replayed totals plus its bonuses."""
    table = results.standings(event)
    partnerships = formats.in_partnerships(event)
    expected: dict[int, int] = {}
    playoff_rounds = set(SeatingDraw.objects.filter(tournament=event, playoff=True).values_list("round_number", flat=True))
    for game in results.table_games(event):
        if game.round.number in playoff_rounds:
            continue
        totals = invariants.replayed_totals(game, event)
        bonus = results._bonus_of(game)
        for side, total in zip(game.sides.all(), totals):
            entrant = side.team_id if partnerships else side.player_id
            if entrant is not None:
                expected[entrant] = expected.get(entrant, 0) + total + bonus
    shown = {row.entrant: row.score for row in table.rows if row.entrant in expected}
    return [] if shown == expected else [f"standings {shown}, replayed {expected}"]


def seating_problems(event: Tournament) -> list[str]:
    """Every published round: nobody seated twice (seats and games alike); partners never side by
    side, and opposite at a table of two partnerships."""
    found = []
    partner_of = {}
    teams: dict[int, list[int]] = {}
    for team, player in Player.objects.filter(tournament=event, team__isnull=False).values_list("team_id", "pk"):
        teams.setdefault(team, []).append(player)
    for mates in teams.values():
        if len(mates) == 2:
            partner_of.update({mates[0]: mates[1], mates[1]: mates[0]})
    records = rounds.published_seatings(event)
    latest = max((r.round_number for r in records if not r.playoff), default=None)
    for record in records:
        where = f"round {record.round_number}"
        # Who must be seated: checked for the latest round until its first table starts (a change
        # made while tables play counts from the next round: their seats keep who sat down).
        started = Game.objects.filter(division__tournament=event, round__number=record.round_number,
                                      started_at__isnull=False).exists()
        expected = in_the_event(event, record) if record.round_number == latest and not started else set()
        found += invariants.seated_once(expected, record.seats, record.sitting_out, where)
        sides = GameSide.objects.filter(game__division__tournament=event, game__round__number=record.round_number, is_bye=False)
        for field in ("player_id", "team_id"):
            values = [v for v in sides.values_list(field, flat=True) if v]
            twice = sorted({v for v in values if values.count(v) > 1})
            if twice:
                found.append(f"{where}: {field} {twice} at two tables")
        for index, seats in enumerate(record.seats, start=1):
            sides_here = record.sides[index - 1]
            two_pairs = len(sides_here) == 2 and all(len(s) == 2 for s in sides_here)
            found += invariants.partners_apart(list(seats), partner_of, f"{where} table {index}", opposite=two_pairs)
    return found


def in_the_event(event: Tournament, record: SeatingDraw) -> set[int]:
    """Who must be seated or sitting out in this round: every player still in the event, a partner
    replaced for this round by their substitute (tests/walks/stages.py says the same)."""
    standing_in = after_draw.round_substitutes(event)
    games = Game.objects.filter(division__tournament=event, round__number=record.round_number)
    swaps = dict(Substitution.objects.filter(game__in=games).values_list("replaced_id", "substitute_id"))
    alone = {data["substitute"] for data in GameEvent.objects.filter(game__in=games, kind="partner_replaced",
                                                                      data__rest_of_event=False).values_list("data", flat=True)}
    everyone = signups.active_players(event).exclude(table_entry__isnull=True, pk__in=standing_in).values_list("pk", flat=True)
    return {swaps.get(p, p) for p in everyone} | alone


def test_a_rummikub_day_in_any_order(organizer):
    run(TableDay, organizer, variant="rummikub", players=6)


def test_a_cutthroat_day_in_any_order(organizer):
    run(TableDay, organizer, variant="baja-cutthroat", players=7)


def test_a_club_4deck_day_in_any_order(organizer):
    run(TableDay, organizer, variant="club-4deck", players=8)


def test_a_fiji_teams_day_in_spanish_in_any_order(organizer):
    run(TableDay, organizer, variant="fiji-team", players=10, language_of_event="es")
