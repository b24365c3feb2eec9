"""Bots for Spies!: the tracker plays the powers nobody plays (docs/spies.md, "Playing with bots").

A bot acts only through the game's declared actions (rules.ACTIONS), so every move it makes is
checked by the same rules code as a person's. What it decides from is what its seat may know:
the public table and its own secrets (`sight.py`). The face-down facts the tracker does not keep
(which secret lies where, the police pieces' strengths, the kinds of Action chits in a hand) are
dealt from the table's seed and followed through the log (`hidden.py`); strength comparisons are
made by the table (`referee.py`), as two players compare privately.

- pieces.py     the pieces' face-down values the tracker does not read (police, counterspies)
- hidden.py     the table's face-down facts, dealt from the seed and followed event by event
- sight.py      what one bot may look at: the public state and its own seat's secrets
- candidates.py the moves a bot considers, in the declared actions' terms
- levels.py     how each level (easy, fair, best) weighs them
- referee.py    the strength comparisons and what a Discovery finds
- words.py      the instruction each bot action gives the table
- driver.py     who acts now, and the bots' actions until a person must act
- at_table.py   the bots at a stored table (`table new`, `table do`)
- simulate.py   a whole game of bots in process (the bench and the tests)
- invariants.py what must hold after every action of a bots' game
"""
