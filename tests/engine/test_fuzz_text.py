"""Whatever text is typed, ``parse`` and ``apply`` refuse it with ``IllegalMove`` and a short
message, or play it; never another exception, and the state never changes.

Seeded random texts (notation characters, Unicode digits and spaces, long digit runs, mutated
legal moves) against mid-game states of every game and phase, plus the crashes found so far.
"""

from __future__ import annotations

import functools
import random

import pytest

import engine
from engine.core import normalize_move_text

from .playouts import random_states

MESSAGE_LIMIT = 300
"""No refusal may be longer than this, whatever was typed."""
TEXTS_PER_PHASE = 2000

CONFIGS = [
    ("pachisi", 2, {"rules": "online"}),
    ("pachisi", 3, {"rules": "online", "undo": True}),
    ("pachisi", 4, {"rules": "online", "partners": True}),
    ("pachisi", 2, {"rules": "classic", "undo": True}),
    ("pachisi", 3, {"rules": "classic"}),
    ("pachisi", 4, {"rules": "classic", "first_pawn_out": True}),
    ("pach-ice-i", 2, {}),
    ("icesickle", 2, {}),
    ("ice-turn", 2, {}),
    ("ice-turn", 3, {}),
    ("ice-turn", 4, {}),
]
PHASES = [
    ("pachisi", "rolloff"),
    ("pachisi", "roll"),
    ("pachisi", "play"),
    ("pachisi", "over"),
    ("pach-ice-i", "roll"),
    ("pach-ice-i", "play"),
    ("pach-ice-i", "over"),
    ("icesickle", "place"),
    ("icesickle", "jump"),
    ("icesickle", "over"),
    ("ice-turn", "deal"),
    ("ice-turn", "place"),
    ("ice-turn", "roll"),
    ("ice-turn", "move"),
    ("ice-turn", "react"),
    ("ice-turn", "over"),
]
STATES_PER_PHASE = 6
"""At most this many states of each phase from each seeded game."""

NOTATION = list("abcdhz0123456789+-@/ xX×–—sSmMlLqQdDaAnNeEwW")  # noqa: RUF001
WORDS = [
    "roll", "enter", "undo", "remove", "deal", "tip", "turn", "aim", "swap", "hop", "dig",
    "react", "end", "cw", "ccw", "180", "north", "small", "large", "wild", "c3", "a1", "S@",
]  # fmt: skip
UNICODE_DIGITS = ["₃", "٣", "³", "①", "߃", "𝟑", "３", "Ⅲ", "¼", "〇", "໓", "²", "₀"]  # noqa: RUF001
SPACES = [" ", "  ", "\t", "\n", "\r", "\u00a0", "\u2003", "\u3000", "\u200b"]
ODDITIES = ["🙂", "é", "İ", "\u212a", "ß", "\x00", "'", '"', "\\", "(", "[", "*", ".", "$", "x"]
LONG_RUNS = [40, 99, 150, 4400, 6000]


@functools.cache
def pools() -> dict[tuple[str, str], list]:
    """(game key, phase) -> states of that phase, from seeded random games of every setup."""
    found: dict[tuple[str, str], list] = {key: [] for key in PHASES}
    rng = random.Random(20240611)
    for key, players, options in CONFIGS:
        game = engine.get_game(key)
        for _ in range(2):
            by_phase: dict[str, list] = {}
            for state in random_states(game.new_game(players, options), rng):
                by_phase.setdefault(state.phase, []).append(state)
            for phase, states in by_phase.items():
                picked = rng.sample(states, min(STATES_PER_PHASE, len(states)))
                found[key, phase].extend(picked)
    return found


@functools.cache
def legal_texts() -> tuple[str, ...]:
    """Move texts legal somewhere, in any game: material for mutations."""
    texts = set()
    for states in pools().values():
        for state in states:
            texts.update(str(m) for m in (*state.legal_moves(), *state.removal_moves()))
    return tuple(sorted(texts))


def long_run(rng: random.Random) -> str:
    digit = rng.choice("0919" + "".join(UNICODE_DIGITS[:3]))
    run = digit * rng.choice(LONG_RUNS)
    return run + "1" if digit == "0" else run


