"""The scripted On Mars player's value weights (ai/mars_player.py, ai/mars_board.py,
ai/mars_pieces.py, ai/mars_contracts.py).

Each weight is what one thing is worth to the player, in the loose units its greedy choices
compare (roughly OP now plus what the thing leads to). The values come from
``python3 -m tests.mars.tune`` (a seeded local search that raises the winners' OP while issue
9's sweep targets hold: rounds, every game ended by the trigger, missions completed, every action
chosen), started from the old hand-set values: the first search (260 steps, 2-4 players) gave
the first block; the second (200 steps, 1-4 players, the last block of weights added) did no
better on the sweep's own seeds and was not kept. ``solo_lss`` was set by hand: the first
search's slower Colony made solo games long (300 seeds: median 18 rounds, one at 31), so a solo
player values the Colony's Buildings 1.6 times as much (median 15, at most 27).
"""

from __future__ import annotations

W: dict[str, float] = {
    "mission": 1.04,  # times every mission contribution's worth (ai/mars_board.Board.m)
    # Main actions
    "construct": 2.0,  # on top of the best construction's own value
    "upgrade": 14.27,  # an Upgrade (the Blueprint's end OP, an Advanced Building, its action)
    "ship": 17.37,  # a Ship: 3 OP at the end, a Colonist and a Bot or two Colonists
    "ship_first": 5.13,  # the first Ship opens Depot slot 4
    "hire": 3.0,
    "hire_opens": 4.0,  # a hire opens a Contract space
    "hire_sci": 0.77,  # times the Scientist's own end OP
    "rnd": 1.4,  # times what two develops are worth
    "learn": 8.45,
    "learn_progress": 5.27,  # a building Tech: bigger Complexes, Progress cubes
    "learn_new": 4.3,  # ... of a type this seat has no Tech of yet
    "resupply": 6.25,
    "resupply_item": 2.54,  # per wanted item in the Warehouse
    "blueprint": 0.0,  # added to a Blueprint taken as the Main action
    "contract": 0.0,  # added to taking an Earth Contract
    "control": 0.96,  # times the Control Center's Rover or Bot moves
    # Executive actions
    "x_upgrade": 13.0,
    "x_develop": 8.49,
    # Constructions
    "mine": 4.12,
    "shelter": 2.13,
    "lss": 3.7,  # an LSS Building
    "lss_short": 5.49,  # ... that the next colony level still needs
    "solo_lss": 1.6,  # times the two above in a solo game
    "size": 0.8,  # per Building in the Complex made (its resources)
    "cube": 5.0,  # a Progress cube (1/2/4/7/11 OP at the end)
    "contract_size4": 6.98,  # a Complex of 4 that an Upgrade Contract of this seat wants
    # Contracts (+12/-6 Upgrade, +9/-4 Delivery)
    "contract_per_size": 2.42,  # an Upgrade Contract, per Building in this seat's best Complex
    "delivery": 15.41,
    "delivery_missing": 1.4,  # less per item still missing
    # Blueprints held and not built score -3/-5
    "unbuilt": 5.95,
    "unbuilt_sq": 0.54,
    # added for the second search (their hand-set values)
    "upgrade_m": 6.0,  # an Upgrade, times its contribution to the Advanced Buildings mission
    "ship_m": 6.0,  # a Ship's Bot, times its contribution to the Bots mission
    "hire_m": 11.0,  # a hire, times its contribution to the Scientists mission
    "control_decay": 0.6,  # each Control Center action in a row is worth this much of the last
    "develop": 1.0,  # times what a develop is worth (ai/mars_player.DEV_GAIN)
    "stay_orbit": 1.0,  # what staying in Orbit is worth over the Colony's best action
    "x_price": 0.7,  # what a crystal spent on an Executive action costs
    "x_min": 2.5,  # an Executive action is taken only when worth more than this
    "research": 9.0,  # a Research tile for the Rover
    "discovery": 5.0,  # a Discovery tile for the Rover
}
