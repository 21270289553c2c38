"""The default Bayfest schedule and posted starts with their deadlines."""

import datetime as dt
import zoneinfo

from tests.formats.bracket.draw.test_brackets_support import final_game, game, published
from tournament.core import timetable
from tournament.formats.bracket.draw import publishing
from tournament.models import Game, Round

MAZATLAN = zoneinfo.ZoneInfo("America/Mazatlan")


def local(moment):
    return moment.astimezone(MAZATLAN)


def tuesday_noon():
    return dt.datetime(2026, 3, 10, 12, 0, tzinfo=MAZATLAN)  # a Tuesday


def test_default_schedule_is_wednesday_mornings_and_afternoons_then_the_final_on_sunday(db):
    tournament, _ = published(13, signup_deadline=tuesday_noon())
    d1 = [local(r.starts_at) for r in Round.objects.filter(division__tournament=tournament, division__kind="d1")]
    d2 = [local(r.starts_at) for r in Round.objects.filter(division__tournament=tournament, division__kind="d2")]
    assert [(m.strftime("%a %d"), m.hour, m.minute) for m in d1] == [("Wed 11", 10, 0), ("Thu 12", 10, 0), ("Fri 13", 10, 0), ("Sat 14", 10, 0)]
    assert [(m.strftime("%a %d"), m.hour) for m in d2] == [("Wed 11", 13), ("Thu 12", 13), ("Fri 13", 13), ("Sat 14", 13)]
    final = local(final_game(tournament).starts_at)
    assert (final.strftime("%a %d"), final.hour) == ("Sun 15", 10)


def test_a_deadline_on_a_wednesday_starts_play_the_next_wednesday(db):
    tournament, _ = published(4, signup_deadline=dt.datetime(2026, 3, 11, 9, 0, tzinfo=MAZATLAN))
    assert publishing.first_round_day(tournament) == dt.date(2026, 3, 18)


def test_a_big_field_pushes_the_final_to_the_day_after_the_last_round(db):
    tournament, _ = published(33, signup_deadline=tuesday_noon())  # 64 lines: six rounds, Wednesday to Monday
    final = local(final_game(tournament).starts_at)
    assert (final.strftime("%a %d"), final.hour) == ("Tue 17", 10)


def test_every_game_gets_its_posted_start_and_deadlines_and_playable_games_tables(db):
    tournament, _ = published(5, both=False, signup_deadline=tuesday_noon())
    for g in Game.objects.filter(division__tournament=tournament).select_related("round"):
        assert g.starts_at == g.round.starts_at
        if g.status == Game.Status.BYE:
            assert g.table_number is None
        else:
            assert g.no_show_at == g.starts_at + dt.timedelta(minutes=5)
            assert g.time_limit_at == g.starts_at + dt.timedelta(hours=2, minutes=30)
    first_round_tables = Game.objects.filter(division__tournament=tournament, round__number=1, status="ready").values_list("table_number", flat=True)
    assert list(first_round_tables) == [1]


def test_set_posted_start_moves_the_deadlines(db):
    tournament, _ = published(4, both=False)
    g = game(tournament, "d1", 1, 1)
    later = g.starts_at + dt.timedelta(hours=1)
    timetable.set_posted_start(g, later)
    g.refresh_from_db()
    assert (g.starts_at, g.no_show_at, g.time_limit_at) == (later, later + tournament.no_show_grace, later + tournament.game_time_limit)


def test_moving_a_round_moves_games_not_started_and_leaves_games_in_play_alone(db):
    tournament, _ = published(8, both=False)
    rnd = Round.objects.get(division__tournament=tournament, division__kind="d1", number=1)
    playing = game(tournament, "d1", 1, 1)
    Game.objects.filter(pk=playing.pk).update(status=Game.Status.IN_PLAY, time_limit_at=playing.starts_at + dt.timedelta(hours=2))
    new_start = rnd.starts_at + dt.timedelta(minutes=30)
    assert timetable.set_round_start(rnd, new_start) == 3
    moved = game(tournament, "d1", 1, 2)
    assert moved.starts_at == new_start and moved.no_show_at == new_start + dt.timedelta(minutes=5)
    playing.refresh_from_db()
    assert playing.time_limit_at == playing.starts_at + dt.timedelta(hours=2)
