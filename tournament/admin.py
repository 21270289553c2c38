"""The Django admin. An edit here (a team or player renamed, a time or a table fixed) shows on the
pages and PDFs like any other change, so every admin below bumps the tournament's change counter
(tournament.core.page_cache) inside the admin's own transaction: its add, change and delete views each
run in one, inlines included."""

from django.contrib import admin
from django.db import transaction

from tournament import models


class BumpsChanges(admin.ModelAdmin):
    tournament_path = "tournament"  # the lookup from this admin's model to its tournament's id

    def bump(self, queryset) -> None:
        models.Tournament.objects.filter(pk__in=queryset.values(self.tournament_path)).bump()

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        self.bump(self.model.objects.filter(pk=obj.pk))

    def delete_model(self, request, obj):
        self.bump(self.model.objects.filter(pk=obj.pk))  # while the row still says whose it is
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        with transaction.atomic():  # the changelist's delete action, unlike the views, runs in none
            self.bump(queryset)
            super().delete_queryset(request, queryset)


class PlayerInline(admin.TabularInline):
    model = models.Player
    extra = 0
    fields = ("name", "contact")


@admin.register(models.Tournament)
class TournamentAdmin(BumpsChanges):
    tournament_path = "pk"
    list_display = ("name", "slug", "variant", "signup_deadline", "status")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(models.Team)
class TeamAdmin(BumpsChanges):
    list_display = ("name", "tournament", "created_at", "withdrawn_at")
    list_filter = ("tournament",)
    inlines = [PlayerInline]


@admin.register(models.Player)
class PlayerAdmin(BumpsChanges):
    list_display = ("name", "tournament", "team")
    list_filter = ("tournament",)


@admin.register(models.PartnerPost)
class PartnerPostAdmin(BumpsChanges):
    tournament_path = "player__tournament"
    list_display = ("player", "note", "created_at", "closed_at")


class GameSideInline(admin.TabularInline):
    model = models.GameSide
    fk_name = "game"
    extra = 0


@admin.register(models.Game)
class GameAdmin(BumpsChanges):
    tournament_path = "division__tournament"
    list_display = ("__str__", "status", "winner", "table_number", "starts_at")
    list_filter = ("division__tournament", "status")
    inlines = [GameSideInline]


@admin.register(models.Division)
class DivisionAdmin(BumpsChanges):
    pass


@admin.register(models.Round, models.DrawRecord)
class DivisionPartAdmin(BumpsChanges):
    tournament_path = "division__tournament"


@admin.register(models.CheckIn, models.Substitution, models.GameEvent)
class GameRecordAdmin(BumpsChanges):
    tournament_path = "game__division__tournament"
