"""``python -m api.cli``: the ``nambarz`` command where the console script is not installed."""

from api.cli import main

main(prog_name="nambarz")
