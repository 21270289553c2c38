"""Undoing a change after the draw (issue 34): a substitute for one round (the player came after
all) and a withdrawal (the player stays in the event). Each undo is logged ("change_undone", listed
with the changes after the draw) and refused with the reason once it is no longer possible: the
table has started, the seats went to someone else, or the partner plays with someone new."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournament.core.game_log import Entrant
from tournament.formats.tables import after_draw, formats, substitutes, undo_rest
from tournament.formats.tables.after_draw import RESEAT
from tournament.models import GameEvent, Player, Substitution, TableEntry, Team, Tournament


def _locked_player(player: Player) -> Player:
    return Player.objects.select_for_update(of=("self",)).select_related("table_entry", "team").get(pk=player.pk)


def _one_round_given(tournament: Tournament, replaced: Player, round_number: int) -> dict | None:
    """The log of the latest one-round substitute for `replaced` in this round (a player seated alone)."""
    logged = (GameEvent.objects.filter(game__division__tournament=tournament, kind="partner_replaced", data__replaced=replaced.pk)
              .order_by("-at", "-id").values_list("at", "data"))
    undone = GameEvent.objects.filter(game__division__tournament=tournament, kind="change_undone", data__player=replaced.pk)
    for at, data in logged:
        if not data.get("rest_of_event") and data.get("round") == round_number:
            return None if undone.filter(at__gte=at, data__other=data["substitute"]).exists() else data
    return None


def round_substitute_of(tournament: Tournament, replaced: Player) -> Player | None:
    """Who plays this round for `replaced` (a substitute for one round), if anyone."""
    record = after_draw.open_record(tournament)
    if record is None:
        return None
    sub = Substitution.objects.filter(game__division__tournament=tournament, game__round__number=record.round_number,
                                      replaced=replaced).select_related("substitute").first()
    if sub is not None:
        return sub.substitute
    given = _one_round_given(tournament, replaced, record.round_number)
    person = Player.objects.filter(pk=given["substitute"]).first() if given else None
    return person if person is not None and after_draw.seat_of(tournament, [person.pk]) is not None else None


def undo_round_substitute(tournament: Tournament, replaced: Player, *, by=None) -> str:
    """Take back the substitute who was to play this round for `replaced`, before the table starts."""
    with after_draw.atomic():
        replaced = _locked_player(replaced)
        record = after_draw.open_record(tournament)
        round_number = record.round_number if record else 0
        named = {"name": replaced.name, "round": round_number}
        sub = Substitution.objects.filter(game__division__tournament=tournament, game__round__number=round_number,
                                          replaced=replaced).select_related("substitute", "game").first()
        given = _one_round_given(tournament, replaced, round_number)
        if record is None or (sub is None and given is None):
            raise ValidationError(_("%(name)s has no substitute for this round: nothing to undo.") % named)
        person = sub.substitute if sub else Player.objects.get(pk=given["substitute"])
        seat = after_draw.seat_of(tournament, [person.pk])
        if seat is None or not seat.not_started:
            raise ValidationError(_("%(substitute)s has already played for %(name)s this round (the table has started): the "
                                    "substitute can no longer be taken back.") % {**named, "substitute": person.name})
        if sub is not None:
            Substitution.objects.filter(pk=sub.pk).delete()
        else:
            after_draw.hand_over_side(seat, person, team=None, player=replaced)
        after_draw.rewrite_record(seat.record, {person.pk: replaced.pk})
        entrant = Entrant(team=replaced.team_id) if sub is not None else Entrant(player=replaced.pk)
        substitutes.log_change(tournament, seat, "change_undone", by=by, what="substitute", entrant=entrant,
                               player=replaced.pk, other=person.pk, round=round_number)
        after_draw.bump(tournament, seat.game)
    return _("%(substitute)s no longer plays for %(name)s: %(name)s takes their seat at table %(table)s again.") % {
        **named, "substitute": person.name, "table": seat.table}


def undo_withdrawal(tournament: Tournament, player: Player, *, by=None) -> str:
    """Bring back a player (or a pair) who withdrew, when their seats were not handed to anyone."""
    with after_draw.atomic():
        player = _locked_player(player)
        named = {"name": player.name}
        if not player.table_entry.withdrawn_at:
            raise ValidationError(_("%(name)s has not withdrawn: nothing to undo.") % named)
        logged = reversed(after_draw.logged(tournament, ["withdrawn"]))  # a table's log, or the event's before any table
        event = next((e for e in logged if e.data.get("player") == player.pk
                      or e.data.get("entrant", {}).get("player") == player.pk
                      or (e.data.get("player") is None and e.data.get("entrant", {}).get("team") in _teams_of(player))), None)
        choice = event.data.get("choice", "") if event else ""
        # Seated again without them (reseat): they sit this round out and play from the next one.
        if choice not in ("", "in_play", RESEAT):
            raise ValidationError(_("%(name)s's seats went to someone else when they withdrew: the withdrawal can no longer "
                                    "be undone (sign them up again, or give them a substitute's place).") % named)
        replaced = undo_rest.given(tournament, player) if event is not None else None
        if replaced is not None and not replaced.data.get("alone"):  # (the partner paired anew: below)
            raise ValidationError(_("%(name)s was replaced for the rest of the event: undo that substitute first (it is "
                                    "offered here while the substitute has not played).") % named)
        team_id = (event.data.get("entrant") or {}).get("team") if event else None
        whole = bool(event and event.data.get("player") is None and team_id)
        if formats.in_partnerships(tournament) and team_id and not whole:
            if Player.objects.filter(team_id=team_id).exclude(pk=player.pk).count() > 1:
                raise ValidationError(_("%(name)s's partner plays with someone else now: undo that pairing first (on the "
                                        "partner's page), then the withdrawal.") % named)
            Player.objects.filter(pk=player.pk).update(team_id=team_id)
        mates = list(Player.objects.filter(team_id=team_id)) if whole else [player]
        TableEntry.objects.filter(player__in=mates).update(withdrawn_at=None)
        if whole:
            Team.objects.filter(pk=team_id).update(withdrawn_at=None)
        record = after_draw.open_record(tournament)
        ids = [p.pk for p in mates]
        if record is not None and not any(set(ids) & set(seats) for seats in record.seats):
            # Back from the next round; this round they sit out (their table went on or was drawn without them).
            record.sitting_out = [*record.sitting_out, *[p for p in ids if p not in record.sitting_out]]
            record.save(update_fields=["sitting_out"])
        entrant = Entrant(team=team_id) if team_id else Entrant(player=player.pk)
        substitutes.log_change(tournament, after_draw.seat_of(tournament, ids), "change_undone", by=by, what="withdrawal",
                               entrant=entrant, player=None if whole else player.pk, round=record.round_number if record else 0)
        after_draw.bump(tournament)
    return _("%(name)s is back in the event.") % {"name": Team.objects.get(pk=team_id).name if whole else player.name}


def _teams_of(player: Player) -> set[int]:
    """The partnerships the player was in (a partnership withdrawn whole keeps its partners)."""
    return {player.team_id} - {None}
