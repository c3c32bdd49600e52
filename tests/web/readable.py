"""What a person reads on a page, from its HTML: the text on screen and what a screen reader says.

A page test has no browser, so this reads the HTML as the browser would
show it, a little more strictly: the text of every element (a collapsed
"Why?" block included, since a person opens it), the title, the names a
screen reader says (``aria-label``, ``title``, ``alt``, ``placeholder``) and
the text in fields.  Left out are scripts and styles, ``hidden`` elements,
the attributes machines read (``data-*``, ``value`` of a hidden field, a
button or a choice) and the content of the collapsed blocks for referees
(``<details class="for-referees">``: a verdict's codes, the form that takes
a move in the game's notation), whose summary is read.

>>> readable('<p data-codes="not-in-hand">You do not hold 50.</p><details class="for-referees">'
...          '<summary>Details for referees</summary><code>not-in-hand</code></details>')
'You do not hold 50.\\nDetails for referees'
>>> readable('<input type="hidden" name="play" value="37>asc1"><input name="hand" value="37 75">')
'37 75'
"""

from __future__ import annotations

from html.parser import HTMLParser

SPOKEN = ("aria-label", "title", "alt", "placeholder")
"""The attributes a screen reader says."""

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
"""The elements without an end tag."""

UNREAD_FIELDS = {"hidden", "checkbox", "radio", "submit", "button"}
"""The kinds of ``input`` whose value a person does not read as text."""


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.unread: list[str] = []
        """The open elements whose content nobody reads (script, style, hidden, the referees' block)."""
        self.in_referees_summary = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if tag == "summary" and self.unread and self.unread[-1] == "referees":
            self.in_referees_summary = True
        if tag in VOID:
            if not self.unread:
                self._read_attributes(tag, found)
            return
        if self.unread or tag in ("script", "style") or "hidden" in found:
            self.unread.append(tag)
        elif tag == "details" and "for-referees" in classes:
            self.unread.append("referees")
        else:
            self._read_attributes(tag, found)

    def _read_attributes(self, tag: str, found: dict[str, str | None]) -> None:
        self.texts += [found[name] or "" for name in SPOKEN if name in found]
        if tag == "input" and found.get("type", "text") not in UNREAD_FIELDS:
            self.texts.append(found.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "summary":
            self.in_referees_summary = False
        if self.unread and tag not in VOID:
            self.unread.pop()

    def handle_data(self, data: str) -> None:
        if (not self.unread or self.in_referees_summary) and data.strip():
            self.texts.append(" ".join(data.split()))


def readable(page: str) -> str:
    """The text a person reads on ``page`` (HTML), one piece a line."""
    reader = _Reader()
    reader.feed(page)
    return "\n".join(text for text in reader.texts if text)
