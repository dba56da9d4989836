"""Players' names where they do not fit: shortened, never dropped, and the part in brackets
(Parlor's level) kept, since it is what tells Parlor's seats apart."""

from __future__ import annotations

from render.canvas import Canvas

ELLIPSIS = "\N{HORIZONTAL ELLIPSIS}"


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
    from bot.service import draw_chance
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