def token(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.45:
        return rng.choice(NOTATION)
    if pick < 0.65:
        return rng.choice(WORDS)
    if pick < 0.77:
        return rng.choice(UNICODE_DIGITS)
    if pick < 0.87:
        return rng.choice(SPACES)
    if pick < 0.97:
        return rng.choice(ODDITIES)
    return long_run(rng)


def random_text(rng: random.Random) -> str:
    return "".join(token(rng) for _ in range(rng.randint(0, 12)))


def nudge(text: str, rng: random.Random) -> str:
    """``text`` with one character changed for another of its kind (a digit, a letter): a
    near miss, which reaches the game's own explanations."""
    if not text:
        return text
    i = rng.randrange(len(text))
    kinds = ("0123456789", "abcdefgh", "nesw", "smlqda")
    kind = next((k for k in kinds if text[i].lower() in k), "+-/@ ")
    return text[:i] + rng.choice(kind) + text[i + 1 :]


def mutate(text: str, rng: random.Random) -> str:
    if rng.random() < 0.4:
        for _ in range(rng.randint(1, 2)):
            text = nudge(text, rng)
        return text
    for _ in range(rng.randint(1, 3)):
        where = rng.randint(0, len(text))
        kind = rng.randrange(7)
        if kind == 0:
            text = text[:where] + token(rng) + text[where:]
        elif kind == 1:
            text = text[:where] + text[where + 1 :]
        elif kind == 2:
            text = text[:where] + token(rng) + text[where + 1 :]
        elif kind == 3:
            digits = [i for i, c in enumerate(text) if c.isdigit()]
            if digits:
                i = rng.choice(digits)
                text = text[:i] + rng.choice(UNICODE_DIGITS) + text[i + 1 :]
        elif kind == 4:
            text = text + rng.choice(["/", "+", " ", ""]) + long_run(rng)
        elif kind == 5:
            text = text.upper() if rng.random() < 0.5 else rng.choice(SPACES).join(text.split())
        else:
            text = text + rng.choice([" ", "/", "-", ""]) + text
    return text


def fuzz_text(state, rng: random.Random) -> str:
    if rng.random() < 0.4:
        return random_text(rng)
    own = [str(m) for m in (*state.legal_moves(), *state.removal_moves())]
    source = own if own and rng.random() < 0.7 else legal_texts()
    return mutate(rng.choice(source), rng)


def refuses_or_plays(state, text: str) -> None:
    """``parse`` and ``apply`` either play ``text`` or raise IllegalMove with a short message
    (text over the cap: as too long); ``state`` is unchanged either way (cheap checks here,
    its whole ``to_json`` at the end of the test)."""
    before = (state.history, state.to_move, state.last_mover, state.outcome)
    for call in (state.parse, state.apply):
        try:
            call(text)
        except engine.IllegalMove as exc:
            message = str(exc)
            assert message.strip(), text
            assert len(message) <= MESSAGE_LIMIT, (text[:80], message[:400])
            assert "too long" in message or len(text) <= engine.MAX_MOVE_TEXT, text[:80]
        else:
            assert len(text) <= engine.MAX_MOVE_TEXT
        assert (state.history, state.to_move, state.last_mover, state.outcome) == before, text


@pytest.mark.parametrize(("key", "phase"), PHASES, ids=[f"{k}-{p}" for k, p in PHASES])
def test_random_text_raises_only_illegal_move_and_changes_nothing(key, phase):
    states = pools()[key, phase]
    assert states, f"no {phase} state of {key} reached"
    rng = random.Random(f"{key}/{phase}")
    before = [s.to_json() for s in states]
    for _ in range(TEXTS_PER_PHASE):
        state = rng.choice(states)
        refuses_or_plays(state, fuzz_text(state, rng))
    assert [s.to_json() for s in states] == before


def one_state(key: str, phase: str):
    return pools()[key, phase][0]


KNOWN_CRASHES = [
    ("pach-ice-i", "roll", "roll ₃ ₃ ₃"),
    ("pach-ice-i", "play", "roll ₃ ₃ ₃"),
    ("pach-ice-i", "play", "roll 1 ² 3"),
    ("pach-ice-i", "play", "roll ① 2 3"),
    ("pach-ice-i", "play", "c3+" + "9" * 5000),
    ("pach-ice-i", "play", "S+" + "9" * 5000),
    ("pachisi", "play", "1+" + "9" * 5000),
    ("pachisi", "play", "1 + " + "9" * 4400),
    ("ice-turn", "move", "roll " + "9" * 5000 + " hop"),
    ("ice-turn", "move", "a1-b2/" + "9" * 5000),
    ("ice-turn", "react", "tip a1 n/" + "9" * 5000),
    ("ice-turn", "place", "a1-b2/" + "9" * 5000),
]


@pytest.mark.parametrize(("key", "phase", "text"), KNOWN_CRASHES, ids=lambda v: str(v)[:16])
def test_known_crashes_are_refusals(key, phase, text):
    state = one_state(key, phase)
    before = state.to_json()
    for call in (state.parse, state.apply):
        with pytest.raises(engine.IllegalMove) as info:
            call(text)
        assert len(str(info.value)) <= MESSAGE_LIMIT
    assert state.to_json() == before


def test_the_length_cap_is_one_constant_exported_by_the_engine():
    assert engine.MAX_MOVE_TEXT is engine.core.MAX_MOVE_TEXT
    assert 20 <= engine.MAX_MOVE_TEXT <= 200
    longest = max(len(text) for text in legal_texts())
    assert longest < engine.MAX_MOVE_TEXT


@pytest.mark.parametrize(("key", "phase"), PHASES, ids=[f"{k}-{p}" for k, p in PHASES])
def test_a_very_long_text_is_refused_briefly(key, phase):
    state = one_state(key, phase)
    before = state.to_json()
    legal = str(state.legal_moves()[0]) if state.legal_moves() else "end"
    for text in ("1" * 10_000, "enter " + "x" * 9_994, legal + " " * 10_000, "a" * 10_000):
        for call in (state.parse, state.apply):
            with pytest.raises(engine.IllegalMove, match="too long") as info:
                call(text)
            message = str(info.value)
            assert len(message) < MESSAGE_LIMIT
            assert text[:40] not in message
    assert state.to_json() == before
    cap = engine.MAX_MOVE_TEXT
    with pytest.raises(engine.IllegalMove, match="too long"):
        state.parse("z" * (cap + 1))


READING = [(k, p) for k, p in PHASES if p not in ("rolloff", "roll", "deal", "over")]
"""The phases where a refusal depends on the text (elsewhere it only says what is due)."""


@pytest.mark.parametrize(("key", "phase"), READING, ids=[f"{k}-{p}" for k, p in READING])
def test_refusals_quote_at_most_a_short_prefix(key, phase):
    """Text up to the cap is read, but a refusal quotes no more than a short prefix."""
    state = one_state(key, phase)
    cap = engine.MAX_MOVE_TEXT
    texts = [
        "q" * cap,
        "zz" + "y" * (cap - 2),
        "c3+" + "9" * (cap - 3),
        "s@" + "c" * (cap - 2),
        "c3-" + "w" * (cap - 3),
        "roll " + "8" * (cap - 5),
        "turn a1 " + "n" * (cap - 8),
        "a" + "1" * (cap - 1),
    ]
    for text in texts:
        with pytest.raises(engine.IllegalMove) as info:
            state.parse(text)
        message = str(info.value)
        assert len(message) < MESSAGE_LIMIT, message
        assert text[:40] not in message and text[-40:] not in message, message


@pytest.mark.parametrize("key", list(engine.GAMES))
def test_stored_notation_is_capped_too(key):
    """``move_from_text`` (the JSON and replay path) refuses long text the same way."""
    game = engine.get_game(key)
    for text in ("1+" + "9" * 5000, "a1-b2/" + "0" * 6000 + "1", "tip a1 n" + "/0" * 3000):
        with pytest.raises(engine.IllegalMove) as info:
            game.move_from_text(text)
        assert len(str(info.value)) < MESSAGE_LIMIT
    with pytest.raises(engine.IllegalMove) as info:
        game.replay(game.min_players, {}, ["x" * 10_000])
    assert len(str(info.value)) < MESSAGE_LIMIT


def test_caches_of_move_text_hold_no_long_text():
    from engine.core import _exact_notation, _read_move
    from engine.iceturn import _read

    caches = (normalize_move_text, _read, _read_move, _exact_notation)
    for cache in caches:
        cache.cache_clear()
    for key, phase in PHASES:
        state = one_state(key, phase)
        for move in state.legal_moves()[:3]:
            assert state.parse(str(move)) == move  # exact notation
            assert state.parse(str(move).upper()) == move  # folded first
        state.game.from_position(state.position_json(), [str(m) for m in state.history])
    engine.get_game("ice-turn").move_from_text("tip a1 n/0/0")
    sizes = [cache.cache_info().currsize for cache in caches]
    assert all(sizes)  # short texts are still cached
    game = engine.get_game("ice-turn")
    first = game.new_game(2)
    first = first.apply(first.legal_moves()[0]).position_json()  # a position after one move
    for n in range(200):
        long = f"tip a1 n{'/0' * 3000}/{n}"
        assert normalize_move_text(long) == long  # the bot's autocomplete normalises any text
        for key, phase in PHASES:
            with pytest.raises(engine.IllegalMove):
                one_state(key, phase).parse(long)
        with pytest.raises(engine.IllegalMove):
            game.move_from_text(long)
        with pytest.raises(engine.IllegalMove):
            game.move_from_text("a1-b2/" + "0" * (6000 + n) + "1")
        with pytest.raises(engine.IllegalMove):  # a stored game's move, read when it loads
            game.from_position(first, [long])
    assert [cache.cache_info().currsize for cache in caches] == sizes
