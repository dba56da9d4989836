"""The docs a newcomer reads: a short README, links that lead somewhere, nothing that points
outside the repository, and a test command that is the one CI runs."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md")) if (ROOT / "docs").is_dir() else []
PAGES = [README, *DOCS, ROOT / "bench" / "README.md"]

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def _anchors(page: Path) -> set[str]:
    """The anchors of a page's headings, as GitHub makes them."""
    anchors = set()
    for line in FENCE.sub("", _text(page)).splitlines():
        if line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            title = re.sub(r"[^\w\- ]", "", title)
            anchors.add(title.replace(" ", "-"))
    return anchors


def _links(page: Path) -> list[str]:
    return LINK.findall(FENCE.sub("", _text(page)))


def test_readme_is_short():
    size = len(README.read_bytes())
    assert size <= 11_000, f"README.md is {size:,} bytes; keep it under 11,000 (details: docs/)"


def test_the_pages_exist():
    names = {page.relative_to(ROOT).as_posix() for page in PAGES}
    for name in (
        "docs/playing.md",
        "docs/rules.md",
        "docs/architecture.md",
        "docs/scaling.md",
        "docs/decisions.md",
        "docs/operating.md",
        "bench/README.md",
    ):
        assert name in names and (ROOT / name).is_file(), f"{name} is missing"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_resolve(page: Path):
    if not page.is_file():
        pytest.fail(f"{page.relative_to(ROOT)} is missing")
    broken = []
    for target in _links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...
            continue
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and where.suffix == ".md" and anchor not in _anchors(where):
            broken.append(f"{target} (no such heading)")
        elif not where.resolve().is_relative_to(ROOT):
            broken.append(f"{target} (outside the repository)")
    assert not broken, f"{page.relative_to(ROOT)}: broken links: {broken}"


FORBIDDEN = re.compile(r"issue|\.\./shared|RULINGS|DESIGN\.md", re.I)


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_reference_outside_the_repository(page: Path):
    if not page.is_file():
        pytest.fail(f"{page.relative_to(ROOT)} is missing")
    found = [
        f"line {number}: {line.strip()}"
        for number, line in enumerate(_text(page).splitlines(), start=1)
        if FORBIDDEN.search(line)
    ]
    assert not found, f"{page.relative_to(ROOT)} names issues or files outside the repo: {found}"


def _ci_commands() -> tuple[str, str]:
    """The install and test commands `.ci/run` runs."""
    lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    (test,) = [line for line in lines if "pytest" in line]
    (install,) = [line for line in lines if "pip install" in line]
    return install, test


def _quick_start_test_command() -> str:
    text = _text(README)
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```sh\n(.*?)^```", section, re.M | re.S)
    commands = [line for block in blocks for line in block.splitlines() if "pytest" in line]
    assert len(commands) == 1, f"the quick start should have one test command: {commands}"
    return commands[0].strip()


def test_quick_start_tests_as_ci_does():
    install, test = _ci_commands()
    steps = [step.strip() for step in _quick_start_test_command().split("&&")]
    assert steps[-1] == test, f"README runs {steps[-1]!r}, .ci/run runs {test!r}"
    (pip,) = [step for step in steps if "pip install" in step]
    ci_args = [a for a in shlex.split(install) if not a.startswith("--") or a == "-e"]
    readme_args = shlex.split(pip)
    assert ci_args[ci_args.index("install") :] == readme_args[readme_args.index("install") :], (
        f"README installs with {pip!r}, .ci/run with {install!r}"
    )


def test_quick_start_runs_the_bot_with_its_token():
    section = _text(README).split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"^```sh\n(.*?)^```", section, re.M | re.S)
    lines = [line.strip() for block in blocks for line in block.splitlines()]
    assert any(line.startswith("export DISCORD_TOKEN=") for line in lines)
    assert any(line.endswith("pip install . && python -m bot") for line in lines)
