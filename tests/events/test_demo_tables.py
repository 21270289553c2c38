import pytest
from django.core.management import call_command

from scoring.models import Hand
from tournament.formats.tables import seat_lists
from tournament.models import Game, Player, SeatingDraw, Team, Tournament

SLUGS = ["demo-club", "demo-rummikub", "demo-fiji", "demo-cutthroat"]


def _tables(slug):
    tournament = Tournament.objects.get(slug=slug)
    return tournament, seat_lists.round_seating(tournament, 1)


@pytest.mark.django_db
def test_demo_adds_one_live_event_per_table_format_once(client):
    call_command("demo")
    call_command("demo")
    assert list(Tournament.objects.filter(format="tables").order_by("slug").values_list("slug", "variant")) == [
        ("demo-club", "club-4deck"), ("demo-cutthroat", "baja-cutthroat"),
        ("demo-fiji", "fiji-individual"), ("demo-rummikub", "rummikub"),
    ]
    # One seating per event, plus the club play-off and Rummikub round 2.
    assert SeatingDraw.objects.filter(tournament__slug__in=SLUGS, published_at__isnull=False).count() == 6

    club, seating = _tables("demo-club")
    assert Player.objects.filter(tournament=club).count() == 16
    assert club.households.count() == 6
    teams = Team.objects.filter(tournament=club).prefetch_related("players", "players__table_entry")
    assert len(teams) == 8
    for team in teams:  # couples were never drawn together
        a, b = team.players.all()
        assert a.table_entry.household_id is None or a.table_entry.household_id != b.table_entry.household_id
    assert [len(t.seats) for t in seating.tables] == [4, 4, 4, 4]
    # The one game is played at every table; a tie for the win went to a play-off, in play.
    assert Game.objects.filter(round__division__tournament=club, round__number=1, status=Game.Status.FINISHED).count() == 4
    playoff = Game.objects.get(round__division__tournament=club, round__number=2)
    assert playoff.status == Game.Status.IN_PLAY and playoff.round.name == "Play-off for the win"
    assert Hand.objects.filter(game__division__tournament=club).count() == 12
    assert club.game_time_limit.total_seconds() == 105 * 60

    rummikub, seating = _tables("demo-rummikub")
    assert sorted((len(t.seats) for t in seating.tables), reverse=True) == [4, 4, 3, 3, 3]
    assert Game.objects.filter(round__division__tournament=rummikub, round__number=1,
                               status=Game.Status.FINISHED).count() == 5
    assert Game.objects.filter(round__division__tournament=rummikub, round__number=2,
                               status=Game.Status.IN_PLAY).count() == 5

    fiji, seating = _tables("demo-fiji")
    assert Hand.objects.filter(game__division__tournament=fiji).count() == 1
    cutthroat, seating = _tables("demo-cutthroat")
    assert all(3 <= len(t.seats) <= 4 for t in seating.tables)
    assert not Game.objects.filter(round__division__tournament=cutthroat).exclude(status=Game.Status.IN_PLAY).exists()

    for slug in SLUGS:
        assert client.get(f"/t/{slug}/seating/").status_code == 200


@pytest.mark.django_db
def test_every_demo_is_in_play_with_everyone_checked_in_and_nothing_forfeits_later(client):
    """Whatever the time of day: an hour after `make run`, the sweeps have forfeited nobody."""
    import datetime as dt

    from django.utils import timezone

    from tournament.core import deadlines
    from tournament.models import GameSide

    call_command("demo")
    live = Game.objects.filter(status=Game.Status.IN_PLAY)
    assert set(live.values_list("division__tournament__slug", flat=True)) == {"demo", *SLUGS}
    assert not Game.objects.filter(status=Game.Status.READY, starts_at__lte=timezone.now() + dt.timedelta(hours=1)).exists()
    assert not GameSide.objects.filter(game__in=live, checked_in_at__isnull=True, team__isnull=True).exists()
    later = timezone.now() + dt.timedelta(minutes=30)
    for game in Game.objects.filter(no_show_at__lte=later, status=Game.Status.READY):
        deadlines.apply_no_show(game.pk, now=later)
    assert not Game.objects.filter(status__in=[Game.Status.FORFEIT, Game.Status.DOUBLE_FORFEIT]).exists()


@pytest.mark.django_db
def test_each_table_demo_shows_its_format_moment(client):
    call_command("demo")
    standings = client.get("/t/demo-club/standings/").content.decode()
    assert "+400" in standings  # the first table's bonus
    assert "Play-off for the win" in client.get("/t/demo-club/seating/").content.decode() or "play-off" in standings.lower()
    # The play-off for the win is still being played: the standings say medals wait for it ...
    assert "Gold" not in standings
    # ... and the medals come with its last hand, the demo's next moment.
    from tournament.core import transitions
    from tournament.models import GameSide

    playoff = Game.objects.get(round__division__tournament__slug="demo-club", round__number=2)
    GameSide.objects.filter(game=playoff, slot=1).update(total=300)
    transitions.move(playoff, "finish", winner=GameSide.objects.get(game=playoff, slot=1), reason="score", log="result")
    standings = client.get("/t/demo-club/standings/").content.decode()
    assert "Event finished: final standings." in standings  # the last play-off settled every medal
    assert "Gold" in standings and "Silver" in standings and "Bronze" in standings
    rounds_page = client.get("/t/demo-rummikub/seating/").content.decode()
    assert "Round 2" in rounds_page


@pytest.mark.django_db
def test_rummikub_demo_round_two_keeps_each_tables_winner_in_place():
    from tournament.formats.tables import movement

    call_command("demo")
    rummikub = Tournament.objects.get(slug="demo-rummikub")
    second = SeatingDraw.objects.get(tournament=rummikub, round_number=2, published_at__isnull=False)
    stayed = movement.stayed_in(rummikub, second)
    assert len(stayed) == 5  # every table's round-1 winner sits at the same table
