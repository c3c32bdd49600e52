"""The home page: the language choice and the way to each page."""

from __future__ import annotations

from flask import render_template


def home_page() -> str:
    """``/``: what each page is for, in the reader's language."""
    return render_template("home.html")
