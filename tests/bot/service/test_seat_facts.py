"""Seat facts (``bot/service/seat_facts.py``) of games played through the service on a real
database, with the time moved by hand: each seat's decisions, its turns and how long the table
waited on it, and the dice rolled for it against what it could expect. The expectations come
from what the test did (who pressed Roll, how long it waited before whose act), never from the
code under test; a few hand-made move records cover what a played game rarely shows."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import engine
from bot.service.ai_players import ai_id
from bot.service.seat_facts import SeatFacts, seat_facts
from bot.service.store.storage import MoveRow
from tests.bot.people import ANN, BEN, CAT, DAN
from tests.bot.playing import pachisi_lobby

BUTTON = {"roll": "button"}
MEAN = {1: Fraction(7, 2), 2: Fraction(7), 3: Fraction(27, 2)}
"""The mean of one d6, two d6, three d8: the expected pips of a roll of that many dice here."""


def dice_of(text: str) -> list[int]:
    """The dice of a roll's notation: ``roll 2 5 8`` -> [2, 5, 8]."""
    return [int(word) for word in text.split()[1:]]


async def facts_of(service, game) -> list[SeatFacts]:
    rows = await service.history(game.id)
    return seat_facts(game.state.game, game.num_players, game.state.options, rows)


async def press_or_move(service, game, rng, waits, counts):
    """The player the game waits on acts: presses Roll after waiting ``waits[user]`` seconds
    (a new turn), or makes a random legal move a second after the act before."""
    user = game.player_to_move.user_id
    if game.awaiting_roll:
        service.clock.now += waits[user]
        counts["presses"][user] += 1
        return (await service.play(game.id, user, "roll")).game
    service.clock.now += 1
    counts["moves"][user] += 1
    return (await service.play(game.id, user, rng.choice(game.state.legal_moves()))).game


def rolls_pressed(rows, user_id):
    """The rolls ``user_id`` pressed, as their dice."""
    return [dice_of(r.move) for r in rows if r.seat == engine.CHANCE and r.user_id == user_id]


async def test_each_player_gets_the_rolls_they_pressed_and_the_waits_on_them(services):
    service = await services()
    challenge = await service.challenge("pach-ice-i", ANN, BEN, settings=BUTTON)
    game = await service.accept(challenge.id, BEN)
    waits = {ANN.user_id: 7.0, BEN.user_id: 30.0}
    counts = {"presses": dict.fromkeys(waits, 0), "moves": dict.fromkeys(waits, 0)}
    rng = random.Random(4)
    first = game.players[0].user_id  # rolls first: no move before that first wait
    while not game.over:
        game = await press_or_move(service, game, rng, waits, counts)
    facts = await facts_of(service, game)
    rows = await service.history(game.id)
    for seat, player in enumerate(game.players):
        user, got = player.user_id, facts[seat]
        presses = counts["presses"][user]
        turns = presses - 1 if user == first else presses  # each turn starts with a press
        dice = rolls_pressed(rows, user)
        assert len(dice) == presses > 10
        assert got.decisions == counts["moves"][user]
        assert got.turns == turns
        assert got.think_seconds == pytest.approx(waits[user] * turns)
        assert got.rolls == presses
        assert got.pips == sum(map(sum, dice))
        assert got.expected_pips == pytest.approx(float(MEAN[3] * presses))


async def test_four_players_each_get_their_own_rolls(services):
    service = await services()
    players = [ANN, BEN, CAT, DAN]
    game = await pachisi_lobby(service, players, settings=BUTTON)
    waits = {p.user_id: 5.0 for p in players}
    counts = {"presses": dict.fromkeys(waits, 0), "moves": dict.fromkeys(waits, 0)}
    rng = random.Random(11)
    for _ in range(400):  # the roll-off's single die and many two-dice rolls
        game = await press_or_move(service, game, rng, waits, counts)
    facts = await facts_of(service, game)
    rows = await service.history(game.id)
    for seat, player in enumerate(game.players):
        dice = rolls_pressed(rows, player.user_id)
        assert any(len(d) == 1 for d in dice) and any(len(d) == 2 for d in dice)
        assert facts[seat].rolls == len(dice) == counts["presses"][player.user_id]
        assert facts[seat].pips == sum(map(sum, dice))
        expected = sum(MEAN[len(d)] for d in dice)
        assert facts[seat].expected_pips == pytest.approx(float(expected))
        assert facts[seat].decisions == counts["moves"][player.user_id]


