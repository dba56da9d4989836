"""A small router for the REST API, Discord-style errors, and request body parsing."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader, web

from .records import RequestRecord, Upload


class ApiError(Exception):
    """Answered as a Discord JSON error: {"message": ..., "code": ...}."""

    def __init__(
        self, status: int, code: int, message: str, errors: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def not_found(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


def missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


def invalid_form(problems: dict[str, str]) -> ApiError:
    from .validate import error_body

    body = error_body(problems)
    return ApiError(400, body["code"], body["message"], body["errors"])


@dataclass
class Req:
    """The request as a handler sees it."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    json: Any
    files: list[Upload]
    record: RequestRecord

    @property
    def body(self) -> dict[str, Any]:
        return self.json if isinstance(self.json, dict) else {}

    def flag(self, name: str) -> bool:
        return self.query.get(name, "").lower() in ("1", "true")


Handler = Callable[..., Awaitable[Any]]


@dataclass
class Reply:
    status: int
    body: Any = None


class Router:
    def __init__(self) -> None:
        self.routes: list[tuple[str, str, re.Pattern[str], Handler, bool]] = []

    def add(self, method: str, template: str, handler: Handler, *, auth: bool = True) -> None:
        pattern = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
        self.routes.append((method, template, re.compile(f"^{pattern}$"), handler, auth))

    def match(self, method: str, path: str) -> tuple[str, Handler, dict[str, str], bool] | None:
        # Literal segments win over placeholders (/commands/@me before /commands/{id}).
        best = None
        for m, template, regex, handler, auth in self.routes:
            found = regex.match(path) if m == method else None
            if found and (best is None or template.count("{") < best[0].count("{")):
                best = (template, handler, found.groupdict(), auth)
        return best


async def parse_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """JSON body, or a multipart body's payload_json plus its files."""
    ctype = request.content_type
    if ctype.startswith("multipart/"):
        payload: Any = None
        files: list[Upload] = []
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):  # nested multipart: not used by Discord
                continue
            data = await part.read(decode=False)
            if part.name == "payload_json":
                payload = json.loads(data.decode())
            else:
                ptype = part.headers.get("Content-Type")
                files.append(Upload(part.name or "", part.filename, bytes(data), ptype))
        return payload, files
    raw = await request.read()
    if not raw:
        return None, []
    if ctype == "application/json":
        return json.loads(raw.decode()), []
    return raw.decode(errors="replace"), []


def json_response(status: int, body: Any) -> web.Response:
    if status == 204 or body is None:
        return web.Response(status=204)
    # discord.py parses JSON only when the content type is exactly "application/json".
    data = json.dumps(body).encode()
    return web.Response(body=data, status=status, headers={"Content-Type": "application/json"})
