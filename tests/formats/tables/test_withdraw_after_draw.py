"""Withdrawing after the draw: the organizer chooses what happens to the seats (a substitute, those
sitting out, or the round seated again), and the withdrawn entrant is never left at a table."""

from html import escape

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories import organizer, organizer_client  # noqa: F401 (fixtures)
from tests.formats.tables.after_draw_events import club_seated, players_seated, record, seated_names, seated_player
from tournament.formats.tables import rounds
from tournament.models import CheckIn, Game, GameEvent, GameSide, Player, Substitution

pytestmark = pytest.mark.django_db


def withdraw(client, event, player, **data):
    return client.post(reverse("tables:withdraw_player", args=[event.slug, player.pk]), data)


def board(client, event):
    client.get(reverse("tables:players", args=[event.slug]))  # the flash message ("Withdrew …") is said there
    return client.get(reverse("tables:board_round", args=[event.slug, 1])).content.decode()


def test_withdrawing_a_seated_player_asks_what_happens_to_the_seats(organizer_client):  # noqa: F811
    event = club_seated()
    ann, _ = seated_player(event)
    response = withdraw(organizer_client, event, ann)
    assert response.status_code == 400
    assert "choose what happens to the seats" in response.content.decode()
    assert Player.objects.get(pk=ann.pk).table_entry.withdrawn_at is None


def test_a_partner_withdraws_with_a_substitute_the_partner_stays(organizer_client):  # noqa: F811
    event = club_seated()
    ann, _ = seated_player(event)
    partner = Player.objects.filter(team_id=ann.team_id).exclude(pk=ann.pk).get()
    response = withdraw(organizer_client, event, ann, choice="substitute", name="Zoe")
    assert response.status_code == 302
    zoe = Player.objects.get(tournament=event, name="Zoe")
    assert zoe.team_id == ann.team_id and zoe.table_entry.withdrawn_at is None
    partner.refresh_from_db()
    assert partner.table_entry.withdrawn_at is None  # not withdrawn silently
    assert "Zoe" in seated_names(event) and ann.name not in seated_names(event)
    page = organizer_client.get(reverse("tables:public_seating", args=[event.slug])).content.decode()
    assert f"<bdi>{ann.name}</bdi>" not in page and "<bdi>Zoe</bdi>" in page
    # a double submit changes nothing
    assert withdraw(organizer_client, event, ann, choice="substitute", name="Zoe").status_code == 302
    assert Player.objects.filter(tournament=event, name="Zoe").count() == 1
    kinds = set(GameEvent.objects.filter(game__division__tournament=event).values_list("kind", flat=True))
    assert {"withdrawn", "partner_replaced"} <= kinds


def test_the_pair_sitting_out_takes_the_seats_of_a_withdrawn_pair(organizer_client):  # noqa: F811
    event = club_seated()
    ann, waiting = seated_player(event)
    game = Game.objects.get(division__tournament=event, number=1)
    side = GameSide.objects.get(game=game, team_id=ann.team_id)
    organizer_client.post(reverse("tables:board_check_in", args=[event.slug, game.pk]), {"side": side.pk})
    assert CheckIn.objects.filter(game=game, team_id=ann.team_id).exists()
    response = withdraw(organizer_client, event, ann, whole="on", choice="sitting_out", joining=waiting.pk)
    assert response.status_code == 302
    assert record(event).sitting_out == []
    assert waiting.name in seated_names(event) and ann.name not in seated_names(event)
    assert GameSide.objects.filter(game=game, team_id=waiting.team_id).exists()
    assert not GameSide.objects.filter(game=game, team_id=ann.team_id).exists()
    assert not CheckIn.objects.filter(game=game, team_id=ann.team_id).exists()
    page = board(organizer_client, event)
    team_name = Player.objects.get(pk=ann.pk).team.name
    assert escape(team_name) not in page and escape(waiting.team.name) in page
    assert GameEvent.objects.filter(game=game, kind="seat_taken").exists()


