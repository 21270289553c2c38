"""Undoing a substitute for the rest of the event (issue 34), before the substitute has played: the
player they replaced is back in their place (their partnership, their seat at a table not started),
the substitute back to what they were (their own partnership left alone, a withdrawn entry, or no
entry at all). Two players left alone and paired with each other are parted the same way. Logged
("change_undone", what "rest_of_event") and listed with the changes after the draw; refused with
the reason once the substitute has played (a table with them started after the change)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from tournament.common.names import partners_name
from tournament.core.game_log import Entrant
from tournament.formats.tables import after_draw, formats, substitutes
from tournament.models import Game, GameSide, Player, TableEntry, Team, Tournament


def given(tournament: Tournament, player: Player):
    """The latest substitution for the rest of the event that `player` is part of (as the substitute or as
    the one replaced) and that has not been undone; None if there is none."""
    logged = after_draw.logged(tournament, ["partner_replaced", "change_undone"])
    undone = [e for e in logged if e.kind == "change_undone" and e.data.get("what") == "rest_of_event"]
    for entry in reversed([e for e in logged if e.kind == "partner_replaced" and e.data.get("rest_of_event")]):
        team = (entry.data.get("entrant") or {}).get("team")
        if player.pk not in (entry.data.get("substitute"), entry.data.get("replaced")) and not (team and team == player.team_id):
            continue
        if any(u.at >= entry.at and u.data.get("other") == entry.data["substitute"]
               and u.data.get("player") == entry.data.get("replaced") for u in undone):
            return None
        return entry
    return None


def _played_since(tournament: Tournament, entry, person: Player) -> bool:
    """The substitute has played: a table with them (their partnership's, at partnerships) started after the change."""
    team_id = (entry.data.get("entrant") or {}).get("team")
    at = Q(player=person.pk) | (Q(team=team_id) if team_id and formats.in_partnerships(tournament) else Q(pk__in=[]))
    return Game.objects.filter(division__tournament=tournament, started_at__gt=entry.at).filter(
        sides__in=GameSide.objects.filter(at)).exists()


def undoable(tournament: Tournament, entry) -> bool:
    """The substitute has not played yet: no table with them started since the change, and the table
    they sit at now (if any) has not started."""
    person = Player.objects.filter(pk=entry.data["substitute"]).first()
    if person is None or _played_since(tournament, entry, person):
        return False
    seat = after_draw.seat_of(tournament, [person.pk])
    return seat is None or seat.not_started


def undo_rest_substitute(tournament: Tournament, player: Player, *, by=None) -> str:
    """Take back the substitute for the rest of the event that `player` is part of."""
    with after_draw.atomic():
        player = Player.objects.select_for_update(of=("self",)).get(pk=player.pk)
        entry = given(tournament, player)
        if entry is None:
            raise ValidationError(_("%(name)s has no substitute for the rest of the event to undo.") % {"name": player.name})
        person = Player.objects.get(pk=entry.data["substitute"])
        replaced = Player.objects.filter(pk=entry.data.get("replaced")).select_related("table_entry").first()
        named = {"substitute": person.name, "name": replaced.name if replaced else "?"}
        if not undoable(tournament, entry):
            raise ValidationError(_("%(substitute)s has already played in place of %(name)s: the substitute can no longer "
                                    "be taken back.") % named)
        team_id = (entry.data.get("entrant") or {}).get("team")
        seat = after_draw.seat_of(tournament, [person.pk])
        _restore_substitute(person, entry.data)
        if team_id and entry.data.get("alone"):
            back = None  # the partner who withdrew stays withdrawn; the player left alone is alone again
        else:
            back = replaced
            TableEntry.objects.filter(player=replaced).update(withdrawn_at=None)
            if team_id:
                Player.objects.filter(pk=replaced.pk).update(team_id=team_id)
        if seat is not None:
            if back is not None and not team_id:
                after_draw.hand_over_side(seat, person, team=None, player=back)
            after_draw.rewrite_record(seat.record, {person.pk: (back or replaced or person).pk})
        if team_id:
            _name_again(team_id, replaced)
        entrant = Entrant(team=team_id) if team_id else Entrant(player=replaced.pk)
        substitutes.log_change(tournament, seat, "change_undone", by=by, what="rest_of_event", entrant=entrant,
                               player=replaced.pk if replaced else None, other=person.pk, round=entry.data.get("round", 0))
        after_draw.bump(tournament, seat.game if seat else None)
    if back is None:
        lone = Player.objects.filter(team_id=team_id).order_by("created_at", "id").first()
        return _("%(substitute)s and %(name)s are no longer paired: each is back on their own.") % {
            "substitute": person.name, "name": lone.name if lone else "?"}
    return _("%(substitute)s no longer replaces %(name)s: %(name)s is back in the event.") % named


def _name_again(team_id: int, replaced: Player | None) -> None:
    """The partnership named as before the change: its players, and the partner who withdrew when the
    player left alone is alone again (it kept that name until the pairing)."""
    mates = Player.objects.filter(Q(team_id=team_id) | Q(pk=replaced.pk if replaced else None)).order_by("created_at", "id")
    Team.objects.filter(pk=team_id).update(name=partners_name(mates.values_list("name", flat=True)), from_players=True)


def _restore_substitute(person: Player, data: dict) -> None:
    """The substitute as they were before: their own partnership (back from withdrawn, if it was left
    empty by the change) and their sign-up."""
    old_team = data.get("from_team")
    Player.objects.filter(pk=person.pk).update(team_id=old_team)
    if old_team:
        Team.objects.filter(pk=old_team).update(withdrawn_at=None)
        substitutes.rename(Team.objects.get(pk=old_team))
    was = data.get("was", "")
    if was == "none":
        TableEntry.objects.filter(player=person).delete()
    elif was == "withdrawn":
        TableEntry.objects.filter(player=person).update(withdrawn_at=timezone.now())
