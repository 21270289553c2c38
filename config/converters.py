"""URL converters that only match what can name a row, so no view is handed a value the database
cannot hold: a NUL byte in a table link broke PostgreSQL, and a number past 64 bits overflows SQLite
in any lookup Django does not bound for us (it bounds `=`, not `__in` or arithmetic). A part that
does not match is a 404 like any unknown address."""

from django.urls import register_converter

BIGGEST_ID = 2**63 - 1  # the largest value of a 64-bit primary key on both databases


class IdConverter:
    """A row id or a hand number: a whole number from 1 to 2**63 - 1."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 1 <= number <= BIGGEST_ID:
            raise ValueError(f"{value} is not an id")
        return number

    def to_url(self, value) -> str:
        return str(value)


class TokenConverter:
    """A table link's secret: URL-safe Base64 characters (secrets.token_urlsafe), at most 40."""

    regex = "[-A-Za-z0-9_]{1,40}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value) -> str:
        return str(value)


# Registered on import: config.urls imports this module before any app's URL module, which use them.
register_converter(IdConverter, "id")
register_converter(TokenConverter, "token")
