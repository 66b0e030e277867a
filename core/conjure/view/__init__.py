"""How conjure shows things to people: the terminal rendering of deck states (rich).

Drawing lives above the models it draws: nothing in :mod:`conjure.deck`, :mod:`conjure.magic`'s
model or :mod:`conjure.games`' API imports from here.
"""
