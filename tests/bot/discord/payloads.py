"""What Discord accepts: the limits of a command's options, and Discord's own OpenAPI
description of its payloads.

The OpenAPI checks read ``discord-api-spec/openapi.json`` from the ``shared/`` folder beside
the repository (``$PARLOR_SHARED`` if set; else ``shared/`` beside the checkout or any folder
above it, with and without symlinks resolved) and skip where it is absent.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_IN_SHARED = Path("discord-api-spec") / "openapi.json"


def find_spec() -> Path | None:
    """Where Discord's OpenAPI description is, or None."""
    if os.environ.get("PARLOR_SHARED"):
        places = [Path(os.environ["PARLOR_SHARED"])]
    else:
        here = Path(os.path.abspath(__file__)).parent
        starts = (here, here.resolve(), Path.cwd(), Path.cwd().resolve())
        places = [up / "shared" for start in starts for up in start.parents]
    return next((p / SPEC_IN_SHARED for p in places if (p / SPEC_IN_SHARED).is_file()), None)


SPEC = find_spec()
NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


def check_options(options, path):
    assert len(options) <= 25, path
    for option in options:
        where = f"{path}.{option['name']}"
        assert NAME.match(option["name"]), where
        assert 1 <= len(option["description"]) <= 100, where
        assert len(option.get("choices") or []) <= 25, where
        for choice in option.get("choices") or []:
            assert 1 <= len(choice["name"]) <= 100, where
        check_options(option.get("options") or [], where)


def validator_for(schema_name: str) -> Draft202012Validator:
    if SPEC is None:
        pytest.skip("Discord's OpenAPI description (shared/discord-api-spec) is not found")
    spec = json.loads(SPEC.read_text())
    resource = Resource.from_contents(spec, default_specification=DRAFT202012)
    registry = Registry().with_resource("urn:discord", resource)
    schema = {"$ref": f"urn:discord#/components/schemas/{schema_name}"}
    return Draft202012Validator(schema, registry=registry)


def assert_valid(validator: Draft202012Validator, payload) -> None:
    errors = sorted(validator.iter_errors(payload), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}"[:300] for e in errors[:5])


def snowflakes_as_text(payload: dict) -> dict:
    """discord.py writes a few snowflakes as JSON numbers (mention ids, attachment indexes)
    where the description says strings; Discord takes both. Everything else is checked as is."""
    payload = json.loads(json.dumps(payload))
    mentions = payload.get("allowed_mentions") or {}
    for key in ("users", "roles"):
        if key in mentions:
            mentions[key] = [str(x) for x in mentions[key]]
    for attachment in payload.get("attachments") or []:
        attachment["id"] = str(attachment["id"])
    return payload
