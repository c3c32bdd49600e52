"""Nmbrs!: cards 1–100 laid in crossing arithmetic sequences, scored by colour, played in rounds to 100 points.

One module per concern: :mod:`~solver.nmbrs.cards` and
:mod:`~solver.nmbrs.deck` (rules 1–2, the placeholder deck),
:mod:`~solver.nmbrs.rules` (basic, advanced, simplified),
:mod:`~solver.nmbrs.sequences` (rule 8 and the advanced rules),
:mod:`~solver.nmbrs.table` (the grid of crossing lines),
:mod:`~solver.nmbrs.plays` and :mod:`~solver.nmbrs.referee` (rules 9–13: plays
and their referee), :mod:`~solver.nmbrs.scoring` (rules 10–11, 14–15),
:mod:`~solver.nmbrs.candidates` (the plays a game offers),
:mod:`~solver.nmbrs.state` (whole games), :mod:`~solver.nmbrs.violations` and
:mod:`~solver.nmbrs.rulings`.

>>> from solver.nmbrs import RuleSet, judge_sequence, parse_sequence
>>> judge_sequence(parse_sequence("10 J 30 40"), RuleSet.ADVANCED).to_dict()["jokers"]
[{'place': 2, 'value': 20}]
"""

from solver.nmbrs.candidates import MAX_LISTED_PLAYS, legal_plays
from solver.nmbrs.cards import JOKER, Card, Colour, parse_cards
from solver.nmbrs.deck import Face, NmbrsDeck
from solver.nmbrs.plays import Play, PlayKind
from solver.nmbrs.referee import JudgedLine, LayVerdict, PlayVerdict, Position, SkippedPlay, judge_lay, judge_play
from solver.nmbrs.rules import RuleSet
from solver.nmbrs.rulings import RULINGS
from solver.nmbrs.scoring import Doubling, PlayScore, doubling_of, hand_penalty, score_play, winners
from solver.nmbrs.sequences import SequenceVerdict, Term, judge_sequence, parse_sequence
from solver.nmbrs.state import Action, ActionKind, ActionVerdict, Game, Phase, RoundResult, State, replay
from solver.nmbrs.table import Axis, Cell, Line, Placement, Table
from solver.nmbrs.violations import VIOLATIONS, ViolationCode

__all__ = [
    "JOKER",
    "MAX_LISTED_PLAYS",
    "RULINGS",
    "VIOLATIONS",
    "Action",
    "ActionKind",
    "ActionVerdict",
    "Axis",
    "Card",
    "Cell",
    "Colour",
    "Doubling",
    "Face",
    "Game",
    "JudgedLine",
    "LayVerdict",
    "Line",
    "NmbrsDeck",
    "Phase",
    "Placement",
    "Play",
    "PlayKind",
    "PlayScore",
    "PlayVerdict",
    "Position",
    "RoundResult",
    "RuleSet",
    "SequenceVerdict",
    "SkippedPlay",
    "State",
    "Table",
    "Term",
    "ViolationCode",
    "doubling_of",
    "hand_penalty",
    "judge_lay",
    "judge_play",
    "judge_sequence",
    "legal_plays",
    "parse_cards",
    "parse_sequence",
    "replay",
    "score_play",
    "winners",
]
