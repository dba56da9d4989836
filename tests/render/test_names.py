"""Players' names where they do not fit: shortened, never dropped, and the part in brackets
(Parlor's level) kept, since it is what tells Parlor's seats apart."""

from __future__ import annotations

import re

import pytest

from render.canvas import Canvas
from tests.render.names import ELLIPSIS, HAMILTONS, seats_read


def canvas() -> Canvas:
    return Canvas(400, 100, (0, 0, 0))


def test_a_long_name_is_cut_with_an_ellipsis():
    c = canvas()
    short = c.fit("Bartholomew-Maximilian", 14, 90)
    assert short.endswith(ELLIPSIS) and "Bartholomew-Maximilian".startswith(short[:-1])
    assert c.text_width(short, 14) <= 90
    assert c.fit("Ann", 14, 90) == "Ann"


def test_a_name_ending_in_brackets_keeps_them():
    c = canvas()
    width = c.text_width("Parlor (medium)", 14)
    assert c.fit("Parlor 2 (medium)", 14, width) == f"Parl{ELLIPSIS} (medium)"
    assert c.text_width(c.fit("Parlor 2 (medium)", 14, width), 14) <= width
    # with no room for a little of the head too, the end is cut as any name's
    tiny = c.fit("Parlor 2 (medium)", 14, c.text_width("(medium)", 14))
    assert tiny.startswith("Par") and tiny.endswith(ELLIPSIS)


def _iceturn_after_a_turn_of(seat: int):
    """A 3-player Ice-Turn game played by easy AIs until ``seat`` has just finished a turn
    (past the tile setup), so the panel shows that seat's roll and turn."""
    import random

    import engine
    from bot.service.facade import draw_chance
    from engine.ai import choose

    rng = random.Random(3)
    state = engine.get_game("ice-turn").new_game(3, {})
    while True:
        if state.is_chance_node():
            state = state.apply(draw_chance(state, rng))
            continue
        state = state.apply(choose(state, "easy", rng))
        last = state.last_turn
        if last is not None and last.seat == seat and state.to_move != seat:
            return state


def test_iceturn_panel_shows_a_long_name_whole(monkeypatch):
    """The "Last roll" and "Last turn" headers have little room beside their label: a name
    too long for it ("Parlor 2 (medium)") moves to a line of its own instead of being cut
    to "Parl..."."""
    import inspect

    import render

    drawn: list[str] = []
    original = Canvas.text

    def recording(self, *args, **kwargs):
        call = inspect.signature(original).bind(self, *args, **kwargs)
        call.apply_defaults()
        text, size, room = (
            call.arguments["text"],
            call.arguments["size"],
            call.arguments["max_width"],
        )
        bold = call.arguments["bold"]
        drawn.append(self.fit(text, size, room, bold) if room else text)  # what the image shows
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Canvas, "text", recording)
    names = ["Alice", "Parlor (medium)", "Parlor 2 (medium)"]
    render.render(_iceturn_after_a_turn_of(2), names=names)
    assert drawn.count("Parlor 2 (medium)") >= 3  # the roster, "Last roll", "Last turn"
    assert not [t for t in drawn if t.startswith("Parl") and ELLIPSIS in t]


# -- names that stay told apart --------------------------------------------------------------

LOOK_ALIKES = ("Parlor 1 (hard)", "Parlor 2 (medium)", "Parlor 3 (medium)", "Parlor 4 (medium)")
AS_THE_BOT_NAMES_THEM = (
    "Parlor (hard)",
    "Parlor 2 (hard)",
    "Parlor 3 (medium)",
    "Parlor 4 (medium)",
)
"""Parlor's seats as the bot names them: the first "Parlor (level)", the next "Parlor n"."""
PEOPLE = ("Alexander Hamilton", "Alexander Hampton", "Alice Hamilton", "Bartholomew Maximilian")


def _shortened_mentions(text: str, names) -> list[tuple[str, set[int]]]:
    """Each shortened name in a drawn ``text`` (one with an ellipsis or an initial), read
    from where it starts as far as it still reads as a name: with the seats it reads as."""
    text = text.replace("\N{NO-BREAK SPACE}", " ")
    starts = [0] + [m.end() for m in re.finditer(" ", text)]
    ends = sorted(
        {m.start() for m in re.finditer(r"[ ,:;!'.]|$", text)}
        | {m.end() for m in re.finditer(r"[.)\N{HORIZONTAL ELLIPSIS}]", text)}
    )
    found = []
    for i in starts:
        longest = None
        for j in ends:
            piece = text[i:j]
            if j <= i or not re.search(rf"{ELLIPSIS}|(^|\s)\w\.(\s|$)", piece):
                continue
            seats = seats_read(piece, names)
            if seats:
                longest = (piece, seats)
        if longest is not None:
            found.append(longest)
    return found


