"""Moving a round moves its bye games' posted times too (issue 15: byes kept their old times)."""

import datetime as dt

from tests.formats.bracket.draw.test_brackets_support import published
from tournament.core import timetable
from tournament.models import Game, Round


def test_moving_a_round_moves_its_byes(db):
    tournament, _ = published(5, both=False)  # 8 lines, 3 byes in round one
    rnd = Round.objects.get(division__tournament=tournament, division__kind="d1", number=1)
    later = rnd.starts_at + dt.timedelta(hours=1, minutes=15)
    timetable.set_round_start(rnd, later)
    byes = Game.objects.filter(round=rnd, status=Game.Status.BYE)
    assert byes.count() == 3
    assert set(byes.values_list("starts_at", flat=True)) == {later}
    assert set(Game.objects.filter(round=rnd).values_list("starts_at", flat=True)) == {later}


def test_a_bye_given_its_own_time_keeps_it(db):
    tournament, _ = published(5, both=False)
    rnd = Round.objects.get(division__tournament=tournament, division__kind="d1", number=1)
    bye = Game.objects.filter(round=rnd, status=Game.Status.BYE).first()
    own = rnd.starts_at - dt.timedelta(hours=2)
    Game.objects.filter(pk=bye.pk).update(starts_at=own)
    timetable.set_round_start(rnd, rnd.starts_at + dt.timedelta(hours=1))
    bye.refresh_from_db()
    assert bye.starts_at == own
