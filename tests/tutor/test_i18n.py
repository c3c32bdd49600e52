"""Translated hints: the gettext catalogs, language negotiation, and ``lang`` in the engine, API and CLI."""

from __future__ import annotations

import gettext
import os
import re
import subprocess
import sys
from collections import Counter
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from babel.util import pathmatch
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import NambarzError
from solver.nambarz.cards import Card, parse_cards
from solver.nambarz.hint import hint
from solver.nambarz.rules import Rules
from solver.nambarz.rulings import RULINGS
from solver.nambarz.violations import ViolationCode
from solver.nmbrs.rulings import RULINGS as NMBRS_RULINGS
from solver.nmbrs.violations import ViolationCode as NmbrsCode
from solver.quando.rulings import RULINGS as QUANDO_RULINGS
from solver.quando.violations import ViolationCode as QuandoCode
from solver.thegame.rulings import RULINGS as THEGAME_RULINGS
from solver.thegame.violations import ViolationCode as TheGameCode
from tests.conftest import Cli
from tests.paths import REPOSITORY
from tutor.i18n import (
    DEFAULT_LANGUAGE,
    DOMAIN,
    DOMAINS,
    SUPPORTED_LANGUAGES,
    CatalogNotCompiledError,
    LanguageError,
    negotiate,
    translator,
)
from tutor.i18n import _check_compiled as check_compiled
from tutor.nambarz import explain_hint

LOCALE = files("tutor") / "locale"
TRANSLATED = [lang for lang in SUPPORTED_LANGUAGES if lang != DEFAULT_LANGUAGE]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def read_catalog(*parts: str) -> Catalog:
    with (LOCALE.joinpath(*parts)).open("rb") as po_file:
        return read_po(po_file)


def template(domain: str = DOMAIN) -> Catalog:
    return read_catalog(f"{domain}.pot")


def translation(lang: str, domain: str = DOMAIN) -> Catalog:
    return read_catalog(lang, "LC_MESSAGES", f"{domain}.po")


def placeholders(text: str) -> Counter[str]:
    return Counter(PLACEHOLDER.findall(text))


def as_tuple(value: object) -> tuple[str, ...]:
    """A catalog entry's id or string as a tuple: one item, or one per plural form."""
    if isinstance(value, (tuple, list)):
        return tuple(str(item) for item in value)
    return ("" if value is None else str(value),)


def source_ids(message: Message) -> tuple[str, ...]:
    return as_tuple(message.id)


def target_strings(message: Message) -> tuple[str, ...]:
    return as_tuple(message.string)


# --------------------------------------------------------------------------- catalogs


def babel_mapping() -> tuple[list[tuple[str, str]], dict[str, dict[str, str]]]:
    with (REPOSITORY / "babel.cfg").open() as mapping:
        return parse_mapping_cfg(mapping)


def message_id(message: str | tuple[str, ...]) -> str:
    return message if isinstance(message, str) else message[0]


def extracted(files: list[Path]) -> set[str]:
    """The ids ``pybabel extract -F babel.cfg`` finds in ``files``: the first pattern a file matches decides how."""
    method_map, options_map = babel_mapping()
    found = set()
    for path in files:
        relative = path.relative_to(REPOSITORY).as_posix()
        pattern, method = next(
            ((pattern, method) for pattern, method in method_map if pathmatch(pattern, relative)), ("", None)
        )
        if method is not None:
            keywords = {**DEFAULT_KEYWORDS, **options_map.get(pattern, {}).get("keywords", {})}
            found |= {message_id(message) for _line, message, *_ in extract_from_file(method, path, keywords)}
    return found


DOMAIN_SOURCES = {
    "thegame": [
        "tutor/thegame.py",
        "solver/thegame/violations.py",
        "solver/thegame/rulings.py",
    ],
    "quando": ["tutor/quando.py", "solver/quando/violations.py", "solver/quando/rulings.py"],
    "nmbrs": ["tutor/nmbrs.py", "solver/nmbrs/violations.py", "solver/nmbrs/rulings.py"],
    "web": sorted(
        [
            *(
                path.relative_to(REPOSITORY).as_posix()
                for folder in ("web", "services/practice")
                for path in (REPOSITORY / folder).rglob("*")
                if path.suffix in (".py", ".html")
            ),
            "solver/thegame/referee.py",
            "services/schemas/quando.py",
        ]
    ),
}
"""The files each sibling game's catalog, and the pages', is extracted from; Nambarz's (``tutor``) takes the rest."""


