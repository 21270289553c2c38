# Meldboard's Spanish is Mexico's: Django's es_MX formats (5,690 and 2.5, not Spain's 5 690 and 2,5).
from django.conf.locale.es_MX.formats import *  # noqa: F401,F403
