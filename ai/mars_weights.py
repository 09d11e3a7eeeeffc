"""The scripted On Mars player's value weights (ai/mars_player.py, ai/mars_board.py).

Each weight is what one thing is worth to the player, in the loose units its greedy choices
compare (roughly OP now plus what the thing leads to). The defaults were fitted by
``python3 -m tests.mars.tune`` (a seeded local search that raises the OP all seats score while
issue 9's sweep targets hold: rounds, missions completed, every action chosen); the previous
hand-set values are the search's starting point.
"""

from __future__ import annotations

W: dict[str, float] = {
    "mission": 1.0,  # times every mission contribution's worth (ai/mars_board.Board.m)
    # Main actions
    "construct": 2.0,  # on top of the best construction's own value
    "upgrade": 14.0,  # an Upgrade (the Blueprint's end OP, an Advanced Building, its action)
    "ship": 13.0,  # a Ship: 3 OP at the end, a Colonist and a Bot or two Colonists
    "ship_first": 4.0,  # the first Ship opens Depot slot 4
    "hire": 3.0,
    "hire_opens": 4.0,  # a hire opens a Contract space
    "hire_sci": 1.0,  # times the Scientist's own end OP
    "rnd": 1.4,  # times what two develops are worth
    "learn": 4.0,
    "learn_progress": 3.0,  # a building Tech: bigger Complexes, Progress cubes
    "learn_new": 4.0,  # ... of a type this seat has no Tech of yet
    "resupply": 4.0,
    "resupply_item": 3.0,  # per wanted item in the Warehouse
    "blueprint": 0.0,  # added to a Blueprint taken as the Main action
    "contract": 0.0,  # added to taking an Earth Contract
    "control": 1.0,  # times the Control Center's Rover or Bot moves
    # Executive actions
    "x_upgrade": 13.0,
    "x_develop": 11.0,
    # Constructions
    "mine": 4.0,
    "shelter": 4.0,
    "lss": 6.0,  # an LSS Building
    "lss_short": 8.0,  # ... that the next colony level still needs
    "size": 0.8,  # per Building in the Complex made (its resources)
    "cube": 5.0,  # a Progress cube (1/2/4/7/11 OP at the end)
    "contract_size4": 6.0,  # a Complex of 4 that an Upgrade Contract of this seat wants
    # Contracts (+12/-6 Upgrade, +9/-4 Delivery)
    "contract_per_size": 3.0,  # an Upgrade Contract, per Building in this seat's best Complex
    "delivery": 12.0,
    "delivery_missing": 1.6,  # less per item still missing
    # Blueprints held and not built score -3/-5
    "unbuilt": 3.0,
    "unbuilt_sq": 0.5,
}
