from django.urls import path

from tournament.views import brackets

app_name = "brackets"
urlpatterns = [
    path("t/<slug:slug>/bracket/", brackets.overview, name="overview"),
    path("t/<slug:slug>/bracket/<str:kind>/", brackets.division, name="division"),
]
