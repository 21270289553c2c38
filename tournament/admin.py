from django.contrib import admin

from tournament import models


class PlayerInline(admin.TabularInline):
    model = models.Player
    extra = 0
    fields = ("name", "contact")


@admin.register(models.Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "variant", "signup_deadline", "status")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(models.Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "tournament", "created_at", "withdrawn_at")
    list_filter = ("tournament",)
    inlines = [PlayerInline]


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "tournament", "team")
    list_filter = ("tournament",)


@admin.register(models.PartnerPost)
class PartnerPostAdmin(admin.ModelAdmin):
    list_display = ("player", "note", "created_at", "closed_at")


class GameSideInline(admin.TabularInline):
    model = models.GameSide
    fk_name = "game"
    extra = 0


@admin.register(models.Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "winner", "table_number", "starts_at")
    list_filter = ("division__tournament", "status")
    inlines = [GameSideInline]


for model in (models.Division, models.Round, models.DrawRecord, models.CheckIn, models.Substitution, models.GameEvent):
    admin.site.register(model)
