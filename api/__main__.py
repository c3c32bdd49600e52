"""``python -m api``: the ``nambarz`` command where the console script is not installed."""

from api.command import main

main(prog_name="nambarz")
