"""Hot-seat play in a terminal: ``python -m bot play``."""
