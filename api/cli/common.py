"""What every ``nambarz`` subcommand shares: the parser, usage errors, exit codes and JSON output.

A subcommand reads its input from flags or from a JSON request (the same
body the HTTP API takes) and prints either an explanation or, with
``--json``, the API's JSON answer.

>>> to_json({"legal": True, "violations": []})
'{\\n  "legal": true,\\n  "violations": []\\n}'
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from typing import Any, NoReturn, TextIO, TypeVar

from marshmallow import Schema, ValidationError

from solver.errors import NambarzError
from tutor.i18n import SUPPORTED_LANGUAGES

EXIT_OK = 0
EXIT_BAD_BATCH_LINES = 1
EXIT_USAGE = 2
EXIT_OUTPUT_CLOSED = 141  # as a shell reports a command stopped by SIGPIPE

MAX_REQUEST_BYTES = 64 * 1024
"""The largest JSON request a subcommand reads, as the HTTP API allows."""


class UsageError(Exception):
    """Bad command-line arguments; the message is one line."""


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one-line :class:`UsageError` messages."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: error: {message} (see '{self.prog} --help')")


def bounded(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type reading a whole number from ``low`` to ``high``.

    >>> bounded(1, 5, "players")("3")
    3
    """

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number of {what}, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"expected {low} to {high} {what}, not {value}")
        return value

    return read


T = TypeVar("T")


def read_labelled(label: str, parse: Callable[[str], T], text: str) -> T:
    """Parse ``text``, prefixing any error message with the argument or field it came from.

    >>> read_labelled("--players", int, "4")
    4
    """
    try:
        return parse(text)
    except NambarzError as error:
        labelled = NambarzError(f"{label}: {error}")
        labelled.code = error.code
        raise labelled from None


def read_json_request(label: str, text: str, stdin: TextIO) -> dict[str, Any]:
    """The JSON object given inline, as ``@FILE``, or as ``-`` for standard input.

    >>> read_json_request("--request", '{"hand": [3]}', stdin=None)  # type: ignore[arg-type]
    {'hand': [3]}
    """
    if text == "-":
        source = stdin.read(MAX_REQUEST_BYTES + 1)
    elif text.startswith("@"):
        try:
            with open(text[1:], encoding="utf-8") as file:
                source = file.read(MAX_REQUEST_BYTES + 1)
        except OSError as error:
            raise UsageError(f"nambarz: error: {label}: cannot read {text[1:]!r}: {error.strerror}") from None
    else:
        source = text
    if len(source) > MAX_REQUEST_BYTES:
        raise UsageError(f"nambarz: error: {label}: expected at most {MAX_REQUEST_BYTES} bytes of JSON")
    try:
        document = json.loads(source)
    except json.JSONDecodeError as error:
        problem = f"{error.msg} at line {error.lineno}, column {error.colno}"
        raise UsageError(f"nambarz: error: {label}: expected a JSON object, {problem}") from None
    except (ValueError, RecursionError) as error:  # numbers too long to convert, nesting too deep
        raise UsageError(f"nambarz: error: {label}: expected a readable JSON object ({error})") from None
    if not isinstance(document, dict):
        raise UsageError(f"nambarz: error: {label}: expected a JSON object, not {type(document).__name__}")
    return document


def to_json(document: dict[str, Any]) -> str:
    """The JSON text a subcommand prints with ``--json``: indented, in the document's key order."""
    return json.dumps(document, ensure_ascii=False, indent=2)


def print_answer(document: dict[str, Any], explanation: Callable[[], str], *, as_json: bool, out: TextIO) -> int:
    """Print ``document`` as JSON or the explanation in words; the exit status is 0."""
    print(to_json(document) if as_json else explanation(), file=out)
    return EXIT_OK


def add_language_option(command: argparse.ArgumentParser) -> None:
    """``--lang`` on a sibling game's subcommand; without it, a request's ``lang`` decides, else English."""
    command.add_argument("--lang", choices=SUPPORTED_LANGUAGES, help="language of the explanation (default en)")


def with_language(document: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """``document`` (an API request body) with ``--lang``, when given, as its ``lang``."""
    if args.lang is not None:
        document["lang"] = args.lang
    return document


def load_request(
    schema: Schema, document: Mapping[str, Any], *, prog: str, label: Callable[[str], str]
) -> dict[str, Any]:
    """Load ``document`` with the API's ``schema``; a refusal is one line naming the input at fault.

    ``label`` turns a request field into what the user typed: a flag, or
    ``--request: FIELD`` for a JSON request.
    """
    try:
        request: dict[str, Any] = schema.load(document)
    except ValidationError as error:
        field, inner, message = first_error(error.messages)
        where = f" ({inner})" if inner else ""
        raise UsageError(f"{prog}: error: {label(field)}{where}: {message}") from None
    return request


def first_error(messages: Any) -> tuple[str, str, str]:
    """The first field error in marshmallow's nested messages: the field, the place inside it, the message.

    >>> first_error({"hand": {2: ["Not a valid integer."]}})
    ('hand', 'item 3', 'Not a valid integer')
    """
    path: list[str] = []
    while isinstance(messages, dict):
        key, messages = next(iter(messages.items()))
        path.append(f"item {int(key) + 1}" if isinstance(key, int) else str(key))
    message = messages[0] if isinstance(messages, list) else messages
    return path[0], ", ".join(path[1:]), str(message).rstrip(".")


def comma_items(text: str) -> list[str]:
    """The items of a comma-separated flag value, stripped; blank text has none.

    >>> comma_items(" 3, 4,5 "), comma_items("  ")
    (['3', '4', '5'], [])
    """
    return [item.strip() for item in text.split(",")] if text.strip() else []
