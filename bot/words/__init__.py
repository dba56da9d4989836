"""What Parlor says, as text: turn messages, clocks, rules, menus' labels, the terminal's words.
No discord objects."""