def test_a_withdrawn_pair_and_the_round_seated_again(organizer_client):  # noqa: F811
    event = club_seated()
    ann, _ = seated_player(event)
    team_name = ann.team.name
    response = withdraw(organizer_client, event, ann, whole="on", choice="reseat")
    assert response.status_code == 302
    assert ann.name not in seated_names(event)
    assert record(event).sitting_out == []  # 4 pairs left: two full tables
    assert Game.objects.filter(division__tournament=event).count() == 2
    assert escape(team_name) not in board(organizer_client, event)
    assert GameEvent.objects.filter(game__division__tournament=event, kind="reseated").exists()


def test_a_single_partner_cannot_reseat_the_round(organizer_client):  # noqa: F811
    event = club_seated()
    ann, _ = seated_player(event)
    response = withdraw(organizer_client, event, ann, choice="reseat")
    assert response.status_code == 400 and "would have nobody to play with" in response.content.decode()
    assert Player.objects.get(pk=ann.pk).table_entry.withdrawn_at is None


def test_rummikub_withdrawn_player_is_unseated(organizer_client):  # noqa: F811
    event = players_seated("rummikub", 9)
    first, _ = seated_player(event)
    response = withdraw(organizer_client, event, first, choice="reseat")
    assert response.status_code == 302
    assert first.name not in seated_names(event)
    assert not GameSide.objects.filter(game__division__tournament=event, player=first).exists()
    phone = organizer_client.get(reverse("tables:public_seating", args=[event.slug])).content.decode()
    assert f"<bdi>{first.name}</bdi>" not in phone


def test_cutthroat_the_player_sitting_out_takes_the_seat(organizer_client):  # noqa: F811
    event = players_seated("baja-cutthroat", 5)
    first, waiting = seated_player(event)
    assert withdraw(organizer_client, event, first, choice="sitting_out").status_code == 302
    assert seated_names(event) == {f"P{n}" for n in range(1, 6)} - {first.name}
    assert GameSide.objects.filter(game__division__tournament=event, player=waiting).exists()


def test_a_withdrawal_is_said_in_the_history(organizer_client):  # noqa: F811
    event = players_seated("baja-cutthroat", 5)
    first, _ = seated_player(event)
    withdraw(organizer_client, event, first, choice="substitute", name="Zed")
    page = organizer_client.get(reverse("tables:player_changes", args=[event.slug, first.pk])).content.decode()
    assert f"{first.name} withdrew (round 1)" in page and "Zed replaces" in page


def test_the_rounds_page_and_the_table_page_list_the_changes(organizer_client):  # noqa: F811
    event = club_seated()
    ann, waiting = seated_player(event)
    withdraw(organizer_client, event, ann, whole="on", choice="sitting_out", joining=waiting.pk)
    page = organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode()
    assert 'id="changes"' in page and "withdrew (round 1): those sitting out took the seats" in page
    assert f"{escape(waiting.team.name)} took the seats of" in page
    game = Game.objects.get(division__tournament=event, number=1)
    table_page = organizer_client.get(reverse("gameday:game", args=[event.slug, game.pk])).content.decode()
    assert "Withdrawn after the draw" in table_page and "Seats taken by another entrant" in table_page


def test_a_pair_with_a_substitute_this_round_withdraws_and_the_waiting_pair_sits_whole(organizer_client):  # noqa: F811
    event = club_seated()
    ann, waiting = seated_player(event)
    organizer_client.post(reverse("tables:substitute", args=[event.slug, ann.pk]), {"name": "Zoe", "span": "round"})
    withdraw(organizer_client, event, ann, whole="on", choice="sitting_out", joining=waiting.pk)
    pair = {p.name for p in Player.objects.filter(team_id=waiting.team_id)}
    table = record(event).sides[0]
    names = dict(Player.objects.filter(tournament=event).values_list("pk", "name"))
    assert pair in [{names[p] for p in side} for side in table]
    assert "Zoe" not in seated_names(event)
    assert not Substitution.objects.filter(team_id=ann.team_id).exists()