async def test_the_dice_the_bot_rolls_for_parlor_are_parlors_and_its_turns_its_delay(services):
    service = await services()
    service.seats_rng.seed(5)
    game = await service.ai.against("pach-ice-i", ANN, "easy", channel_id=9, settings=BUTTON)
    parlor = next(p for p in game.players if p != ANN)
    parlor_first = game.players[0] == parlor
    counts = {"presses": {ANN.user_id: 0}, "moves": {ANN.user_id: 0}}
    rng, ai_turns = random.Random(2), 0
    for _ in range(3_000):
        if game.over:
            break
        if game.ai_to_act:
            service.clock.now += service.ai_delay
            played = await service.ai.play(game.id)
            ai_turns += 1
            game = played.game
        else:
            game = await press_or_move(service, game, rng, {ANN.user_id: 9.0}, counts)
    assert game.over
    rows = await service.history(game.id)
    facts = await facts_of(service, game)
    ann, ai = facts[game.seat_of(ANN.user_id)], facts[game.seat_of(parlor.user_id)]
    by_bot = [dice_of(r.move) for r in rows if r.seat == engine.CHANCE and r.user_id is None]
    assert by_bot and ai.rolls == len(by_bot)  # every roll nobody pressed was Parlor's
    assert ai.pips == sum(map(sum, by_bot))
    assert ai.expected_pips == pytest.approx(float(MEAN[3] * len(by_bot)))
    assert ann.rolls == counts["presses"][ANN.user_id] == len(rolls_pressed(rows, ANN.user_id))
    # Parlor's turns are counted as anyone's: each waited the delay before it played
    assert ai.turns == ai_turns and ai.think_seconds == pytest.approx(ai_turns * service.ai_delay)
    assert ai.decisions >= ai_turns
    ann_turns = counts["presses"][ANN.user_id] - (0 if parlor_first else 1)
    assert ann.turns == ann_turns and ann.think_seconds == pytest.approx(9.0 * ann_turns)
    assert ann.decisions == counts["moves"][ANN.user_id]


async def test_a_game_without_dice_has_no_rolls(services):
    service = await services()
    challenge = await service.challenge("icesickle", ANN, BEN)
    game = await service.accept(challenge.id, BEN)
    rng, made = random.Random(3), {ANN.user_id: 0, BEN.user_id: 0}
    while not game.over:
        user = game.player_to_move.user_id
        service.clock.now += 4
        made[user] += 1
        game = (await service.play(game.id, user, rng.choice(game.state.legal_moves()))).game
    facts = await facts_of(service, game)
    for seat, player in enumerate(game.players):
        assert facts[seat].decisions == made[player.user_id] > 0
        assert (facts[seat].rolls, facts[seat].pips, facts[seat].expected_pips) == (0, 0, 0)
        assert facts[seat].think_seconds == pytest.approx(4 * facts[seat].turns)


# -- hand-made records: what a played game rarely shows --------------------------------------


def rows(*moves: tuple[str, int, int | None, float]) -> list[MoveRow]:
    return [MoveRow(n, text, seat, user, at) for n, (text, seat, user, at) in enumerate(moves, 1)]


PACHISI = engine.get_game("pachisi")