def domain_sources(domain: str) -> list[Path]:
    if domain != DOMAIN:
        return [REPOSITORY / source for source in DOMAIN_SOURCES[domain]]
    elsewhere = {REPOSITORY / source for sources in DOMAIN_SOURCES.values() for source in sources}
    candidates = [
        *(REPOSITORY / "tutor").rglob("*.py"),
        *(REPOSITORY / "tutor" / "templates").rglob("*.html"),
        REPOSITORY / "solver/nambarz/violations.py",
        REPOSITORY / "solver/nambarz/rulings.py",
    ]
    return sorted(path for path in candidates if path not in elsewhere)


@pytest.mark.parametrize("domain", DOMAINS)
def test_each_template_lists_exactly_the_sentences_of_its_sources(domain: str) -> None:
    assert extracted(domain_sources(domain)) == {source_ids(message)[0] for message in template(domain) if message.id}


def test_the_domains_together_cover_everything_babel_cfg_extracts() -> None:
    everything = {message_id(message) for _file, _line, message, *_ in extract_from_dir(REPOSITORY, *babel_mapping())}
    assert everything == set().union(*(extracted(domain_sources(domain)) for domain in DOMAINS))


def test_the_rule_texts_of_every_game_are_in_its_template() -> None:
    games = [
        (DOMAIN, ViolationCode, RULINGS),
        ("thegame", TheGameCode, THEGAME_RULINGS),
        ("quando", QuandoCode, QUANDO_RULINGS),
        ("nmbrs", NmbrsCode, NMBRS_RULINGS),
    ]
    for domain, codes, rulings in games:
        ids = {source_ids(message)[0] for message in template(domain) if message.id}
        assert {code.reference.summary for code in codes} <= ids
        assert {ruling.summary for ruling in rulings.values()} <= ids


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_template_sentence_is_translated_with_the_same_placeholders(lang: str, domain: str) -> None:
    catalog = translation(lang, domain)
    assert catalog.locale is not None and str(catalog.locale) == lang
    for source in template(domain):
        if not source.id:
            continue
        target = catalog.get(source.id, context=source.context)
        assert target is not None, f"{lang}: {source.id!r} is missing"
        assert not target.fuzzy, f"{lang}: {source.id!r} is fuzzy"
        strings = target_strings(target)
        assert len(strings) == (catalog.num_plurals if source.pluralizable else 1)
        expected = placeholders(source_ids(source)[-1])
        for string in strings:
            assert string, f"{lang}: {source.id!r} has an empty translation"
            assert placeholders(string) == expected, f"{lang}: {string!r} changes the placeholders"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalog_loads_from_the_package_once_and_translates(lang: str) -> None:
    loaded = translator(lang)
    assert isinstance(loaded, gettext.GNUTranslations)
    assert loaded.info()["language"] == lang
    assert translator(lang) is loaded
    assert loaded.gettext("A master stroke is possible.") != "A master stroke is possible."


def test_english_is_the_catalog_ids_unchanged() -> None:
    english = translator("en")
    assert english.gettext("goes out") == "goes out"
    assert english.ngettext("it sheds %(count)d card", "it sheds %(count)d cards", 2) == "it sheds %(count)d cards"


@pytest.mark.parametrize("lang", ["es", "EN", "it-IT", "", "english"])
def test_an_unsupported_language_is_refused_naming_it_and_the_supported_ones(lang: str) -> None:
    with pytest.raises(LanguageError, match=f"language {re.escape(repr(lang))} is not supported; expected one of en"):
        translator(lang)


def test_a_language_error_is_an_input_error_of_the_engine() -> None:
    assert issubclass(LanguageError, NambarzError)
    assert issubclass(LanguageError, ValueError)


# --------------------------------------------------------------------------- compiled catalogs

PLURAL_COUNTS = range(30)
"""Enough counts to reach every plural form of Italian, German and French."""


