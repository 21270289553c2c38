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
    assert SeatingDraw.objects.filter(tournament__slug__in=SLUGS, published_at__isnull=False).count() == 4

    club, seating = _tables("demo-club")
    assert Player.objects.filter(tournament=club).count() == 16
    assert club.households.count() == 6
    teams = Team.objects.filter(tournament=club).prefetch_related("players", "players__table_entry")
    assert len(teams) == 8
    for team in teams:  # couples were never drawn together
        a, b = team.players.all()
        assert a.table_entry.household_id is None or a.table_entry.household_id != b.table_entry.household_id
    assert [len(t.seats) for t in seating.tables] == [4, 4, 4, 4]
    assert Game.objects.filter(round__division__tournament=club, status=Game.Status.IN_PLAY).count() == 4
    assert Hand.objects.filter(game__division__tournament=club).count() == 3
    assert club.game_time_limit.total_seconds() == 105 * 60

    rummikub, seating = _tables("demo-rummikub")
    assert sorted((len(t.seats) for t in seating.tables), reverse=True) == [4, 4, 3, 3, 3]
    assert Game.objects.filter(round__division__tournament=rummikub, status=Game.Status.IN_PLAY).count() == 5
    assert Hand.objects.filter(game__division__tournament=rummikub).count() == 6

    fiji, seating = _tables("demo-fiji")
    assert Hand.objects.filter(game__division__tournament=fiji).count() == 1
    cutthroat, seating = _tables("demo-cutthroat")
    assert all(3 <= len(t.seats) <= 4 for t in seating.tables)
    assert not Game.objects.filter(round__division__tournament=cutthroat).exclude(status=Game.Status.READY).exists()

    for slug in SLUGS:
        assert client.get(f"/t/{slug}/seating/").status_code == 200
