"""Spy vs Spy: Lunacy at the Labs, the table tracker (`deaddrop table new spy-vs-spy`).

kit.py reads the game's facts from templates/spy-vs-spy/; board.py is the building as a graph;
state.py the table's state; flow.py the round, action points, deaths; moves.py, search.py,
equipment.py, combat.py and cops.py the actions; setup.py the setup and its check; dice.py the
chance drawn from a seed; view.py what the table sees; kinds.py what each parameter takes;
rules.py the vocabulary and `GAME`.
"""
