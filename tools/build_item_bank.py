"""Write the practice item bank (``tutor/data/practice_items.json``) from its recipe in :mod:`tutor.item_bank`.

Run it after changing the recipe, the exercise generator or the difficulty
features: ``python tools/build_item_bank.py``.  The test suite checks that the
file and the recipe agree.
"""

from __future__ import annotations

from tutor.item_bank import BANK_PATH, build_bank, write_bank


def main() -> None:
    """Build the bank and write it, saying how many items it holds."""
    items = build_bank()
    write_bank(items)
    print(f"{len(items)} items written to {BANK_PATH.name}")


if __name__ == "__main__":
    main()
