"""Cards: notation, figure aliases, repr, ordering and the errors for bad notation."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from solver.nambarz import Card, CardNotationError, Deck, Figure, JokerType, Kind, NambarzError, parse_cards
from solver.nambarz.cards import FIGURE_ALIASES, FIGURE_LANGUAGES, FIGURE_NAMES, UnknownFigureError, figure_from_name
from solver.nambarz.notation import Chain, Turn
from solver.nambarz.position import Position

# Every figure name a player may type, with the canonical card it reads as.  The lists are written
# out here rather than read from the module, so that a dropped alias is noticed.
ALIASES = {
    "italian": [
        ("3ape", "3bee"),
        ("8ippopotamo", "8hippo"),
        ("7pesce", "7fish"),
        ("9gallina", "9hen"),
        ("10orso", "10bear"),
        ("6libellula", "6dragonfly"),
        ("1tartaruga", "1turtle"),
        ("4papera", "4duck"),
        ("5gatto", "5cat"),
        ("2gufo", "2owl"),
    ],
    "german": [
        ("3Biene", "3bee"),
        ("8Nilpferd", "8hippo"),
        ("7Fisch", "7fish"),
        ("9Huhn", "9hen"),
        ("10Bär", "10bear"),
        ("10Baer", "10bear"),
        ("6Libelle", "6dragonfly"),
        ("1Schildkröte", "1turtle"),
        ("1Schildkroete", "1turtle"),
        ("4Ente", "4duck"),
        ("5Katze", "5cat"),
        ("2Eule", "2owl"),
    ],
    "french": [
        ("3abeille", "3bee"),
        ("8hippopotame", "8hippo"),
        ("7poisson", "7fish"),
        ("9poule", "9hen"),
        ("10ours", "10bear"),
        ("6libellule", "6dragonfly"),
        ("1tortue", "1turtle"),
        ("4canard", "4duck"),
        ("5chat", "5cat"),
        ("2hibou", "2owl"),
    ],
    "english": [
        ("3bee", "3bee"),
        ("8hippo", "8hippo"),
        ("8hippopotamus", "8hippo"),
        ("7fish", "7fish"),
        ("9hen", "9hen"),
        ("10bear", "10bear"),
        ("6dragonfly", "6dragonfly"),
        ("1turtle", "1turtle"),
        ("4duck", "4duck"),
        ("5cat", "5cat"),
        ("2owl", "2owl"),
    ],
    "any-case": [
        ("3APE", "3bee"),
        ("3bIeNe", "3bee"),
        ("10BÄR", "10bear"),
        ("10BAER", "10bear"),
        ("1SCHILDKRÖTE", "1turtle"),
        ("5Gatto", "5cat"),
        ("7FISH", "7fish"),
    ],
}

ALIAS_CASES = [
    pytest.param(text, expected, id=f"{language}-{text}")
    for language, pairs in ALIASES.items()
    for text, expected in pairs
]


def every_face() -> list[Card]:
    """Every distinct card of the default deck."""
    return Deck.default().faces()


def test_a_number_alone_is_a_symbol_card() -> None:
    for number in range(1, 11):
        parsed = Card.parse(str(number))
        assert (parsed.kind, parsed.number, parsed.figure, parsed.joker) == (Kind.SYMBOL, number, None, None)
        assert parsed.value == number
        assert not parsed.is_joker


def test_a_number_followed_by_a_figure_is_a_figure_card() -> None:
    parsed = Card.parse("3bee")
    assert (parsed.kind, parsed.number, parsed.figure, parsed.joker) == (Kind.FIGURE, 3, Figure.BEE, None)
    assert parsed.value == 3


@pytest.mark.parametrize(
    ("text", "joker"),
    [
        ("Jnumber", JokerType.NUMBER),
        ("Jfigure", JokerType.FIGURE),
        ("Jboth", JokerType.BOTH),
        ("Jreplay", JokerType.REPLAY),
        ("jboth", JokerType.BOTH),
        ("JREPLAY", JokerType.REPLAY),
    ],
)
def test_a_joker_is_written_with_a_j_and_its_type(text: str, joker: JokerType) -> None:
    parsed = Card.parse(text)
    assert (parsed.kind, parsed.joker, parsed.number, parsed.figure) == (Kind.JOKER, joker, None, None)
    assert parsed.is_joker
    assert str(parsed) == f"J{joker.value}"


@pytest.mark.parametrize(("text", "expected"), ALIAS_CASES)
def test_a_figure_name_in_any_accepted_language_reads_as_the_canonical_card(text: str, expected: str) -> None:
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize(("text", "expected"), ALIAS_CASES)
def test_cards_written_with_different_aliases_are_the_same_card(text: str, expected: str) -> None:
    assert Card.parse(text) == Card.parse(expected)
    assert hash(Card.parse(text)) == hash(Card.parse(expected))


def test_figure_names_are_looked_up_ignoring_case() -> None:
    assert figure_from_name("Nilpferd") is Figure.HIPPO
    assert figure_from_name("IPPOPOTAMO") is Figure.HIPPO
    assert figure_from_name("bär") is figure_from_name("BAER") is Figure.BEAR


def test_surrounding_spaces_are_ignored() -> None:
    assert Card.parse(" 10Orso ") == Card.parse("10bear")
    assert Card.parse("\t7\n") == Card.symbol(7)


@pytest.mark.parametrize("face", every_face(), ids=str)
def test_every_card_of_the_deck_survives_a_str_round_trip(face: Card) -> None:
    assert Card.parse(str(face)) == face


@pytest.mark.parametrize("face", every_face(), ids=str)
def test_the_repr_of_every_card_evaluates_to_the_same_card(face: Card) -> None:
    assert eval(repr(face), {"Card": Card}) == face


def test_output_is_always_canonical_english() -> None:
    assert str(Card.parse("9gallina")) == "9hen"
    assert repr(Card.parse("10Bär")) == "Card.parse('10bear')"


def test_the_constructors_build_the_same_cards_as_the_notation() -> None:
    assert Card.symbol(4) == Card.parse("4")
    assert Card.figure_card(8, Figure.BEE) == Card.parse("8ape")
    assert Card.joker_card(JokerType.REPLAY) == Card.parse("Jreplay")


def test_cards_sort_symbols_then_figures_then_jokers_by_number_then_figure() -> None:
    hand = parse_cards("Jreplay 3hippo 10 8bee Jnumber 1 3bee 3 10bear 1dragonfly")
    assert [str(one) for one in sorted(hand)] == [
        "1",
        "3",
        "10",
        "1dragonfly",
        "3bee",
        "3hippo",
        "8bee",
        "10bear",
        "Jnumber",
        "Jreplay",
    ]


def test_cards_compare_with_less_than_and_greater_than() -> None:
    assert Card.parse("3") < Card.parse("4")
    assert Card.parse("10") < Card.parse("1dragonfly")
    assert Card.parse("Jboth") > Card.parse("10bear")


def test_copies_of_a_face_are_not_told_apart() -> None:
    assert len({Card.parse("3bee"), Card.parse("3ape"), Card.parse("3Biene")}) == 1


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("3-bee", "3bee"),
        ("3 ape", "3bee"),
        ("3 Biene", "3bee"),
        ("3 - abeille", "3bee"),
        ("10-Bär", "10bear"),
        ("8  ippopotamo", "8hippo"),
        ("9\tHühner", "9hen"),
        (" 7 - FISCH ", "7fish"),
    ],
)
def test_a_figure_name_may_follow_the_number_after_a_hyphen_or_spaces(written: str, canonical: str) -> None:
    assert str(Card.parse(written)) == canonical


def test_a_hand_reads_a_figure_name_after_a_space_or_hyphen_as_part_of_the_card_before() -> None:
    assert parse_cards("1 2 3 ape") == parse_cards("1 2 3bee")
    assert parse_cards("3-bee, 8 Biene,10") == parse_cards("3bee 8bee 10")
    assert parse_cards("3 Jboth 4 7 fish") == parse_cards("3 Jboth 4 7fish")


def test_a_hand_with_a_bad_word_names_the_whole_word() -> None:
    with pytest.raises(CardNotationError, match="'3 ape!' is not a card"):
        parse_cards("1 3 ape! 4")
    with pytest.raises(CardNotationError, match="'3 fsh' is not a card: unknown figure 'fsh'"):
        parse_cards("1 3 fsh")


def test_a_hand_must_be_written_as_text() -> None:
    with pytest.raises(CardNotationError, match="as text, not list"):
        parse_cards(["1", "2"])  # type: ignore[arg-type]


def test_a_hand_may_be_written_with_spaces_or_commas() -> None:
    assert parse_cards("1 2, 7fish ,Jreplay") == (
        Card.parse("1"),
        Card.parse("2"),
        Card.parse("7fish"),
        Card.parse("Jreplay"),
    )
    assert parse_cards("  ") == ()


def test_the_placeholder_figure_of_the_default_deck_is_the_owl() -> None:
    assert [figure.value for figure in Deck.default().placeholders] == ["owl"]


@pytest.mark.parametrize(
    ("written", "canonical"),
    [("3Bienen", "3bee"), ("10Bären", "10bear"), ("4Hühner", "4hen"), ("7pesci", "7fish"), ("9enten", "9duck")],
)
def test_plural_figure_names_from_the_rulebooks_are_accepted(written: str, canonical: str) -> None:
    assert str(Card.parse(written)) == canonical


def test_the_kinds_are_named_as_in_the_json_output() -> None:
    assert [kind.value for kind in Kind] == ["symbol", "figure", "joker"]


# --------------------------------------------------------------------------- errors

BAD_NOTATION = [
    pytest.param("3fsh", ["'3fsh'", "unknown figure 'fsh'", "bee"], id="unknown-figure"),
    pytest.param("3Unicorn", ["'3Unicorn'", "'Unicorn'"], id="unknown-figure-capitalised"),
    pytest.param("Jfoo", ["'Jfoo'", "unknown joker", "Jnumber"], id="unknown-joker"),
    pytest.param("0", ["'0'", "start at 1"], id="number-zero"),
    pytest.param("00bee", ["'00bee'", "start at 1"], id="number-zero-with-figure"),
    pytest.param("-3", ["'-3'", "3bee"], id="negative-number"),
    pytest.param("3 fsh", ["'3 fsh'", "unknown figure 'fsh'"], id="unknown-figure-after-a-space"),
    pytest.param("3-Unicorn", ["'3-Unicorn'", "unknown figure 'Unicorn'"], id="unknown-figure-after-a-hyphen"),
    pytest.param("3 Jboth", ["'3 Jboth'"], id="a-number-and-a-joker"),
    pytest.param("3 - 4", ["'3 - 4'"], id="a-subtraction"),
    pytest.param("3 x", ["'3 x'"], id="a-number-and-a-times-sign"),
    pytest.param("bee3", ["'bee3'"], id="figure-first"),
    pytest.param("J3", ["'J3'"], id="joker-with-a-number"),
    pytest.param("3--ape", ["'3--ape'"], id="two-hyphens"),
    pytest.param("3 ape!", ["'3 ape!'"], id="punctuation-after-a-spaced-figure"),
    pytest.param("3bee!", ["'3bee!'"], id="trailing-punctuation"),
    pytest.param("", ["empty card"], id="empty"),
    pytest.param("   ", ["empty card"], id="blank"),
]


@pytest.mark.parametrize(("text", "fragments"), BAD_NOTATION)
def test_bad_card_notation_is_an_error_naming_the_input(text: str, fragments: list[str]) -> None:
    with pytest.raises(CardNotationError) as caught:
        Card.parse(text)
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_a_card_must_be_written_as_text() -> None:
    with pytest.raises(CardNotationError, match="as text, not int"):
        Card.parse(3)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", [0, -1, True, 2.5, None])
def test_a_card_number_must_be_a_whole_number_from_one(number: object) -> None:
    with pytest.raises(CardNotationError, match=f"not {number!r}"):
        Card(number)  # type: ignore[arg-type]


def test_a_joker_cannot_carry_a_number() -> None:
    with pytest.raises(CardNotationError, match="joker"):
        Card(3, joker=JokerType.BOTH)


def test_a_joker_has_no_number_to_calculate_with() -> None:
    with pytest.raises(CardNotationError, match="Jboth is a joker"):
        _ = Card.parse("Jboth").value


def test_an_unknown_figure_name_lists_the_known_figures() -> None:
    with pytest.raises(CardNotationError) as caught:
        figure_from_name("unicorn")
    assert "'unicorn'" in str(caught.value)
    assert all(figure.value in str(caught.value) for figure in Figure)


def test_card_notation_errors_are_value_errors_with_a_code() -> None:
    with pytest.raises(CardNotationError) as caught:
        Card.parse("3fsh")
    assert isinstance(caught.value, NambarzError)
    assert isinstance(caught.value, ValueError)
    assert caught.value.code == "invalid-card"


# --------------------------------------------------------------------------- figure names per language

# The names a player reads in each language, written out so that a changed name is noticed.
NAMES_BY_LANGUAGE = {
    "en": "dragonfly, turtle, fish, owl, bee, hippo, hen, duck, cat, bear",
    "it": "libellula, tartaruga, pesce, gufo, ape, ippopotamo, gallina, papera, gatto, orso",
    "de": "Libelle, Schildkröte, Fisch, Eule, Biene, Nilpferd, Huhn, Ente, Katze, Bär",
    "fr": "libellule, tortue, poisson, hibou, abeille, hippopotame, poule, canard, chat, ours",
}


def test_every_figure_has_one_name_in_each_language_and_each_name_is_accepted() -> None:
    assert set(FIGURE_LANGUAGES) == set(NAMES_BY_LANGUAGE)
    for lang, names in NAMES_BY_LANGUAGE.items():
        assert ", ".join(FIGURE_NAMES[figure][lang] for figure in Figure) == names
        for figure in Figure:
            assert FIGURE_ALIASES[FIGURE_NAMES[figure][lang].casefold()] is figure


@pytest.mark.parametrize("lang", sorted(NAMES_BY_LANGUAGE))
def test_an_unknown_figure_lists_the_figures_in_the_language_asked_for(lang: str) -> None:
    with pytest.raises(UnknownFigureError) as caught:
        figure_from_name("unicorn")
    error = caught.value
    assert str(error) == f"unknown figure 'unicorn'; known figures: {NAMES_BY_LANGUAGE['en']}"
    assert error.in_language(lang) == f"unknown figure 'unicorn'; known figures: {NAMES_BY_LANGUAGE[lang]}"
    assert isinstance(error, CardNotationError)


def test_figure_names_in_an_unknown_language_are_refused_naming_it() -> None:
    with pytest.raises(NambarzError, match=r"'es'.*en, it, de, fr"):
        UnknownFigureError("unicorn").in_language("es")


def read_error(read: Callable[[str], object], text: str) -> NambarzError:
    with pytest.raises(NambarzError) as caught:
        read(text)
    return caught.value


# Every reader that wraps an unknown figure with where it was found.
WRAPPING_READERS = [
    pytest.param(Card.parse, "3fsh", id="card"),
    pytest.param(parse_cards, "1 2 3 fsh", id="hand"),
    pytest.param(Chain.parse, "1 + 3-fsh", id="calculation"),
    pytest.param(Turn.parse, "3 ; Jreplay ; 10 - 3fsh", id="turn"),
    pytest.param(Position.parse, "3 / 1 2 3fsh", id="position"),
]


@pytest.mark.parametrize("lang", ["it", "de", "fr"])
@pytest.mark.parametrize(("read", "text"), WRAPPING_READERS)
def test_an_error_that_wraps_an_unknown_figure_lists_the_figures_in_the_language_asked_for(
    read: Callable[[str], object], text: str, lang: str
) -> None:
    error = read_error(read, text)
    english, translated = str(error), error.in_language(lang)
    assert NAMES_BY_LANGUAGE["en"] in english
    assert translated == english.replace(NAMES_BY_LANGUAGE["en"], NAMES_BY_LANGUAGE[lang])
    assert error.in_language("en") == english


def test_an_error_that_lists_nothing_reads_the_same_in_every_language() -> None:
    error = read_error(Card.parse, "Jfoo")
    assert {error.in_language(lang) for lang in FIGURE_LANGUAGES} == {str(error)}
