"""The wire details of the stand-in: request bodies (JSON or multipart) and responses the
way discord.py reads them (exact ``application/json``; 429s with ``Via`` and a body)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aiohttp import BodyPartReader, web

from devkit.standin.models import snowflake

if TYPE_CHECKING:
    from devkit.standin.server import Failure

BODY: web.RequestKey[Any] = web.RequestKey("body", object)  # the decoded JSON: any shape
FILES = web.RequestKey("files", dict)


async def read_body(request: web.Request) -> Any:
    """JSON body, or the ``payload_json`` of a multipart body (files go to request)."""
    if not request.can_read_body:
        return None
    if request.content_type.startswith("multipart/"):
        body: Any = {}
        files: dict[str, bytes] = {}
        reader = await request.multipart()
        async for part in reader:
            if not isinstance(part, BodyPartReader):  # Discord never nests multiparts
                continue
            if part.name == "payload_json":
                body = json.loads(await part.text())
            else:
                files[part.filename or part.name or "file"] = bytes(await part.read())
        request[FILES] = files
        return body
    raw = await request.read()
    return json.loads(raw) if raw else None


def attachment_list(body: dict[str, Any], files: dict[str, bytes]) -> list[dict[str, Any]]:
    return [
        {
            "id": str(snowflake()),
            "filename": name,
            "size": len(data),
            "url": f"https://cdn.invalid/{name}",
            "proxy_url": f"https://cdn.invalid/{name}",
            "content_type": "image/png" if name.endswith(".png") else "application/octet-stream",
        }
        for name, data in files.items()
    ]


def failure_response(failure: Failure) -> web.Response:
    if failure.status == 429:
        body = {"message": "You are being rate limited.", "retry_after": failure.retry_after}
        body["global"] = False
        headers = {
            "Via": "1.1 google",
            "Retry-After": str(max(1, round(failure.retry_after))),
            "X-RateLimit-Scope": "user",
        }
        return json_response(body, status=429, headers=headers)
    return json_response({"message": "Internal Server Error", "code": 0}, status=failure.status)


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with exactly ``application/json``: discord.py compares the header verbatim."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


def not_found(message: str, code: int) -> web.Response:
    return json_response({"message": message, "code": code}, status=404)
