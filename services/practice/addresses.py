"""Where the pages of a class are, as the pages route them and the API links to them: one place for both.

A teacher's page is at :data:`TEACHER_PAGE`, its token in the path (the
link is the secret); the page where pupils join a class is at
:data:`JOIN_PAGE`, the class code in its query.

>>> teacher_path("s3cr3t-token"), join_path("ABC234")
('/classes/s3cr3t-token', '/classes/join?code=ABC234')
"""

from __future__ import annotations

from urllib.parse import quote, urlencode

TEACHER_PAGE = "/classes/<teacher_token>"
"""The route of a class's teacher's page, with the teacher's token."""

JOIN_PAGE = "/classes/join"
"""The route of the page where a pupil joins a class with its code (``?code=``) and a nickname."""


def teacher_path(teacher_token: str) -> str:
    """The path of the teacher's page of the class whose teacher token is ``teacher_token``."""
    return TEACHER_PAGE.replace("<teacher_token>", quote(teacher_token, safe=""))


def join_path(code: str) -> str:
    """The path of the page where pupils join the class ``code``, the code filled in."""
    return f"{JOIN_PAGE}?{urlencode({'code': code})}"