def compiled(lang: str, domain: str) -> gettext.GNUTranslations:
    """The ``.mo`` file built from ``<lang>/LC_MESSAGES/<domain>.po``, read on its own (no fallback)."""
    with (LOCALE / lang / "LC_MESSAGES" / f"{domain}.mo").open("rb") as mo_file:
        return gettext.GNUTranslations(mo_file)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_compiled_catalog_translates_exactly_as_its_po_source(lang: str, domain: str) -> None:
    source, built = translation(lang, domain), compiled(lang, domain)
    assert built.info()["language"] == lang
    assert built.info()["plural-forms"] == source.plural_forms
    for message in source:
        if not message.id:
            continue
        ids, strings = source_ids(message), target_strings(message)
        expected = strings if all(strings) and not message.fuzzy else ids
        if not message.pluralizable:
            translated = built.gettext(ids[0]) if message.context is None else built.pgettext(message.context, ids[0])
            assert translated == expected[0], f"{lang}/{domain}.mo is out of date for {ids[0]!r}"
            continue
        for count in PLURAL_COUNTS:
            translated = built.ngettext(ids[0], ids[1], count)
            assert translated in expected, f"{lang}/{domain}.mo is out of date for {ids[0]!r}"
        assert {built.ngettext(ids[0], ids[1], count) for count in PLURAL_COUNTS} == set(expected)


def test_the_translations_are_read_without_babel_at_run_time() -> None:
    program = (
        "import sys; from tutor.i18n import translator, SUPPORTED_LANGUAGES, DOMAINS; "
        "[translator(lang, domain).gettext('Hints') for lang in SUPPORTED_LANGUAGES for domain in DOMAINS]; "
        "print(sorted(name for name in sys.modules if name.split('.')[0] == 'babel'))"
    )
    finished = subprocess.run(
        [sys.executable, "-c", program], cwd=REPOSITORY, capture_output=True, text=True, check=False
    )
    assert (finished.returncode, finished.stdout) == (0, "[]\n"), finished.stderr


def test_a_missing_compiled_catalog_is_refused_saying_how_to_rebuild_it(tmp_path: Path) -> None:
    (tmp_path / "tutor.po").write_text("", encoding="utf-8")
    with pytest.raises(CatalogNotCompiledError, match=r"tutor\.mo is missing; .* run `pip install -e \.` again"):
        check_compiled(tmp_path / "tutor.mo")


def test_a_compiled_catalog_older_than_its_source_is_refused(tmp_path: Path) -> None:
    source, built = tmp_path / "tutor.po", tmp_path / "tutor.mo"
    source.write_text("", encoding="utf-8")
    built.write_bytes(b"")
    os.utime(built, (0, 0))
    with pytest.raises(CatalogNotCompiledError, match=r"tutor\.mo is older than tutor\.po"):
        check_compiled(built)


def test_a_compiled_catalog_without_its_source_beside_it_is_read_as_installed(tmp_path: Path) -> None:
    built = tmp_path / "tutor.mo"
    built.write_bytes(b"")
    check_compiled(built)


