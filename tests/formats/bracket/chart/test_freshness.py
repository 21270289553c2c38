"""Every change shows on the very next request: the public bracket (overview and division page), the
organizer's game-day board, the public home and the chart PDF, each asked for first so that it is
cached (the real Redis cache), then the change made through the app's own services, then asked again.

The clock stands still in these tests (no posted start, no-show deadline or time limit passes
between the two requests), so only the tournament's change counter can make a cached page new.
"""

import datetime as dt
import html
import io
import re
from dataclasses import dataclass

import pypdf
import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from scoring import hands
from scoring import sample_hands as td
from scoring.models import Hand
from tests.factories import TeamFactory, UserFactory
from tests.gameday_setup import next_game, publish_division, teams
from tournament.core import actions, deadlines, signup_deadline, timetable
from tournament.models import Game, Round, Team, Tournament
from tournament.signups import registration

POSTED = dt.datetime(2026, 4, 15, 17, 0, tzinfo=dt.UTC)  # Wednesday 10:00 AM in Mazatlán
NOW = POSTED + dt.timedelta(minutes=1)  # after the posted start, before the no-show deadline (10:05)
W1_OUT = [td.values(out=True, **td.W1), td.values(**td.W2)]  # 5,690 and 935
SWAPPED = [td.values(**td.W2), td.values(out=True, **td.W1)]  # 935 and 5,690: the same sum
BIG = [td.values(out=True, **td.BIG), td.values(melded=300, left=20)]  # slot 1 passes 20,000 after W1_OUT twice

pytestmark = pytest.mark.django_db


def text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)))


