"""A table round balanced by club rating keeps the ratings it read with the draw: the organizer's page
says them (strongest first), they do not move when the ratings do, and the same draw number deals
the same tables again from them."""

import pytest
from django.urls import reverse

from tests.clubs.test_seeded_draws import _rate
from tests.formats.tables.events import sign_up, table_event
from tournament.clubs import ratings
from tournament.formats.tables import drawing, rounds
from tournament.models import Club, MemberRating, Player, SeatingDraw, Tournament


@pytest.fixture
def balanced(db):
    tournament = table_event("fiji-individual")
    sign_up(tournament, *[f"Player {n}" for n in range(1, 9)])
    club = Club.objects.create(name="Bayside", slug="bayside")
    Tournament.objects.filter(pk=tournament.pk).update(club=club)
    tournament.refresh_from_db()
    strength = {f"Player {n}": float(10 * n) for n in range(1, 9)}
    _rate(tournament, club, lambda player: strength[player.name])  # sigma 2: Player n counts 10n − 6
    settings_row = rounds.event_settings(tournament)
    settings_row.balanced_tables = True
    settings_row.save()
    return tournament


def _ids(tournament):
    return dict(Player.objects.filter(tournament=tournament).values_list("name", "pk"))


def _draw(client, tournament, seed, **headers):
    return client.post(reverse("tables:round_preview", args=[tournament.slug, 1]), {"seed": str(seed)}, **headers)


def _page(client, tournament, **headers):
    return client.get(reverse("tables:rounds", args=[tournament.slug]), **headers).content.decode()


def _as_replayed(tournament):
    """The stored ratings stand for the club's history as it is now: a draw's refresh keeps them (else it
    would replay them from this club's games: none)."""
    Club.objects.filter(pk=tournament.club_id).update(rated_from=ratings.fingerprint(tournament.club))


LINE = "Balanced by club rating: strongest sides first (Player 8 74.0, Player 7 64.0, Player 6 54.0"


def test_a_balanced_draw_stores_the_ratings_it_used(organizer_client, balanced):
    _draw(organizer_client, balanced, 77)
    record = SeatingDraw.objects.get()
    ids = _ids(balanced)
    assert record.strengths == [[[ids[f"Player {n}"]], 10.0 * n - 6] for n in range(8, 0, -1)]
    assert LINE in _page(organizer_client, balanced)


def test_ratings_moving_afterwards_change_neither_the_record_nor_the_redraw(organizer_client, balanced):
    _draw(organizer_client, balanced, 77)
    first = SeatingDraw.objects.get()
    # The club's ratings move (another club event was replayed): Player 1 is now the strongest.
    for rating in MemberRating.objects.select_related("member"):
        rating.mu = 100.0 - 10 * int(rating.member.name.split()[-1])
        rating.save()
    _as_replayed(balanced)
    assert SeatingDraw.objects.get(pk=first.pk).strengths == first.strengths
    assert LINE in _page(organizer_client, balanced)
    # The same draw number, drawn again, deals the same tables from the stored ratings.
    _draw(organizer_client, balanced, 77)
    again = SeatingDraw.objects.exclude(pk=first.pk).get()
    assert (again.sides, again.seats, again.sitting_out, again.strengths) == (first.sides, first.seats, first.sitting_out,
                                                                              first.strengths)
    assert LINE in _page(organizer_client, balanced)
    # A new number reads the ratings as they are now.
    _as_replayed(balanced)
    _draw(organizer_client, balanced, 78)
    assert "strongest sides first (Player 1 84.0, Player 2 74.0" in _page(organizer_client, balanced)
    assert SeatingDraw.objects.first().strengths[0] == [[_ids(balanced)["Player 1"]], 84.0]


def test_the_published_round_keeps_the_line_in_english_and_spanish(organizer_client, balanced):
    _draw(organizer_client, balanced, 77)
    record = SeatingDraw.objects.get()
    response = organizer_client.post(reverse("tables:round_publish", args=[balanced.slug, 1]),
                                     {"draw": record.pk, "starts_at": "2027-01-06T10:00"})
    assert response.status_code == 302
    published = SeatingDraw.objects.get(published_at__isnull=False)
    assert published.strengths == record.strengths
    english = _page(organizer_client, balanced)
    assert english.count("Balanced by club rating: strongest sides first (Player 8 74") == 1
    spanish = _page(organizer_client, balanced, HTTP_ACCEPT_LANGUAGE="es")
    assert "Mesas equilibradas por fuerza en el club: los lados más fuertes primero (Player 8 74" in spanish


def test_the_spanish_preview_says_it_too(organizer_client, balanced):
    _draw(organizer_client, balanced, 77, HTTP_ACCEPT_LANGUAGE="es")
    assert "Mesas equilibradas por fuerza en el club: los lados más fuertes primero (Player 8 74" in _page(
        organizer_client, balanced, HTTP_ACCEPT_LANGUAGE="es")


def test_a_draw_by_lot_stores_no_ratings_and_says_nothing_of_them(organizer_client, balanced):
    settings_row = rounds.event_settings(balanced)
    settings_row.balanced_tables = False
    settings_row.save()
    _draw(organizer_client, balanced, 77)
    assert SeatingDraw.objects.get().strengths == []
    assert "Balanced by club rating" not in _page(organizer_client, balanced)
    assert drawing.draw_seating(balanced, 1, 77)["strengths"] == []


def test_a_backup_carries_the_stored_ratings_with_the_new_player_ids(organizer_client, balanced):
    from tournament.events.backup import export_tournament, import_tournament

    _draw(organizer_client, balanced, 77)
    data = export_tournament(balanced)
    Tournament.objects.filter(pk=balanced.pk).delete()  # restored as on a new server: new ids for everything
    restored = import_tournament(data)
    copied = SeatingDraw.objects.get(tournament=restored)
    names = {pk: name for name, pk in _ids(restored).items()}
    assert [([names[p] for p in side], value) for side, value in copied.strengths] == [
        ([f"Player {n}"], 10.0 * n - 6) for n in range(8, 0, -1)]
