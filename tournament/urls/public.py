from django.urls import path

from tournament.views import public

app_name = "public"
urlpatterns = [
    path("", public.index, name="index"),
    path("t/<slug:slug>/", public.home, name="home"),
    path("t/<slug:slug>/signup/", public.signup, name="signup"),
    path("t/<slug:slug>/teams/", public.teams, name="teams"),
    path("t/<slug:slug>/partners/", public.partners, name="partners"),
    path("t/<slug:slug>/partners/<int:post_id>/choose/", public.choose_partner, name="choose_partner"),
    path("t/<slug:slug>/partners/withdraw/", public.withdraw_post, name="withdraw_post"),
]
