"""The AI's knowledge of this game: ``evaluate(state)`` (per seat, an estimated chance to win),
``reason(state, move)`` (a few words for a hint) and ``search(state, legal, rng, budget)``
(the hard level). Not written yet: the generic ones stand in (engine.ai.registry)."""
