"""Rules, referees and engines for Nambarz and three sibling number games.

What every game shares lives here: the verdict model (:mod:`solver.verdicts`),
the state contract (:mod:`solver.contract`), the errors
(:mod:`solver.errors`), the base of the rulings tables (:mod:`solver.rulings`)
and the registry of games (:mod:`solver.games`).  Each game is a package with
the same module names for the same roles: :mod:`solver.nambarz`,
:mod:`solver.thegame`, :mod:`solver.quando` and :mod:`solver.nmbrs`.
"""