@dataclass
class Pages:
    """The four places a change must show, read as a visitor and as the organizer would."""
    public: Client
    organizer: Client
    tournament: Tournament

    def brackets(self) -> list[str]:
        slug = self.tournament.slug
        return [self.public.get(reverse("brackets:overview", args=[slug])).content.decode(),
                self.public.get(reverse("brackets:division", args=[slug, "d1"])).content.decode()]

    def board(self) -> str:
        return self.organizer.get(reverse("gameday:board", args=[self.tournament.slug])).content.decode()

    def home(self) -> str:
        return text(self.public.get(reverse("public:home", args=[self.tournament.slug])).content.decode())

    def chart(self) -> str:
        division = self.tournament.divisions.get(kind="d1")
        response = self.organizer.get(
            reverse("printing:chart", args=[self.tournament.slug, division.pk, "current"]) + "?paper=letter")
        assert response.status_code == 200
        return " ".join(" ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(response.content)).pages).split())

    def everything(self) -> tuple[list[str], str, str, str]:
        return self.brackets(), self.board(), self.home(), self.chart()


def bracket_game(page: str, game: Game) -> str:
    return page.split(f'id="game-{game.pk}"', 1)[1].split("</li>", 1)[0]


def board_game(page: str, game: Game) -> str:
    return page.split(f'id="game-{game.pk}"', 1)[1].split("</article>", 1)[0]


def bracket_totals(page: str, game: Game) -> list[str]:
    # A total with an unconfirmed hand is marked (numbers.total_marked): the number shown is the same.
    return re.findall(r'<span class="total">(?:<span class="total-unconfirmed"[^>]*>)?(−?[\d,]+)<', bracket_game(page, game))


def board_totals(page: str, game: Game) -> list[str]:
    return re.findall(r'<span class="gd-total">(?:<span class="total-unconfirmed"[^>]*>)?(−?[\d,]+)<', board_game(page, game))


@pytest.fixture
def frozen():
    with time_machine.travel(NOW, tick=False):
        yield


@pytest.fixture
def pages(frozen, tournament, organizer):
    publish_division(tournament, starts_at=POSTED)
    organizer_client = Client()
    organizer_client.force_login(organizer)
    return Pages(Client(), organizer_client, tournament)


@pytest.fixture
def game(pages):
    return Game.objects.filter(division__tournament=pages.tournament, round__number=1).order_by("number").first()


def started(game: Game) -> Game:
    for team in teams(game):
        actions.check_in(game, team, now=POSTED)
    return actions.start_game(game, now=POSTED)


def submit(game: Game, number: int, sides: list[dict]) -> Hand:
    hand, _ = hands.submit(game, number=number, values=sides, key=f"k-{game.pk}-{number}", entered_by="A")
    return hand


# ---- scores and results -------------------------------------------------------------------------

def test_a_hand_saved_shows_everywhere_at_once(pages, game):
    game = started(game)
    brackets, board, _, chart = pages.everything()
    assert all(bracket_totals(page, game) == ["0", "0"] for page in brackets)
    assert board_totals(board, game) == ["0", "0"] and "5,690" not in chart
    submit(game, 1, W1_OUT)
    brackets, board, _, chart = pages.everything()
    assert [bracket_totals(page, game) for page in brackets] == [["5,690", "935"]] * 2
    assert board_totals(board, game) == ["5,690", "935"]
    assert "5,690" in chart and "935" in chart


def test_a_correction_that_swaps_the_totals_with_the_same_sum_shows_at_once(pages, game):
    game = started(game)
    hand = submit(game, 1, W1_OUT)
    brackets, board, _, chart = pages.everything()
    assert board_totals(board, game) == ["5,690", "935"] and chart.index("5,690") < chart.index("935")
    hands.correct(hand, version=1, values=SWAPPED, reason="the other side went out", author="B")
    brackets, board, _, chart = pages.everything()
    assert [bracket_totals(page, game) for page in brackets] == [["935", "5,690"]] * 2
    assert board_totals(board, game) == ["935", "5,690"]
    assert chart.index("935") < chart.index("5,690")


def team_lines(page: str, team: Team) -> int:
    """How often the team's own name shows (its partners' names, "Foxes North", hold it too)."""
    return len(re.findall(rf"\b{re.escape(team.name)}\b(?! North| South)", page))


def assert_not_won(pages: Pages, game: Game, winner: Team) -> None:
    brackets, board, _, chart = pages.everything()
    assert all('class="tick"' not in bracket_game(page, game) for page in brackets)
    assert "goes on to" not in board_game(board, game) and team_lines(chart, winner) == 1


def assert_won(pages: Pages, game: Game, winner: Team) -> None:
    """The game is finished on every page and its winner is on the next game's line."""
    following = next_game(game)
    brackets, board, _, chart = pages.everything()
    for page in brackets:
        assert f'{winner.name}</bdi> <span class="tick"' in bracket_game(page, game)
        assert f"{winner.name}</bdi><small>" in bracket_game(page, following)
    assert f"{winner.name} goes on to Division 1 · Division final game 1" in text(board_game(board, game))
    assert team_lines(chart, winner) == 2  # round one, and the final's line


def test_a_confirmed_hand_that_ends_the_game_shows_the_result_at_once(pages, game):
    game = started(game)
    winner = teams(game)[0]
    saved = [submit(game, number, sides) for number, sides in enumerate([W1_OUT, W1_OUT, BIG], start=1)]
    for hand in saved[:2]:
        hands.confirm(hand, version=1, by="B")
    assert_not_won(pages, game, winner)
    hands.confirm(saved[2], version=1, by="B")  # the last hand agreed: the game is over
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert_won(pages, game, winner)


def test_a_result_shows_at_once(pages, game):
    Tournament.objects.filter(pk=pages.tournament.pk).update(require_confirmation=False)
    game = started(Game.objects.get(pk=game.pk))
    winner = teams(game)[0]
    submit(game, 1, W1_OUT)
    submit(game, 2, W1_OUT)
    assert_not_won(pages, game, winner)
    submit(game, 3, BIG)  # past 20,000: the game is over
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED
    assert_won(pages, game, winner)


# ---- game day -----------------------------------------------------------------------------------

def test_a_check_in_shows_on_the_board_at_once(pages, game):
    team = teams(game)[0]
    assert f"Check in {team.name}" in pages.board()
    actions.check_in(game, team)
    card = board_game(pages.board(), game)
    assert f"Check in {team.name}" not in card and "✓ in 10:01 AM" in card


def test_a_no_show_forfeit_applied_by_the_worker_shows_at_once(pages, game):
    present = teams(game)[0]
    actions.check_in(game, present, now=POSTED)
    assert_not_won(pages, game, present)
    assert deadlines.apply_no_show(game.pk, now=game.no_show_at)  # the worker's task, at its moment
    brackets, board, _, chart = pages.everything()
    for page in brackets:
        assert 'class="badge">Forfeit<' in bracket_game(page, game) and "No show" in bracket_game(page, game)
    assert f"Forfeit (no show) — {present.name} wins" in text(board)
    assert "forfeit" in chart and team_lines(chart, present) == 2


def test_a_start_shows_at_once(pages, game):
    for team in teams(game):
        actions.check_in(game, team, now=POSTED)
    brackets, board, _, chart = pages.everything()
    assert "Both teams here — ready to start" in board_game(board, game) and "in play" not in chart
    actions.start_game(game)
    brackets, board, _, chart = pages.everything()
    for page in brackets:
        assert 'class="badge">In play<' in bracket_game(page, game) and bracket_totals(page, game) == ["0", "0"]
    assert "started 10:01 AM" in text(board_game(board, game)) and "In play" in board_game(board, game)
    assert "in play" in chart


# ---- the schedule and the tables ------------------------------------------------------------------

def test_a_new_round_start_shows_everywhere_at_once(pages, game):
    brackets, board, home, chart = pages.everything()
    assert all("10:30 AM" not in page for page in brackets) and "10:30 AM" not in home
    timetable.set_round_start(Round.objects.get(pk=game.round_id), POSTED + dt.timedelta(minutes=30))
    brackets, board, home, chart = pages.everything()
    assert all("Wed 15 Apr, 10:30 AM" in page for page in brackets)
    assert "posted start Wednesday 15 April, 10:30 AM" in text(board)
    assert "Wed 15 Apr, 10:30 AM Division 1 — Semi-finals" in home
    assert "Wed 15 Apr, 10:30 AM" in chart


def test_a_games_own_posted_start_shows_at_once(pages, game):
    brackets, board, _, chart = pages.everything()
    assert "11:00 AM" not in board and "11:00 AM" not in chart
    timetable.set_posted_start(Game.objects.get(pk=game.pk), POSTED + dt.timedelta(hours=1))
    brackets, board, _, chart = pages.everything()
    assert all("Starts Wed 15 Apr, 11:00 AM" in bracket_game(page, game) for page in brackets)
    assert "Posted 11:00 AM" in text(board_game(board, game))
    assert "11:00 AM" in chart


def test_a_table_number_shows_at_once(pages, game):
    brackets, board, _, chart = pages.everything()
    assert "Table 42" not in board and "Table 42" not in chart
    timetable.set_table_number(game, 42)
    brackets, board, _, chart = pages.everything()
    assert all("Table 42" in bracket_game(page, game) for page in brackets)
    assert "Table 42" in board_game(board, game) and "Table 42" in chart


# ---- names and sign-ups -------------------------------------------------------------------------

def admin_rename(client: Client, team: Team, name: str, player_names: tuple[str, str]) -> None:
    """The admin's change form for a team and its players, saved as an organizer would save it."""
    players = list(team.players.order_by("pk"))
    local = team.created_at.astimezone(dt.UTC)
    data = {
        "tournament": team.tournament_id, "name": name, "contact": team.contact,
        "created_at_0": local.strftime("%Y-%m-%d"), "created_at_1": local.strftime("%H:%M:%S"),
        "withdrawn_at_0": "", "withdrawn_at_1": "", "submission_key": "",
        "players-TOTAL_FORMS": str(len(players)), "players-INITIAL_FORMS": str(len(players)),
        "players-MIN_NUM_FORMS": "0", "players-MAX_NUM_FORMS": "1000",
    }
    for index, (player, new_name) in enumerate(zip(players, player_names)):
        data |= {f"players-{index}-id": player.pk, f"players-{index}-team": team.pk,
                 f"players-{index}-name": new_name, f"players-{index}-contact": player.contact}
    response = client.post(reverse("admin:tournament_team_change", args=[team.pk]), data)
    assert response.status_code == 302, response.content.decode()[:3000]


def test_a_team_and_player_renamed_in_the_admin_show_everywhere_at_once(pages, game):
    team = teams(game)[0]
    old_player = team.players.order_by("pk").first().name
    brackets, board, home, chart = pages.everything()
    assert team.name in home and team.name in chart and old_player in home
    admin = Client()
    admin.force_login(UserFactory(username="admin", is_superuser=True))
    admin_rename(admin, team, "Hammerheads", ("Rosa Hammer", team.players.order_by("pk")[1].name))
    assert Team.objects.get(pk=team.pk).name == "Hammerheads"
    brackets, board, home, chart = pages.everything()
    for page in brackets:
        shown = text(bracket_game(page, game))
        assert "Hammerheads Rosa Hammer & " in shown and team_lines(shown, team) == 0
    card = text(board_game(board, game))
    assert "Hammerheads Rosa Hammer & " in card and team_lines(card, team) == 0
    assert "Hammerheads Rosa Hammer & " in home and team_lines(home, team) == 0 and old_player not in home
    assert "Hammerheads" in chart and "Rosa Hammer" in chart and team_lines(chart, team) == 0


@pytest.fixture
def signups(frozen, tournament):
    for name in ("Sharks", "Jets", "Owls"):
        TeamFactory(tournament=tournament, name=name)
    return Pages(Client(), Client(), tournament)


def test_a_new_team_shows_on_the_home_at_once(signups):
    assert "Teams so far 3" in signups.home()
    registration.register_team(signups.tournament, team_name="Pelicans", player_names=("Ana Pe", "Bo Li"))
    home = signups.home()
    assert "Teams so far 4" in home and "Pelicans — Ana Pe & Bo Li" in home


def test_a_withdrawal_shows_on_the_home_at_once(signups):
    assert "Jets — Jets North & Jets South" in signups.home()
    registration.withdraw_team(Team.objects.get(tournament=signups.tournament, name="Jets"))
    home = signups.home()
    assert "Teams so far 2" in home and "Jets" not in home


def test_closing_sign_ups_shows_on_the_home_at_once(signups):
    assert "Sign up a team" in signups.home()
    signup_deadline.close_registration(signups.tournament.pk, early=True)
    home = signups.home()
    assert "Sign up a team" not in home and "Sign-ups were closed early by the organizer" in home


def test_every_sign_up_change_counts_as_a_change(signups):
    """The pages that show sign-ups are not cached today; the printouts and any page cached
    tomorrow rely on the counter all the same."""
    tournament = signups.tournament

    def changes():
        return Tournament.objects.get(pk=tournament.pk).changes

    steps = [
        lambda: registration.register_team(tournament, team_name="Pelicans", player_names=("Ana Pe", "Bo Li")),
        lambda: registration.withdraw_team(Team.objects.get(tournament=tournament, name="Jets")),
        lambda: registration.post_partner_wanted(tournament, name="Cy Solo"),
        lambda: registration.post_partner_wanted(tournament, name="Di Solo"),
        lambda: registration.choose_partner(*registration.open_posts(tournament)),
        lambda: registration.choose_partner(*reversed(registration.open_posts(tournament))),  # a team
        lambda: signup_deadline.close_registration(tournament.pk, early=True),
    ]
    for step in steps:
        before = changes()
        step()
        assert changes() > before, step
    assert Team.objects.get(tournament=tournament, players__name="Cy Solo").player_names() == "Cy Solo & Di Solo"
