"""Local play's own words for the rules, and ``resign``: a hot-seat player leaves the game over
the real ``python -m bot play``, as ``/resign`` does on Discord (a Pachisi table of 3-4 plays
on; elsewhere the game ends and the others win), only after typing ``yes``."""

from __future__ import annotations

import re

import pytest

import engine
from bot.words.rules import RULES
from bot.words.terminal import rules_text
from tests.bot.terminal import run as play

SLASH_COMMAND = re.compile(r"(?<![\w/])/[a-z]{2,}")
"""A slash command (``/play``, ``/resign``); Ice-Turn's ``/k`` notation is none."""


@pytest.mark.parametrize("key", sorted(engine.GAMES))
def test_the_terminal_rules_name_no_slash_command(key):
    text = rules_text(key)
    assert not SLASH_COMMAND.search(text), SLASH_COMMAND.findall(text)
    assert "{{" not in text and "{{" not in RULES[key]


def test_pachisi_rules_name_the_terminal_flag_and_resign_and_discord_keeps_its_own(tmp_path):
    args = ["play", "pachisi", "--db", str(tmp_path / "p.db"), "--out", str(tmp_path / "img")]
    done = play([*args, "--names", "Ann", "Ben"], ["rules", "help", "quit"])
    assert done.returncode == 0, done.stderr
    out = " ".join(done.stdout.split())  # the rules are wrapped to the terminal's width
    assert "Rule sets (--option rules=classic)" in out
    assert "A player who types resign at a table of 3-4 leaves with their pawns" in out
    rules = out.split("Pachisi (2-4 players", 1)[1].split("Commands:", 1)[0]
    assert not SLASH_COMMAND.search(rules), SLASH_COMMAND.findall(rules)
    assert "resign leave the game, once you type yes" in out  # help lists it
    assert "(`/play pachisi rules:`)" in RULES["pachisi"]  # Discord still names its command
    assert "one who uses `/resign` at a table of 3-4" in RULES["pachisi"]


def _prompts(out: str) -> list[str]:
    """The names of the players prompted, in order."""
    return re.findall(r"(\S[^\n>]*?) \(seat \d\) to move> ", out)


def test_resign_in_a_two_player_game_asks_first_and_the_other_wins(tmp_path):
    db = str(tmp_path / "p.db")
    args = ["play", "pachisi", "--db", db, "--out", str(tmp_path / "img"), "--seed", "3"]
    lines = ["resing", "resign", "no", "resign", "yes"]
    done = play([*args, "--names", "Ann", "Ben"], lines)
    assert done.returncode == 0, done.stderr
    first = _prompts(done.stdout)[0]
    other = "Ben" if first == "Ann" else "Ann"
    assert "Not played:" in done.stdout  # a typo is no resignation
    assert "Not resigned; still your move." in done.stdout  # anything but yes changes nothing
    assert f"Resign {first} (seat" in done.stdout and f": {other} wins. Type yes" in done.stdout
    assert f"Game over: {other} wins" in done.stdout
    again = play(["play", "--resume", "--db", db], [])
    assert again.returncode != 0 and "Game over" not in again.stdout  # nothing left to resume


def test_resign_at_a_three_player_pachisi_table_the_others_play_on(tmp_path):
    db = str(tmp_path / "p.db")
    args = ["play", "pachisi", "--db", db, "--out", str(tmp_path / "img"), "--seed", "5"]
    done = play([*args, "--names", "Ann", "Ben", "Cy"], ["resign", "yes", "resign", "yes"])
    assert done.returncode == 0, done.stderr
    prompted = _prompts(done.stdout)
    first = prompted[0]
    assert f"Resign {first} (seat" in done.stdout
    assert "the others play on without you. Type yes" in done.stdout
    assert f"{first} left the game; the others play on without them." in done.stdout
    after = done.stdout.split(f"{first} left the game", 1)[1]
    second = _prompts(after)[0]  # the game went on, to someone still playing
    assert second != first
    (last,) = {"Ann", "Ben", "Cy"} - {first, second}
    assert f"Resign {second} (seat" in after and f": {last} wins. Type yes" in after
    assert f"Game over: {last} wins" in after
    report = after.split("Game over", 1)[1]
    assert f"{first} " in report and f"{second} " in report and report.count("(left)") == 2


def test_tab_completes_resign():
    from bot.local.lines import completions

    state = engine.get_game("icesickle").new_game(2)
    assert completions(state, "res") == ["resign"]


def test_resign_with_partners_names_the_partner_leaving_and_the_other_team_winning(tmp_path):
    """Pachisi with partners: the team leaves together, so the prompt says the partner
    leaves too and the other team (both partners) wins, never the partner among winners."""
    db = str(tmp_path / "p.db")
    args = ["play", "pachisi", "--db", db, "--out", str(tmp_path / "img"), "--seed", "5"]
    args += ["--option", "partners=on", "--names", "Ann", "Ben", "Cy", "Dee"]
    done = play(args, ["resign", "yes"])
    assert done.returncode == 0, done.stderr
    first = _prompts(done.stdout)[0]
    names = ["Ann", "Ben", "Cy", "Dee"]
    seat = names.index(first)
    partner, team = names[(seat + 2) % 4], [names[(seat + 1) % 4], names[(seat + 3) % 4]]
    won = f"{team[0]} and {team[1]} win"
    said = f"Resign {first} (seat {seat + 1}): {partner} leaves with you, and {won}. Type yes"
    assert said in done.stdout
    assert f"Game over: {won}" in done.stdout
