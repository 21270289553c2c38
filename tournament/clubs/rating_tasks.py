"""The club's ratings kept up to date as games finish: the core says when a finished game's result
changed (tournament.core.club_ratings.game_result_changed) and the worker replays the club's history
from that event on; a draw that reads the ratings has them brought up to date first (`ratings_wanted`).
A club page still checks the history's mark itself, so a lost task only delays the work to the next
page that needs it."""

from __future__ import annotations

from celery import shared_task
from celery.signals import worker_ready
from django.db import DatabaseError, connections
from django.dispatch import receiver

from tournament.clubs import ratings, records
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


@shared_task(name="tournament.clubs.rating_tasks.warm_club", ignore_result=True)
def warm_club(club_id: int) -> None:
    """Build the club's event records into the cache and bring its ratings up to date."""
    club = Club.objects.filter(pk=club_id).first()
    if club is not None:
        ratings.refresh(club, events=records.club_records(club))


@worker_ready.connect
def _warm_clubs(sender=None, **kwargs) -> None:
    # Every deploy starts with a cold cache (config.deployed_code): a club with years of history would
    # make its first visitor wait while every event's record is rebuilt. The worker does it as it starts.
    try:
        clubs = list(Club.objects.values_list("pk", flat=True))
    except DatabaseError:  # not migrated yet: nothing to warm
        return
    finally:
        connections.close_all()  # the pool's processes are forked from this one: they open their own
    for club_id in clubs:
        send_task_safely(warm_club, club_id)
