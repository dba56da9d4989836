"""The service's errors: what a user asked for that cannot be done, and why. The message of each
is for that user. No Discord and no SQL in here."""

from __future__ import annotations


class ServiceError(Exception):
    """Something a user asked for that cannot be done; the message is for that user."""


class NotFound(ServiceError):
    pass


class NotAllowed(ServiceError):
    """The user may not do this (not seated, not their turn, not the invited player)."""


class Closed(ServiceError):
    """The challenge or game is no longer open for this."""


class Conflict(ServiceError):
    """The game changed under the request (another click got there first)."""


class RateLimited(ServiceError):
    pass


class Unavailable(ServiceError):
    """The database cannot be written (or read) right now: disk full, an I/O error, locked for
    too long. Nothing of the request was kept."""

    def __init__(
        self, message: str = "Couldn't save right now; nothing was changed. Try again in a moment."
    ) -> None:
        super().__init__(message)


class StorageOpenError(ServiceError):
    """The database cannot be opened or set up (not an SQLite file, unreadable, in a missing
    folder, a server that does not answer, a schema that cannot be migrated). The message is
    one line naming the database."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"cannot open the database {path}: {reason}")
        self.path = path
        self.reason = reason