def test_the_partner_left_alone_is_offered_a_substitute_before_the_next_draw(organizer_client):  # noqa: F811
    event = club_seated()
    ann, waiting = seated_player(event)
    partner = Player.objects.filter(team_id=ann.team_id).exclude(pk=ann.pk).get()
    response = withdraw(organizer_client, event, ann, choice="sitting_out", joining=waiting.pk)
    assert response.status_code == 302
    page = organizer_client.get(response.url).content.decode()
    assert f"{partner.name} has no partner now: give them a substitute partner" in page
    assert Player.objects.get(pk=partner.pk).table_entry.withdrawn_at is None
    assert record(event).sitting_out == [partner.pk]  # on the seating as sitting out, not lost
    players_page = organizer_client.get(reverse("tables:players", args=[event.slug])).content.decode()
    assert "none now: give a substitute" in players_page
    with pytest.raises(ValidationError, match="no partner since theirs withdrew"):
        rounds.entrants(event)
    assert organizer_client.post(reverse("tables:substitute", args=[event.slug, partner.pk]),
                                 {"name": "Zoe", "span": "rest"}).status_code == 302
    assert any(Player.objects.get(name="Zoe").pk in e for e in rounds.entrants(event))
    changes = organizer_client.get(reverse("tables:rounds", args=[event.slug])).content.decode()
    assert f"Zoe replaces {ann.name} for the rest of the event" in changes


def test_a_partner_sitting_out_withdraws_without_a_choice_and_leaves_the_seating(organizer_client):  # noqa: F811
    event = club_seated()
    _, waiting = seated_player(event)
    partner = Player.objects.filter(team_id=waiting.team_id).exclude(pk=waiting.pk).get()
    assert withdraw(organizer_client, event, waiting).status_code == 302
    assert record(event).sitting_out == [partner.pk]
    assert GameEvent.objects.filter(kind="withdrawn", data__player=waiting.pk).exists()


def test_bad_withdrawal_input_is_a_clear_400_and_changes_nothing(organizer_client):  # noqa: F811
    event = club_seated()
    ann, waiting = seated_player(event)
    other = Player.objects.filter(tournament=event).exclude(team_id__in=[ann.team_id, waiting.team_id]).first()
    cases = [
        ({"choice": "bogus"}, "Choose what happens to the seats"),
        ({"choice": "sitting_out", "joining": other.pk}, "Pick one of those sitting out this round."),
        ({"choice": "substitute", "whole": "on", "name": "Zed"}, "give both names"),
        ({"choice": "substitute", "name": other.name}, "is seated at table"),
    ]
    for data, words in cases:
        response = withdraw(organizer_client, event, ann, **data)
        assert response.status_code == 400, data
        assert words in response.content.decode(), data
    assert Player.objects.get(pk=ann.pk).table_entry.withdrawn_at is None
    assert not GameEvent.objects.filter(game__division__tournament=event).exists()


def test_a_player_whose_table_is_playing_withdraws_from_the_next_round_and_the_history_says_so(organizer_client):  # noqa: F811
    from django.utils import timezone

    from tests.walks import stages

    event = players_seated("rummikub", 9)
    first, _ = seated_player(event)
    game = GameSide.objects.get(game__division__tournament=event, player=first).game
    stages.start(game, timezone.now())
    assert withdraw(organizer_client, event, first).status_code == 302
    assert GameSide.objects.filter(game=game, player=first).exists()  # the table plays on as it was
    page = organizer_client.get(reverse("tables:player_changes", args=[event.slug, first.pk])).content.decode()
    assert escape(f"{first.name} withdrew (round 1): their table plays on without changes; they leave from the next round") in page
    assert "round —" not in page
