"""Checks Discord makes on what a bot sends, so a test fails where Discord would answer 400.

Each function returns a dict of problems: dotted field path -> message. An empty dict is fine.
"""

from __future__ import annotations

from typing import Any

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_FILE_SIZE = 10 * 1024 * 1024
COMPONENTS_V2 = 1 << 15

Problems = dict[str, str]


def _length(problems: Problems, path: str, value: Any, low: int, high: int) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        problems[path] = f"must be a string, got {type(value).__name__}"
    elif not low <= len(value) <= high:
        problems[path] = f"length {len(value)} not in {low}..{high}"


def check_embeds(embeds: list[dict[str, Any]], path: str, problems: Problems) -> None:
    if len(embeds) > MAX_EMBEDS:
        problems[path] = f"{len(embeds)} embeds, at most {MAX_EMBEDS}"
    total = 0
    for i, embed in enumerate(embeds):
        p = f"{path}.{i}"
        _length(problems, f"{p}.title", embed.get("title"), 0, 256)
        _length(problems, f"{p}.description", embed.get("description"), 0, 4096)
        fields = embed.get("fields", [])
        if len(fields) > 25:
            problems[f"{p}.fields"] = "at most 25 fields"
        for j, fld in enumerate(fields):
            _length(problems, f"{p}.fields.{j}.name", fld.get("name"), 1, 256)
            _length(problems, f"{p}.fields.{j}.value", fld.get("value"), 1, 1024)
            total += len(fld.get("name") or "") + len(fld.get("value") or "")
        total += len(embed.get("title") or "") + len(embed.get("description") or "")
        total += len((embed.get("footer") or {}).get("text") or "")
        total += len((embed.get("author") or {}).get("name") or "")
    if total > 6000:
        problems[path] = f"embeds hold {total} characters, at most 6000"


def _check_button(comp: dict[str, Any], p: str, problems: Problems) -> None:
    style = comp.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        problems[f"{p}.style"] = f"unknown button style {style!r}"
    _length(problems, f"{p}.label", comp.get("label"), 0, 80)
    if style == 5:
        if not comp.get("url") or "custom_id" in comp:
            problems[p] = "a link button needs a url and no custom_id"
    elif style != 6 and not comp.get("custom_id"):
        problems[f"{p}.custom_id"] = "a button needs a custom_id"
    if not comp.get("label") and not comp.get("emoji"):
        problems[p] = "a button needs a label or an emoji"


def _check_select(comp: dict[str, Any], p: str, problems: Problems) -> None:
    _length(problems, f"{p}.placeholder", comp.get("placeholder"), 0, 150)
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    if not 0 <= low <= high <= 25:
        problems[p] = f"min_values {low} / max_values {high} out of range"
    if comp.get("type") != 3:
        return
    options = comp.get("options", [])
    if not 1 <= len(options) <= 25:
        problems[f"{p}.options"] = f"{len(options)} options, need 1..25"
    if high > len(options):
        problems[f"{p}.max_values"] = f"max_values {high} > {len(options)} options"
    values = [o.get("value") for o in options]
    if len(set(values)) != len(values):
        problems[f"{p}.options"] = "option values must be unique"
    for j, opt in enumerate(options):
        _length(problems, f"{p}.options.{j}.label", opt.get("label"), 1, 100)
        _length(problems, f"{p}.options.{j}.value", opt.get("value"), 1, 100)
        _length(problems, f"{p}.options.{j}.description", opt.get("description"), 0, 100)