def _states():
    """Seeded positions of every game, with 4 seats where the game has them: the opening roll,
    play, the end, a partnership's end."""
    import random

    import engine
    from tests.engine.playouts import random_states

    def first(key, players, options, seed, wanted):
        game = engine.get_game(key)
        for state in random_states(game.new_game(players, options), random.Random(seed)):
            if wanted(state):
                return state
        raise AssertionError(f"no {key} position found")

    over = lambda s: s.is_over()  # noqa: E731
    return {
        "pachisi-rolloff": first(
            "pachisi", 4, {}, 1, lambda s: s.phase == "rolloff" and s.rolloff[1] is not None
        ),
        "pachisi-first-roll": first(
            "pachisi", 4, {}, 1, lambda s: s.phase == "roll" and not s.dice
        ),
        "pachisi-play": first("pachisi", 4, {}, 1, lambda s: len(s.history) > 120),
        "pachisi-over": first("pachisi", 4, {}, 1, over),
        "pachisi-partners": first(
            "pachisi", 4, {"partners": True}, 2, lambda s: len(s.history) > 120
        ),
        "pachisi-partners-over": first("pachisi", 4, {"partners": True}, 2, over),
        "iceturn-play": first("ice-turn", 4, {}, 3, lambda s: len(s.history) > 60),
        "iceturn-over": first("ice-turn", 4, {}, 3, over),
        "icesickle-play": first("icesickle", 2, {}, 4, lambda s: len(s.history) > 20),
        "icesickle-over": first("icesickle", 2, {}, 4, over),
        "pachicei-play": first("pach-ice-i", 2, {}, 5, lambda s: len(s.history) > 30),
        "pachicei-over": first("pach-ice-i", 2, {}, 5, over),
    }


@pytest.fixture(scope="module")
def states():
    return _states()


def test_look_alike_names_are_shortened_to_what_tells_them_apart():
    c = canvas()
    room = c.text_width("P. 4 (medium)", 25) + 1
    assert [c.fit(n, 25, room, among=LOOK_ALIKES) for n in LOOK_ALIKES] == [
        "P. 1 (hard)",
        "P. 2 (medium)",
        "P. 3 (medium)",
        "P. 4 (medium)",
    ]
    # "Parlor (hard)" beside "Parlor 2 (hard)": never "Parl… (hard)", which reads as both
    short = [c.fit(n, 25, room, among=AS_THE_BOT_NAMES_THEM) for n in AS_THE_BOT_NAMES_THEM]
    assert short[:2] == ["Parlor (hard)", "P. 2 (hard)"]
    # people: the part they share goes, what differs stays
    wide = c.text_width("Alice Hamilton", 25)
    short = [c.fit(n, 25, wide, among=PEOPLE) for n in PEOPLE]
    assert short[1:3] == ["A. Hampton", "Alice Hamilton"]
    for names in (LOOK_ALIKES, AS_THE_BOT_NAMES_THEM, PEOPLE):
        for room in (200, 160, 140, 120, 100):
            for seat, name in enumerate(names):
                shown = c.fit(name, 25, room, among=names)
                assert c.text_width(shown, 25) <= room
                if room >= 120 and names is not PEOPLE:
                    assert seats_read(shown, names) == {seat}, (shown, room)


@pytest.mark.parametrize(
    "names", [LOOK_ALIKES, AS_THE_BOT_NAMES_THEM, HAMILTONS], ids=["1-4", "as-named", "people"]
)
def test_every_image_names_each_player_as_nobody_else(states, names):
    """On every game's images (seeded positions, 4 seats where the game has them), each name
    shortened to fit ("P. 2 (medium)", "Parl… (hard)" in a sentence) reads as one player
    only, and every player is named."""
    from tests.render.phone import drawn_texts

    wrong = []
    for label, state in states.items():
        seated = list(names if state.num_players == 4 else names[1:3])
        texts = [d.text for d in drawn_texts(state, seated)]
        named = set()
        for text in texts:
            plain = text.replace("\N{NO-BREAK SPACE}", " ")
            named |= {s for s, n in enumerate(seated) if n in plain}
            for piece, seats in _shortened_mentions(text, seated):
                named |= seats
                if len(seats) != 1:
                    wrong.append((label, text, piece, sorted(seated[s] for s in seats)))
        missing = set(range(len(seated))) - named
        assert not missing, f"{label}: {[seated[s] for s in missing]} not named on the image"
    assert not wrong, "names that read as more than one player:\n" + "\n".join(map(str, wrong))


def test_a_partnership_win_names_both_partners(states):
    """The banner over a Pachisi partnership's win names both partners, each as themselves."""
    from tests.render.phone import drawn_texts

    state = states["pachisi-partners-over"]
    winners = state.outcome.winners
    assert len(winners) == 2
    texts = [d.text for d in drawn_texts(state, LOOK_ALIKES)]
    banner = [t for t in texts if " & " in t or t.endswith((" win!", " &"))]
    assert banner, texts
    read = set()
    for line in banner:
        line = line.removesuffix(" win!").removesuffix(" &")
        for part in line.split(" & "):
            seats = seats_read(part, LOOK_ALIKES)
            assert len(seats) == 1, (part, seats)
            read |= seats
    assert read == set(winners)


def test_a_shortening_said_to_be_one_players_reads_so():
    """Seeded look-alike tables (words from a small pool, so names share words and letters):
    every shortening fits, and reads as its own name alone by the reader's rules above,
    unless nothing that fits could (then the name is cut at its end like any text)."""
    import random

    from render.names import ELLIPSIS as CUT
    from render.names import shorten

    rng = random.Random(7)
    pool = ["Parlor", "Alex", "Alexander", "Hamilton", "Hampton", "the", "2", "12", "Jo", "Ann"]
    for _ in range(400):
        names = []
        while len(names) < rng.randint(2, 4):
            name = " ".join(rng.choice(pool) for _ in range(rng.randint(1, 4)))
            if rng.random() < 0.5:
                name += rng.choice([" (hard)", " (medium)", " (easy)"])
            if name not in names:
                names.append(name)
        for seat, name in enumerate(names):
            room = rng.randint(4, 30)
            shown = shorten(name, [n for n in names if n != name], room, len)
            assert len(shown) <= room or shown == CUT, (name, room, shown)
            if seats_read(shown, names) != {seat}:
                plain = name[: room - 1].rstrip() + CUT
                assert shown in (plain, CUT), (names, name, room, shown)
