"""A Bayfest bracket (two divisions and a final) driven by its people in random order (Hypothesis'
RuleBasedStateMachine): the organizer's laptop, teams signing up and each game's table phone act
through the real pages (Django's test client, at the machine's clock), and after every step the
event must still be right.

Actions: sign-up, close, each division's draw previewed and published, check-in at the table's phone
and at game day, start (phone, everyone agreeing; game day), a no-show (the clock passes a game's
grace) and its reversal, a team's withdrawal, a substitute for one game, a hand at the phone, its
confirmation, the organizer's correction, a finished game reopened, a decision on a level game, a
house-rule change, "Edit tournament" saved as shown, the clock moving on. `carry_on` is the day's
next natural step; the others are detours (tests/people/machine.py).

Checks after every step: no team twice in a round of a division, no game against itself, a game
forfeited for a no-show has no hands, every saved setting is what was last saved, every sheet's
totals equal a replay of the hands by rules/, every page answers for a visitor, the organizer and
each table phone (tests/people/invariants.py).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter

import pytest
from hypothesis import strategies as st
from hypothesis.stateful import invariant, rule

from scoring import sheet as sheets
from scoring.models import Hand
from tests.factories import TeamFactory, TournamentFactory
from tests.people.hands import hand_form
from tests.people.machine import PICK, PeopleMachine, detour, pick, run
from tests.walks.pages import visible
from tournament.core.house_rules import is_frozen, numbers_of
from tournament.models import Division, Game, GameSide, Team, Tournament

pytestmark = pytest.mark.django_db

VARIANT = "baja-partners"
TEAMS = ["Pelicans", "Herons", "Gulls", "Terns", "Egrets", "Ibis"]


def said(response) -> str:
    """What a page says, in one line."""
    return " ".join(visible(response.content.decode()).split())[:1500]


class BracketDay(PeopleMachine):
    """Bayfest from sign-ups to the champion."""

    teams = 4

    def create_event(self, start):
        event = TournamentFactory(signup_deadline=start + dt.timedelta(days=1), organizers=[self.organizer])
        for number, name in enumerate(TEAMS[:self.teams]):
            TeamFactory(tournament=event, name=name, created_at=start - dt.timedelta(minutes=10 - number))
        self.signed = self.teams
        return event

    # ---- what the machine reads -------------------------------------------------------------

    def games(self, *statuses) -> list[Game]:
        found = Game.objects.filter(division__tournament_id=self.pk).select_related("division", "round")
        if statuses:
            found = found.filter(status__in=statuses)
        return list(found.order_by("division__kind", "round__number", "number"))

    def sides(self, game: Game) -> list[GameSide]:
        return list(GameSide.objects.filter(game=game, is_bye=False).select_related("team").order_by("slot"))

    def published(self) -> set[str]:
        return set(Division.objects.filter(tournament_id=self.pk, published_at__isnull=False).values_list("kind", flat=True))

    def playing(self) -> list[Game]:
        return [g for g in self.games(Game.Status.IN_PLAY)
                if (not g.time_limit_at or self.devices.now < g.time_limit_at) and not sheets.build(g).over]

    def hand_games(self) -> list[Game]:
        return [g for g in self.playing() if not Hand.objects.filter(game=g, confirmed_at__isnull=True).exists()]

    def ready_unchecked(self) -> list[tuple[Game, Team]]:
        found = []
        for game in self.games(Game.Status.READY):
            checked = set(game.checkins.values_list("team_id", flat=True))
            found += [(game, s.team) for s in self.sides(game) if s.team_id and s.team_id not in checked]
        return found

    # ---- the people's actions -----------------------------------------------------------------

    def publish(self, kind: str, seed: int) -> None:
        o = self.devices.organizer
        preview = self.devices.post(o, self.org(f"draw/{kind}/preview/"), {"seed": str(seed)})
        assert preview.status_code == 302, said(preview)
        published = self.devices.post_form(o, self.org("draw/"), self.org(f"draw/{kind}/publish/"))
        assert published.status_code == 302, said(published)
        assert kind in self.published()

    def check_in(self, game: Game, team: Team, *, at_the_phone: bool) -> None:
        if at_the_phone:
            response = self.devices.post(self.devices.phone, f"/table/{game.table_token}/check-in/", {"team": team.pk})
        else:
            response = self.devices.post(self.devices.organizer, self.org(f"gameday/game/{game.pk}/check-in/"),
                                         {"team": team.pk, "from": "game"})
        assert response.status_code == 302

    def start(self, game: Game, *, at_the_phone: bool) -> None:
        agree = [s.team_id for s in self.sides(game)]
        if at_the_phone:
            response = self.devices.post(self.devices.phone, f"/table/{game.table_token}/start/", {"agree": agree})
        else:
            response = self.devices.post(self.devices.organizer, self.org(f"gameday/game/{game.pk}/start/"),
                                         {"agree": agree, "from": "game"})
        assert response.status_code == 302

    def hand(self, game: Game, winner: int, confirmed: bool) -> None:
        slots = [s.slot for s in self.sides(game)]
        number = Hand.objects.filter(game=game).count() + 1
        out = pick(slots, winner)
        enterer = next(s for s in slots if s != out)  # the losing side enters, the winners confirm
        data = {"number": str(number), "key": self.next("hand-"), "entered_by": str(enterer),
                **hand_form(VARIANT, slots, out, set())}
        response = self.devices.post(self.devices.phone, f"/table/{game.table_token}/hands/", data)
        assert response.status_code == 302, f"hand {number} refused at {game.label}: {said(response)}"
        if confirmed:
            self.confirm(Hand.objects.get(game=game, number=number))

    def confirm(self, hand: Hand) -> None:
        other = next(s.slot for s in self.sides(hand.game) if s.slot != hand.entered_by_slot)
        data = {"version": str(hand.version), "side": str(other), "handover": "on"}
        response = self.devices.post(self.devices.phone, f"/table/{hand.game.table_token}/hands/{hand.number}/confirm/", data)
        assert response.status_code == 302
        hand.refresh_from_db()
        assert hand.confirmed_at, f"hand {hand.number} at {hand.game.label} is not confirmed"

    # ---- the day moves on ---------------------------------------------------------------------

    @rule(seed=st.integers(min_value=1, max_value=50), winner=PICK)
    def carry_on(self, seed, winner):
        """The next natural step: close sign-ups, publish each division's draw, check the teams in and
        start their games, play them to the end, decide a level game; else the clock moves on."""
        self.forward()
        if self.event.signups_open():
            response = self.devices.post(self.devices.organizer, self.org("close/"), {})
            assert response.status_code == 302
            return None
        for kind in ("d1", "d2"):
            if kind not in self.published():
                return self.publish(kind, seed)
        if self.hand_games():
            for game in self.hand_games():
                for _ in range(12):
                    if game.pk not in {g.pk for g in self.hand_games()}:
                        break
                    self.hand(game, winner, True)
            return None
        unconfirmed = Hand.objects.filter(game__in=self.playing(), confirmed_at__isnull=True).first()
        if unconfirmed:
            return self.confirm(unconfirmed)
        waiting = self.games(Game.Status.AWAITING_DECISION)
        if waiting:
            return self.decide(waiting[0], winner)
        ready = self.games(Game.Status.READY)
        if ready:
            game = ready[0]
            if game.starts_at and self.devices.now < game.starts_at - dt.timedelta(minutes=30):
                self.devices.now = game.starts_at - dt.timedelta(minutes=30)  # the morning of the game
            for _, team in [(g, t) for g, t in self.ready_unchecked() if g.pk == game.pk]:
                self.check_in(game, team, at_the_phone=True)
            return self.start(Game.objects.get(pk=game.pk), at_the_phone=True)
        self.devices.advance(minutes=40)
        self.devices.page(self.devices.organizer, self.org("gameday/"))
        return None

    def decide(self, game: Game, winner: int) -> None:
        team = pick([s.team_id for s in self.sides(game)], winner)
        response = self.devices.post(self.devices.organizer, self.org(f"gameday/game/{game.pk}/decide/"),
                                     {"winner": team, "note": "higher total after the extra hand"})
        assert response.status_code == 302

    # ---- detours ------------------------------------------------------------------------------

    @rule()
    @detour("sign_up", 2, lambda self: self.event.signups_open() and self.signed < len(TEAMS))
    def sign_up(self):
        name = TEAMS[self.signed]
        self.signed += 1
        response = self.devices.post(self.devices.visitor, f"/t/{self.slug}/signup/",
                                     {"team_name": name, "player1": f"{name} North", "player2": f"{name} South",
                                      "submission_key": self.next("k")})
        assert response.status_code == 302, said(response)

    @rule(choice=PICK)
    @detour("house_rule", 2, lambda self: not is_frozen(self.event))
    def change_house_rule(self, choice):
        value = pick([v for v in (200, 100, 300) if v != numbers_of(self.event)["going_out"]], choice)
        page = self.org("rules/")
        response = self.devices.post_form(self.devices.organizer, page, page, going_out=str(value))
        assert response.status_code == 302, said(response)
        self.expected_numbers = {**self.expected_numbers, "going_out": value}

    @rule()
    @detour("edit", 2)
    def save_tournament_as_shown(self):
        """"Edit tournament" saved as shown, at any stage: nothing it does not show changes."""
        page = self.org("edit/")
        response = self.devices.post_form(self.devices.organizer, page, page)
        assert response.status_code == 302, said(response)

    @rule(which=PICK, at_the_phone=st.booleans())
    @detour("check_in", 2, lambda self: self.ready_unchecked())
    def one_team_checks_in(self, which, at_the_phone):
        game, team = pick(self.ready_unchecked(), which)
        self.check_in(game, team, at_the_phone=at_the_phone)

    def someone_missing(self) -> list[Game]:
        return [g for g in self.games(Game.Status.READY) if g.no_show_at and 0 < g.checkins.count() < 2]

    @rule()
    @detour("grace", 2, lambda self: self.someone_missing())
    def grace_passes(self):
        """A team not checked in when the grace is over forfeits (the next page applies it)."""
        game = self.someone_missing()[0]
        self.devices.now = max(self.devices.now, game.no_show_at + dt.timedelta(minutes=1))
        self.devices.page(self.devices.organizer, self.org("gameday/"))

    def reversible(self) -> list[Game]:
        return [g for g in self.games(Game.Status.FORFEIT) if g.result_reason == Game.Reason.NO_SHOW]

    @rule(which=PICK)
    @detour("reverse", 2, lambda self: self.reversible())
    def reverse_the_no_show(self, which):
        game = pick(self.reversible(), which)
        response = self.devices.post(self.devices.organizer, self.org(f"gameday/game/{game.pk}/reverse/"),
                                     {"reason": "they were in the car park"})
        assert response.status_code == 302

    @rule(which=PICK, at_the_phone=st.booleans())
    @detour("start", 2, lambda self: self.games(Game.Status.READY))
    def start_a_game(self, which, at_the_phone):
        self.start(pick(self.games(Game.Status.READY), which), at_the_phone=at_the_phone)

    @rule(which=PICK, winner=PICK)
    @detour("hand", 3, lambda self: self.hand_games())
    def hand_left_unconfirmed(self, which, winner):
        self.hand(pick(self.hand_games(), which), winner, False)

    @rule(which=PICK, winner=PICK, lost=st.sampled_from([20, 60, 100]))
    @detour("correct", 2, lambda self: Hand.objects.filter(game__division__tournament_id=self.pk).exists())
    def correct_a_hand(self, which, winner, lost):
        hand = pick(list(Hand.objects.filter(game__division__tournament_id=self.pk).order_by("pk")), which)
        slots = [s.slot for s in self.sides(hand.game)]
        data = {"number": str(hand.number), "version": str(hand.version), "reason": "checked with the table",
                **hand_form(VARIANT, slots, pick(slots, winner), set(), lost=lost)}
        response = self.devices.post(self.devices.organizer, f"/table/manage/{hand.game_id}/hands/{hand.number}/edit/", data)
        # 409: the correction would take a finished game's winner away, or move a win the next game
        # already depends on (the page says so; nothing changes).
        assert response.status_code in (302, 409), said(response)

    @rule(which=PICK)
    @detour("reopen", 2, lambda self: self.games(Game.Status.FINISHED))
    def reopen_a_game(self, which):
        game = pick(self.games(Game.Status.FINISHED), which)
        response = self.devices.post(self.devices.organizer, self.org(f"gameday/game/{game.pk}/reopen/"),
                                     {"reason": "the last hand was entered twice"})
        assert response.status_code == 302

    def in_the_draw(self) -> list[Team]:
        return list(Team.objects.filter(tournament_id=self.pk, withdrawn_at__isnull=True).order_by("pk"))

    @rule(which=PICK)
    @detour("withdraw", 1, lambda self: self.published() and self.in_the_draw())
    def withdraw_a_team(self, which):
        team = pick(self.in_the_draw(), which)
        response = self.devices.post(self.devices.organizer, self.org(f"gameday/team/{team.pk}/withdraw/"),
                                     {"reason": "a partner is ill", "scope": ""})
        assert response.status_code in (302, 400), said(response)

    def open_games(self) -> list[Game]:
        return self.games(Game.Status.READY, Game.Status.IN_PLAY)

    @rule(which=PICK, who=PICK)
    @detour("substitute", 2, lambda self: self.open_games())
    def substitute_for_one_game(self, which, who):
        game = pick(self.open_games(), which)
        players = [p for s in self.sides(game) for p in s.team.players.order_by("pk")]
        response = self.devices.post(self.devices.organizer, self.org(f"gameday/game/{game.pk}/substitute/"),
                                     {"replaced": pick(players, who).pk, "name": self.next("Sub ")})
        assert response.status_code == 302

    @rule()
    @detour("clock", 2)
    def time_passes(self):
        self.devices.advance(minutes=40)
        self.devices.page(self.devices.organizer, self.org("gameday/"))

    # ---- checks of a bracket ------------------------------------------------------------------

    @invariant()
    def each_team_once_a_round(self):
        assert bracket_problems(self.event) == []


def bracket_problems(event: Tournament) -> list[str]:
    """No team twice in one round of a division, no game against itself, no hands at a game a
    no-show forfeited before it started."""
    found = []
    rows = GameSide.objects.filter(game__division__tournament=event, team__isnull=False).values_list(
        "game__division__kind", "game__round__number", "game_id", "team_id")
    per_round = Counter((kind, number, team) for kind, number, _, team in rows)
    found += [f"{kind} round {number}: team {team} in {n} games" for (kind, number, team), n in per_round.items() if n > 1]
    per_game = Counter((game, team) for _, _, game, team in rows)
    found += [f"game {game}: team {team} on both sides" for (game, team), n in per_game.items() if n > 1]
    for game in Game.objects.filter(division__tournament=event, status=Game.Status.FORFEIT, result_reason=Game.Reason.NO_SHOW,
                                    started_at__isnull=True):
        if Hand.objects.filter(game=game).exists():
            found.append(f"{game.label}: forfeited at the no-show deadline, yet hands on its sheet")
    return found


def test_a_bracket_day_in_any_order(organizer):
    run(BracketDay, organizer, teams=4)