# --------------------------------------------------------------------------- negotiation


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        pytest.param(None, "en", id="no-header"),
        pytest.param("", "en", id="empty"),
        pytest.param("it", "it", id="one-language"),
        pytest.param("de-AT", "de", id="region-counts-as-its-language"),
        pytest.param("FR-ca", "fr", id="case-is-ignored"),
        pytest.param("es, pt;q=0.9, de;q=0.1", "de", id="unsupported-ones-are-skipped"),
        pytest.param("it;q=0.5, fr;q=0.8", "fr", id="highest-weight-wins"),
        pytest.param("de, it", "de", id="ties-keep-header-order"),
        pytest.param("it;q=0, fr;q=0.2", "fr", id="zero-weight-excludes"),
        pytest.param("it;q=0", "en", id="only-excluded-falls-back-to-english"),
        pytest.param("*", "en", id="wildcard-is-english"),
        pytest.param("it;q=banana, de;q=0.3", "de", id="malformed-weight-is-skipped"),
        pytest.param("it;q=2, fr;q=0.3", "fr", id="weight-above-one-is-skipped"),
        pytest.param("it;level=1, de;q=0.3", "de", id="unknown-parameter-is-skipped"),
        pytest.param("en-GB, it;q=0.9", "en", id="english-can-be-preferred"),
    ],
)
def test_negotiate_picks_the_most_preferred_supported_language(header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


@given(st.text(max_size=60))
def test_negotiate_always_answers_a_supported_language(header: str) -> None:
    assert negotiate(header) in SUPPORTED_LANGUAGES


# --------------------------------------------------------------------------- hints in every language

NBSP = "\u00a0"

HINTS_IN_EVERY_LANGUAGE = [
    pytest.param(
        "3bee",
        "3 3hippo 10 4 2 7",
        1,
        {
            "en": "2 cards in your hand match 3 bee. Calculations of 3 and 2 cards reach 3.",
            "it": "2 carte della tua mano corrispondono a 3 ape. Calcoli con 3 e 2 carte arrivano a 3.",
            "de": "2 Karten in deiner Hand passen zu 3 Biene. Rechnungen mit 3 und 2 Karten ergeben 3.",
            "fr": "2 cartes de ta main correspondent à 3 abeille. Des calculs de 3 et 2 cartes donnent 3.",
        },
        id="level-1-plural-and-a-list-of-sizes",
    ),
    pytest.param(
        "4",
        "4hen",
        1,
        {
            "en": "1 card in your hand matches 4. No calculation reaches 4.",
            "it": "1 carta della tua mano corrisponde a 4. Nessun calcolo arriva a 4.",
            "de": "1 Karte in deiner Hand passt zu 4. Keine Rechnung ergibt 4.",
            "fr": "1 carte de ta main correspond à 4. Aucun calcul ne donne 4.",
        },
        id="level-1-singular",
    ),
    pytest.param(
        "5",
        "8 8 1 1 9",
        1,
        {
            "en": "No card in your hand matches 5. A calculation of 5 cards reaches 5. A master stroke is possible.",
            "it": (
                "Nessuna carta della tua mano corrisponde a 5. Un calcolo con 5 carte arriva a 5. "
                "È possibile un colpo da maestro."
            ),
            "de": (
                "Keine Karte in deiner Hand passt zu 5. Eine Rechnung mit 5 Karten ergibt 5. "
                "Ein Meisterschlag ist möglich."
            ),
            "fr": (
                "Aucune carte de ta main ne correspond à 5. Un calcul de 5 cartes donne 5. "
                "Un coup de maître est possible."
            ),
        },
        id="level-1-master-stroke",
    ),
    pytest.param(
        "3",
        "8 Jreplay",
        1,
        {
            "en": "No card in your hand matches 3. No calculation reaches 3. A joker can still be played.",
            "it": (
                "Nessuna carta della tua mano corrisponde a 3. Nessun calcolo arriva a 3. Puoi ancora giocare un jolly."
            ),
            "de": "Keine Karte in deiner Hand passt zu 3. Keine Rechnung ergibt 3. Du kannst noch einen Joker spielen.",
            "fr": "Aucune carte de ta main ne correspond à 3. Aucun calcul ne donne 3. Tu peux encore jouer un joker.",
        },
        id="level-1-only-a-joker",
    ),
    pytest.param(
        "3bee",
        "10 4 2 7",
        2,
        {
            "en": "Start with 10, then +.",
            "it": "Comincia con 10, poi +.",
            "de": "Fang mit 10 an, dann +.",
            "fr": "Commence par 10, puis +.",
        },
        id="level-2-card-and-operator",
    ),
    pytest.param(
        "4",
        "4hen",
        2,
        {
            "en": "Start with 4 hen.",
            "it": "Comincia con 4 gallina.",
            "de": "Fang mit 4 Huhn an.",
            "fr": "Commence par 4 poule.",
        },
        id="level-2-lone-card",
    ),
    pytest.param(
        "3",
        "8 Jreplay",
        2,
        {
            "en": "Start with the replay joker.",
            "it": "Comincia con il jolly per rigiocare.",
            "de": "Fang mit dem Nochmal-Joker an.",
            "fr": "Commence par le joker pour rejouer.",
        },
        id="level-2-joker",
    ),
    pytest.param(
        "3bee",
        "10 4 2 7",
        3,
        {
            "en": "Play (10 + 2) ÷ 4: it sheds 3 cards and leaves 4 on top.",
            "it": "Gioca (10 + 2) ÷ 4: scarti 3 carte e lasci 4 in cima.",
            "de": "Spiel (10 + 2) ÷ 4: Du legst 3 Karten ab und lässt 4 oben liegen.",
            "fr": f"Joue (10 + 2) ÷ 4{NBSP}: tu poses 3 cartes et tu laisses 4 sur le dessus.",
        },
        id="level-3-leaves-a-card-on-top",
    ),
    pytest.param(
        "5",
        "8 8 1 1 9",
        3,
        {
            "en": "Play 8 + 8 − 1 − 1 − 9: it sheds 5 cards, earns 14 master-stroke points and goes out.",
            "it": (
                "Gioca 8 + 8 − 1 − 1 − 9: scarti 5 carte, guadagni 14 punti per il colpo da maestro "
                "e resti senza carte."
            ),
            "de": (
                "Spiel 8 + 8 − 1 − 1 − 9: Du legst 5 Karten ab, bekommst 14 Punkte für den Meisterschlag "
                "und hast keine Karten mehr."
            ),
            "fr": (
                f"Joue 8 + 8 − 1 − 1 − 9{NBSP}: tu poses 5 cartes, tu gagnes 14 points de coup de maître "
                "et tu n’as plus de cartes."
            ),
        },
        id="level-3-master-stroke-and-out",
    ),
    pytest.param(
        "4",
        "4hen",
        3,
        {
            "en": "Play 4 hen: it sheds 1 card and goes out.",
            "it": "Gioca 4 gallina: scarti 1 carta e resti senza carte.",
            "de": "Spiel 4 Huhn: Du legst 1 Karte ab und hast keine Karten mehr.",
            "fr": f"Joue 4 poule{NBSP}: tu poses 1 carte et tu n’as plus de cartes.",
        },
        id="level-3-singular",
    ),
    pytest.param(
        "3",
        "8 Jreplay",
        3,
        {
            "en": (
                "Play the replay joker: it sheds 0 cards and ends on the replay joker with nothing to play, "
                "so you draw a card."
            ),
            "it": (
                "Gioca il jolly per rigiocare: scarti 0 carte e finisci sul jolly per rigiocare senza niente da "
                "giocare, quindi peschi una carta."
            ),
            "de": (
                "Spiel den Nochmal-Joker: Du legst 0 Karten ab und endest auf dem Nochmal-Joker ohne spielbare "
                "Karte, also ziehst du eine Karte."
            ),
            "fr": (
                f"Joue le joker pour rejouer{NBSP}: tu poses 0 carte et tu finis sur le joker pour rejouer sans "
                "rien à jouer, alors tu pioches une carte."
            ),
        },
        id="level-3-ends-on-jreplay",
    ),
    pytest.param(
        "3bee",
        "8",
        1,
        {
            "en": "Nothing in your hand covers 3 bee: draw a card.",
            "it": "Nella tua mano niente copre 3 ape: pesca una carta.",
            "de": "Nichts in deiner Hand deckt 3 Biene ab: Zieh eine Karte.",
            "fr": f"Rien dans ta main ne couvre 3 abeille{NBSP}: pioche une carte.",
        },
        id="must-draw",
    ),
]


@pytest.mark.parametrize(("top", "hand", "level", "texts"), HINTS_IN_EVERY_LANGUAGE)
def test_a_hint_reads_naturally_in_every_language(top: str, hand: str, level: int, texts: dict[str, str]) -> None:
    assert set(texts) == set(SUPPORTED_LANGUAGES)
    for lang, text in texts.items():
        assert explain_hint(hint(Card.parse(top), parse_cards(hand), Rules(), level), lang) == text


def test_english_is_the_default_language_of_a_hint() -> None:
    revealed = hint(Card.parse("3bee"), parse_cards("10 4 2 7"), Rules(), 2)
    assert explain_hint(revealed) == explain_hint(revealed, "en")


def test_a_hint_in_an_unsupported_language_is_refused() -> None:
    with pytest.raises(LanguageError, match="language 'es' is not supported"):
        explain_hint(hint(Card.parse("3bee"), parse_cards("10 4 2 7"), Rules(), 1), "es")


# --------------------------------------------------------------------------- HTTP API

POSITION = {"top": "3bee", "hand": ["10", "4", "2", "7"], "level": 2}


def hint_text(client: FlaskClient, body: dict[str, Any], **headers: str) -> str:
    response = client.post("/api/v1/tutor/hint", json=body, headers=headers)
    assert response.status_code == 200, response.get_data(as_text=True)
    text: str = response.get_json()["text"]
    return text


def test_the_api_answers_in_the_language_of_the_body(client: FlaskClient) -> None:
    assert hint_text(client, {**POSITION, "lang": "it"}) == "Comincia con 10, poi +."


def test_the_api_uses_accept_language_when_the_body_names_no_language(client: FlaskClient) -> None:
    assert hint_text(client, POSITION, **{"Accept-Language": "es, de-CH;q=0.9, fr;q=0.5"}) == "Fang mit 10 an, dann +."


def test_the_body_language_wins_over_accept_language(client: FlaskClient) -> None:
    assert hint_text(client, {**POSITION, "lang": "fr"}, **{"Accept-Language": "de"}) == "Commence par 10, puis +."


def test_the_api_answers_in_english_by_default(client: FlaskClient) -> None:
    assert (
        hint_text(client, POSITION)
        == hint_text(client, POSITION, **{"Accept-Language": "es"})
        == ("Start with 10, then +.")
    )


@pytest.mark.parametrize("lang", ["es", "IT", "", None, 3, ["it"]])
def test_the_api_refuses_an_unsupported_language_with_a_422_naming_lang(client: FlaskClient, lang: object) -> None:
    response = client.post("/api/v1/tutor/hint", json={**POSITION, "lang": lang})
    assert response.status_code == 422, response.get_data(as_text=True)
    assert set(response.get_json()["errors"]["json"]) == {"lang"}


# --------------------------------------------------------------------------- command line


def test_the_command_line_prints_the_hint_in_the_language_asked_for(cli: Cli) -> None:
    result = cli("hint", "--top", "3bee", "--hand", "10 4 2 7", "--level", "3", "--lang", "de")
    assert (result.exit_code, result.stdout) == (
        0,
        "Spiel (10 + 2) ÷ 4: Du legst 3 Karten ab und lässt 4 oben liegen.\n",
    )


def test_the_command_line_json_carries_the_translated_text(cli: Cli) -> None:
    answer = cli.json("hint", "--position", "3bee / 10 4 2 7", "--level", "2", "--lang", "it")
    assert answer["text"] == "Comincia con 10, poi +."


def test_the_command_line_refuses_an_unsupported_language_with_exit_2(cli: Cli) -> None:
    result = cli("hint", "--top", "3bee", "--hand", "10 4 2 7", "--lang", "es")
    error = result.stderr
    assert (result.exit_code, result.stdout) == (2, "")
    assert error.count("\n") == 1 and "--lang" in error and "'es'" in error


# --------------------------------------------------------------------------- French and Italian typography


def translations_of(catalog: Catalog) -> list[tuple[str, str]]:
    """Each English sentence of ``catalog`` with each of its translations (every plural form)."""
    pairs = []
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            english = message.id if isinstance(message.id, str) else message.id[0]
            pairs += [(english, string) for string in strings]
    return pairs


@pytest.mark.parametrize("domain", DOMAINS)
def test_french_puts_a_no_break_space_before_high_punctuation_and_inside_guillemets(domain: str) -> None:
    plain = re.compile(r" [:;!?»]|« ")
    strings = [string for _, string in translations_of(read_catalog("fr", "LC_MESSAGES", f"{domain}.po"))]
    assert [string for string in strings if plain.search(string)] == []


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_the_pages_catalog_writes_typographic_apostrophes(lang: str) -> None:
    straight = [string for _, string in translations_of(read_catalog(lang, "LC_MESSAGES", "web.po")) if "'" in string]
    assert straight == []