def test_removals_are_no_decisions_a_stand_ins_moves_are_the_seats_rolls_their_rollers():
    """Pachisi for three (Ann 0, Ben 1, Cat 2), the bot rolling: the roll-off (one die each),
    then Ann enters (her choice, 10 s after the roll), Parlor standing in for Cat enters for
    her 60 s after her roll (the seat's choice, as its result is hers), Ben leaves and Ann
    takes out Cat: removals are no decisions and end no wait."""
    made = rows(
        ("roll 6", -1, None, 0.0),  # Ann's roll-off
        ("roll 2", -1, None, 0.0),  # Ben's
        ("roll 1", -1, None, 0.0),  # Cat's
        ("roll 1 4", -1, None, 0.0),  # Ann's, a 5
        ("enter", 0, ANN.user_id, 10.0),
        ("roll 2 3", -1, None, 10.0),  # Cat's
        ("enter", 2, ai_id("hard", 0), 70.0),  # Parlor's, for Cat
        ("roll 2 3", -1, None, 70.0),  # Ben's
        ("remove 1", 1, BEN.user_id, 500.0),  # Ben leaves, on his turn
        ("roll 1 1", -1, None, 500.0),  # Ann's
        ("remove 2", 0, ANN.user_id, 600.0),  # Ann, on her turn, takes out Cat (out of time)
    )
    ann, ben, cat = seat_facts(PACHISI, 3, {}, made)
    assert (ann.decisions, ann.turns, ann.think_seconds) == (1, 1, 10.0)
    assert (ben.decisions, ben.turns, ben.think_seconds) == (0, 0, 0.0)
    assert (cat.decisions, cat.turns, cat.think_seconds) == (1, 1, 60.0)
    assert (ann.rolls, ann.pips, ann.expected_pips) == (3, 6 + 5 + 2, 3.5 + 7 + 7)
    assert (ben.rolls, ben.pips, ben.expected_pips) == (2, 2 + 5, 3.5 + 7)
    assert (cat.rolls, cat.pips, cat.expected_pips) == (2, 1 + 5, 3.5 + 7)


FORCED_BEFORE = (  # noqa: SIM905 (a move list as the game record reads)
    "roll 3, roll 6, roll 4 6, roll 4 4, roll 4 6, roll 2 3, enter, roll 1 2, roll 1 3, "
    "1+1, 1+3, roll 1 6, roll 4 6, 1+4, 1+6, roll 2 6, roll 5 6, 1+6, enter, roll 2 6, "
    "roll 2 6, 1+2, 2+6, roll 2 3, enter, roll 1 5, 2+1, enter, roll 2 6, 1+2, 1+6, "
    "roll 1 3, 2+3, 1+1, roll 1 5, 1+1, enter, roll 5 6, 3+6, enter"
).split(", ")
"""A two-player Pachisi game, up to where the other player just moved (one of its random
playouts)."""


def played_rows(texts, at: float) -> tuple[engine.State, list[tuple]]:
    """``texts`` replayed from a new two-player Pachisi game: rows as the service writes them
    (a roll by the bot; every move its player's choice), all made at ``at``."""
    state, made = PACHISI.new_game(2, {}), []
    for text in texts:
        seat = state.to_move
        user = None if seat == engine.CHANCE else (ANN, BEN)[seat].user_id
        made.append((text, seat, user, at))
        state = state.apply(text)
    return state, made


def test_a_forced_move_leaves_the_wait_from_the_other_players_move():
    """The other player moved at 100; the bot rolled for the seat to act and played its only
    move (``enter``) at 100; its own choice at 160 waited 60 s, in one turn."""
    state, made = played_rows(FORCED_BEFORE, 0.0)
    made[-1] = (*made[-1][:3], 100.0)
    before = seat_facts(PACHISI, 2, {}, rows(*made))
    state = state.apply("roll 5 5")
    seat = state.to_move
    assert [str(m) for m in state.legal_moves()] == ["enter"]  # forced
    state = state.apply("enter")
    assert state.to_move == seat and len(state.legal_moves()) > 1  # a choice
    user = (ANN, BEN)[seat].user_id
    tail = [
        ("roll 5 5", -1, None, 100.0),
        ("enter", seat, None, 100.0),  # the bot's, for the seat
        (str(state.legal_moves()[0]), seat, user, 160.0),
    ]
    after = seat_facts(PACHISI, 2, {}, rows(*made, *tail))
    assert after[seat].decisions == before[seat].decisions + 1
    assert after[seat].turns == before[seat].turns + 1
    assert after[seat].think_seconds == before[seat].think_seconds + 60.0
    assert after[seat].rolls == before[seat].rolls + 1
    assert after[seat].pips == before[seat].pips + 10
    assert after[1 - seat] == before[1 - seat]


def test_a_record_of_another_game_is_refused():
    with pytest.raises(engine.IllegalMove):
        seat_facts(PACHISI, 2, {}, rows(("a1-b2", 0, ANN.user_id, 1.0)))
