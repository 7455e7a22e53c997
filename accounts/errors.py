"""Errors the accounts services and selectors raise; the API turns them into the one error shape."""
from __future__ import annotations

from medseba.api.errors import InvalidInput

__all__ = ["InvalidInput", "NotFound", "WrongPassword"]


class NotFound(Exception):
    """No such object, or it belongs to someone else (the two are indistinguishable on purpose)."""

    def __init__(self, what: str):
        super().__init__(f"No {what} with this id.")
        self.what = what
        self.message = str(self)


class WrongPassword(InvalidInput):
    """A password confirmation that does not match (changing the password, deleting the account)."""

    def __init__(self, field: str = "password"):
        super().__init__(field, "The password is not correct.")
