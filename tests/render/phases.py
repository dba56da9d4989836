"""Every game's image-test positions, one a phase, with the names they are drawn with:
``(label, make, names)``, the label ``<states module>:<phase>``, ``make()`` the state."""

from __future__ import annotations

from . import icesickle_states, iceturn_states, pachicei_states, pachisi_states

STATES = [
    (f"{module.__name__.rsplit('.', 1)[-1]}:{phase}", make, module.NAMES)
    for module in (icesickle_states, iceturn_states, pachicei_states, pachisi_states)
    for phase, make in module.PHASES.items()
]