def check_components(components: list[dict[str, Any]], flags: int, path: str) -> Problems:
    problems: Problems = {}
    seen: set[str] = set()

    def visit(comps: list[dict[str, Any]], p: str) -> None:
        for i, comp in enumerate(comps):
            cp = f"{p}.{i}"
            ctype = comp.get("type")
            cid = comp.get("custom_id")
            if cid is not None:
                _length(problems, f"{cp}.custom_id", cid, 1, 100)
                if cid in seen:
                    problems[f"{cp}.custom_id"] = f"duplicate custom_id {cid!r}"
                seen.add(cid)
            if ctype == 1:
                children = comp.get("components", [])
                kinds = {c.get("type") for c in children}
                if not children:
                    problems[cp] = "empty action row"
                elif 2 in kinds and len(children) > 5:
                    problems[cp] = f"{len(children)} buttons in a row, at most 5"
                elif kinds & {3, 5, 6, 7, 8} and len(children) != 1:
                    problems[cp] = "a select menu must be alone in its row"
                visit(children, f"{cp}.components")
            elif ctype == 2:
                _check_button(comp, cp, problems)
            elif ctype in (3, 5, 6, 7, 8):
                _check_select(comp, cp, problems)
            elif not flags & COMPONENTS_V2:
                problems[cp] = f"component type {ctype} needs the IS_COMPONENTS_V2 flag"
            else:
                visit(comp.get("components", []), f"{cp}.components")
                for key in ("accessory", "component"):
                    if isinstance(comp.get(key), dict):
                        visit([comp[key]], f"{cp}.{key}")
        return None

    top_limit = 40 if flags & COMPONENTS_V2 else 5
    if len(components) > top_limit:
        problems[path] = f"{len(components)} top-level components, at most {top_limit}"
    if not flags & COMPONENTS_V2:
        for i, comp in enumerate(components):
            if comp.get("type") != 1:
                problems[f"{path}.{i}"] = "top-level components must be action rows"
    visit(components, path)
    return problems


def check_message(
    payload: dict[str, Any], attachments: list[Any], *, path: str = "", require_body: bool = True
) -> Problems:
    """A message create/edit body. ``attachments`` are the attachments it will end up with."""
    pre = f"{path}." if path else ""
    problems: Problems = {}
    content = payload.get("content")
    flags = int(payload.get("flags") or 0)
    if content is not None:
        _length(problems, f"{pre}content", content, 0, MAX_CONTENT)
    embeds = payload.get("embeds") or []
    check_embeds(embeds, f"{pre}embeds", problems)
    components = payload.get("components") or []
    problems.update(check_components(components, flags, f"{pre}components"))
    if flags & COMPONENTS_V2 and (content or embeds):
        problems[f"{pre}content"] = "content and embeds cannot be used with IS_COMPONENTS_V2"
    allowed = payload.get("allowed_mentions") or {}
    for i, user in enumerate(allowed.get("users") or []):  # snowflakes, as Discord reads them
        if not (str(user).isdigit() and 0 < int(user) < 2**64):
            problems[f"{pre}allowed_mentions.users.{i}"] = f"Value {user!r} is not snowflake."
    for i, att in enumerate(attachments):
        if att.size > MAX_FILE_SIZE:
            problems[f"{pre}files.{i}"] = f"{att.filename} is {att.size} bytes, over the limit"
        _length(problems, f"{pre}attachments.{i}.description", att.description, 0, 1024)
    if require_body and not (content or embeds or components or attachments or payload.get("poll")):
        problems[f"{pre}content"] = "Cannot send an empty message"
    return problems


def check_choices(choices: list[dict[str, Any]], path: str = "data.choices") -> Problems:
    problems: Problems = {}
    if len(choices) > 25:
        problems[path] = f"{len(choices)} choices, at most 25"
    for i, choice in enumerate(choices):
        _length(problems, f"{path}.{i}.name", choice.get("name"), 1, 100)
        value = choice.get("value")
        if isinstance(value, str):
            _length(problems, f"{path}.{i}.value", value, 1, 100)
        elif not isinstance(value, int | float) or isinstance(value, bool):
            problems[f"{path}.{i}.value"] = f"bad choice value {value!r}"
    return problems


def check_modal(data: dict[str, Any]) -> Problems:
    problems: Problems = {}
    _length(problems, "data.title", data.get("title"), 1, 45)
    _length(problems, "data.custom_id", data.get("custom_id"), 1, 100)
    comps = data.get("components") or []
    if not 1 <= len(comps) <= 5:
        problems["data.components"] = f"{len(comps)} rows, need 1..5"
    return problems


def error_body(problems: Problems) -> dict[str, Any]:
    """Discord's 50035 Invalid Form Body, which discord.py flattens into its error message."""
    errors = {
        path or "_": {"_errors": [{"code": "INVALID", "message": msg}]}
        for path, msg in problems.items()
    }
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}
