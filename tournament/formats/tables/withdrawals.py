"""Withdrawing a player or a pair after the draw, with the organizer's choice for the seats it leaves
at a table that has not started: a substitute, the entrant sitting out takes them, or the round is
drawn again without it. The partner of a player who withdraws alone stays in the event, waiting for a
substitute partner (the next round cannot be drawn until they have one or withdraw too)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.core.game_log import Entrant
from tournament.core.game_rows import log_event
from tournament.formats.tables import after_draw, drawing, formats, rounds, signups, substitutes
from tournament.formats.tables.after_draw import RESEAT, SITTING_OUT, SUBSTITUTE
from tournament.models import Game, GameEvent, PeopleChange, Player, Round, SeatingDraw, TableEntry, Team, Tournament

CHOICES = (SUBSTITUTE, SITTING_OUT, RESEAT)


def after_the_draw(tournament: Tournament) -> bool:
    return signups.rounds_published(tournament) or (formats.in_partnerships(tournament) and signups.partners_published(tournament))


def needs_choice(tournament: Tournament, player: Player, whole: bool) -> after_draw.Seat | None:
    """The unstarted table whose seats the withdrawal leaves (the organizer says what happens to them)."""
    seat = after_draw.seat_of(tournament, after_draw.entrant_ids(player))
    return seat if seat is not None and seat.not_started else None


def withdraw(tournament: Tournament, player: Player, *, whole: bool = False, choice: str = "", typed: str = "",
             typed_partner: str = "", chosen: int | None = None, joining: int | None = None, by=None) -> str:
    """Withdraw `player` (with their partner when `whole`); returns what happened, in words."""
    with after_draw.atomic():
        player = Player.objects.select_for_update(of=("self",)).select_related("table_entry", "team").get(pk=player.pk)
        if player.table_entry.withdrawn_at:
            return _("%(name)s was withdrawn already.") % {"name": player.name}
        partnership = formats.in_partnerships(tournament) and player.team_id
        whole = bool(whole and partnership)
        seat = needs_choice(tournament, player, whole)
        if seat is None:
            return _plain(tournament, player, whole, by)
        if choice not in CHOICES:
            raise ValidationError(_("%(name)s is seated at table %(table)s, which has not started: choose what happens to "
                                    "the seats (a substitute, the entrant sitting out, or seat the round again).")
                                  % {"name": player.name, "table": seat.table})
        if choice == SUBSTITUTE:
            return _with_substitute(tournament, player, whole, seat, typed, typed_partner, chosen, by)
        if choice == SITTING_OUT:
            return _sitting_out_takes(tournament, player, whole, seat, joining, by)
        return _reseat(tournament, player, whole, seat, by)


def _mark(player: Player, whole: bool) -> list[str]:
    """Withdraw the entry (both partners' when `whole`); a lone partner's team loses them."""
    now = timezone.now()
    if whole:
        mates = list(Player.objects.filter(team_id=player.team_id))
        TableEntry.objects.filter(player__in=mates).update(withdrawn_at=now)
        Team.objects.filter(pk=player.team_id, withdrawn_at__isnull=True).update(withdrawn_at=now)
        return []
    TableEntry.objects.filter(player=player).update(withdrawn_at=now)
    if player.team_id:
        Player.objects.filter(pk=player.pk).update(team=None)
        return list(Player.objects.filter(team_id=player.team_id).values_list("name", flat=True))
    return []


def _entrant(player: Player, whole: bool) -> Entrant:
    return Entrant(team=player.team_id) if player.team_id else Entrant(player=player.pk)


def _said(player: Player, whole: bool, left: list[str]) -> str:
    name = player.team.name if whole and player.team_id else player.name
    message = _("Withdrew %(name)s.") % {"name": name}
    for partner in left:
        message += " " + _("%(name)s has no partner now: give them a substitute partner, or withdraw them too.") % {"name": partner}
    return message


def _plain(tournament, player: Player, whole: bool, by) -> str:
    """No unstarted table is left behind: a table in play keeps what was played; later rounds go without them."""
    entrant = _entrant(player, whole)
    going = after_draw.entrant_ids(player) if whole else [player.pk]
    seat = after_draw.seat_of(tournament, after_draw.entrant_ids(player))
    left = _mark(player, whole)
    playing = 0
    if seat is not None:  # a table in play: the withdrawal counts from the next round
        playing, seat = seat.record.round_number, None
    elif (record := after_draw.open_record(tournament)) is not None:
        record.sitting_out = [p for p in record.sitting_out if p not in going]
        record.save(update_fields=["sitting_out"])
    substitutes.log_change(tournament, seat, "withdrawn", by=by, entrant=entrant, player=None if whole else player.pk,
                           round=playing, choice="in_play" if playing else "")
    after_draw.bump(tournament)
    return _said(player, whole, left)


def _with_substitute(tournament, player, whole, seat, typed, typed_partner, chosen, by) -> str:
    if not whole:
        message = substitutes.substitute(tournament, player, typed=typed, chosen=chosen, rest_of_event=True, by=by)
        substitutes.log_change(tournament, seat, "withdrawn", by=by, entrant=_entrant(player, whole), player=player.pk,
                               round=seat.record.round_number, choice=SUBSTITUTE)
        return _("Withdrew %(name)s.") % {"name": player.name} + " " + message
    # A pair replaced by a pair: the two substitutes sign up (late) as a partnership and take the seats.
    try:
        pair = signups.register(tournament, name=typed, partner=typed_partner, late=True)
    except ValidationError as exc:
        raise ValidationError(" ".join(exc.messages))
    if len(pair) != 2:
        raise ValidationError(_("A pair is replaced by two substitutes: give both names."))
    return _hand_over(tournament, player, whole, seat, pair, SUBSTITUTE, by)


def _sitting_out_takes(tournament, player, whole, seat, joining, by) -> str:
    waiting = after_draw.sitting_out(tournament)
    if not waiting:
        raise ValidationError(_("Nobody sits out round %(round)s: choose a substitute or seat the round again.")
                              % {"round": seat.round})
    chosen = next((group for group in waiting if joining in {p.pk for p in group}), None) if joining else waiting[0]
    if chosen is None:
        raise ValidationError(_("Pick one of those sitting out this round."))
    if formats.in_partnerships(tournament) and len(chosen) < 2:
        raise ValidationError(_("%(name)s sits out without a partner and cannot take a partnership's seats.")
                              % {"name": chosen[0].name})
    return _hand_over(tournament, player, whole, seat, chosen, SITTING_OUT, by)


def _hand_over(tournament, player, whole, seat, joining: list[Player], choice: str, by) -> str:
    entrant = _entrant(player, whole)
    # The side as seated now: a partner may have a substitute for this round in their seat.
    ids = set(after_draw.entrant_ids(player))
    leaving = next((side for side in seat.record.sides[seat.table - 1] if ids & set(side)), sorted(ids))
    joined = Entrant(team=joining[0].team_id) if joining[0].team_id else Entrant(player=joining[0].pk)
    team = Team.objects.get(pk=joining[0].team_id) if joining[0].team_id else None
    after_draw.hand_over_side(seat, player, team=team, player=None if team else joining[0])
    after_draw.rewrite_record(seat.record, dict(zip(leaving, [p.pk for p in joining])))
    left = _mark(player, whole)
    if left:  # the partner left behind is still in the event: without a seat this round, sitting out
        stays = [p for p in leaving if p != player.pk and Player.objects.filter(pk=p, team__isnull=False).exists()]
        seat.record.sitting_out = [*seat.record.sitting_out, *stays]
        seat.record.save(update_fields=["sitting_out"])
    round_number = seat.record.round_number
    substitutes.log_change(tournament, seat, "withdrawn", by=by, entrant=entrant, player=None if whole else player.pk,
                           round=round_number, choice=choice)
    substitutes.log_change(tournament, seat, "seat_taken", by=by, left=entrant, joined=joined, round=round_number)
    after_draw.bump(tournament, seat.game)
    taker = joining[0].team.name if team else joining[0].name
    return _said(player, whole, left) + " " + _("%(name)s takes the seats at table %(table)s.") % {"name": taker, "table": seat.table}


def _reseat(tournament, player, whole, seat, by) -> str:
    if formats.in_partnerships(tournament) and not whole:
        raise ValidationError(_("%(name)s's partner would have nobody to play with: choose a substitute, "
                                "or withdraw the pair to seat the round again.") % {"name": player.name})
    number = seat.record.round_number
    rnd = Round.objects.get(pk=seat.game.round_id)
    started = Game.objects.filter(round=rnd).exclude(status__in=after_draw.NOT_STARTED).order_by("number").first()
    if started is not None or Game.objects.filter(round=rnd, started_at__isnull=False).exists():
        raise ValidationError(_("Round %(round)s has started at some tables: it can no longer be seated again. "
                                "Choose a substitute or the entrant sitting out.") % {"round": seat.round})
    entrant = _entrant(player, whole)
    left = _mark(player, whole)
    starts_at = rnd.starts_at
    # The round's earlier changes are logged at its tables, which go: they move to the new round's first table.
    kept = list(GameEvent.objects.filter(game__round=rnd, kind__in=after_draw.CHANGE_KINDS).select_related("by")
                .order_by("at", "id"))
    Game.objects.filter(round=rnd).delete()
    rnd.delete()
    SeatingDraw.objects.filter(pk=seat.record.pk).delete()
    seed = drawing.parse_seed(None)
    # The round was published already (early, if the organizer said so then): seating it again is no new say.
    rounds.save_round(tournament, number, drawing.draw_seating(tournament, number, seed), seed, starts_at, by=by,
                      while_playing=True)
    fresh = after_draw.open_record(tournament)
    first = after_draw.seat_of(tournament, fresh.seats[0]) if fresh and fresh.seats else None
    for e in kept:  # written again as they were (when, by whom), through the log's one writer
        if first is not None:
            log_event(first.game, e.kind, by=e.by, note=e.note, at=e.at, **e.data)
        else:  # nobody seated at all: the event's own list keeps them
            PeopleChange.objects.create(tournament=tournament, kind=e.kind, note=e.note, data=e.data, by=e.by, at=e.at)
    substitutes.log_change(tournament, first, "withdrawn", by=by, entrant=entrant, player=None if whole else player.pk,
                           round=number, choice=RESEAT)
    substitutes.log_change(tournament, first, "reseated", by=by, without=entrant, round=number, seed=seed)
    return _said(player, whole, left) + " " + _("Round %(round)s is seated again (draw number %(seed)s).") % {
        "round": rounds.shown_number(tournament, number), "seed": seed}
