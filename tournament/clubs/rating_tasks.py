"""The club's ratings kept up to date as games finish: the core says when a finished game's result
changed (tournament.core.club_ratings.game_result_changed) and the worker replays the club's history
from that event on; a draw that reads the ratings has them brought up to date first (`ratings_wanted`).
A club page still checks the history's mark itself, so a lost task only delays the work to the next
page that needs it."""

from __future__ import annotations

from celery import shared_task
from django.dispatch import receiver

from tournament.clubs import ratings
from tournament.common.scheduling import send_task_safely
from tournament.core import club_ratings
from tournament.models import Club


@shared_task(name="tournament.clubs.rating_tasks.rate_club", ignore_result=True)
def rate_club(club_id: int) -> None:
    club = Club.objects.filter(pk=club_id).first()
    if club is not None:
        ratings.refresh(club)


@receiver(club_ratings.game_result_changed)
def _queue(sender, club_id: int, **kwargs) -> None:
    # A broker away or hung costs the request nothing: the next club page or draw replays instead.
    send_task_safely(rate_club, club_id)


@receiver(club_ratings.ratings_wanted)
def _bring_up_to_date(sender, club_id: int, **kwargs) -> None:
    club = Club.objects.filter(pk=club_id).first()
    if club is not None:
        ratings.refresh(club)
