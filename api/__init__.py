"""Interfaces over the solver and the tutor: the ``nambarz`` command line."""
