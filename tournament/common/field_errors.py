"""Refusing what someone typed with every problem at once, each under its form field: a service
notes the problems as it checks, then raises one ValidationError keyed by field and saves nothing
(a view shows each at its box)."""

from collections.abc import Callable
from typing import TypeVar

from django.core.exceptions import ValidationError

T = TypeVar("T")


class FieldErrors:
    def __init__(self) -> None:
        self.by_field: dict[str, list[str]] = {}

    def add(self, field: str, message: str) -> None:
        self.by_field.setdefault(field, []).append(message)

    def check(self, field: str, read: Callable[[], T]) -> T | None:
        """What `read()` returns, or None with its refusal noted under `field`."""
        try:
            return read()
        except ValidationError as exc:
            self.by_field.setdefault(field, []).extend(exc.messages)
            return None

    def raise_any(self) -> None:
        if self.by_field:
            raise ValidationError(self.by_field)
