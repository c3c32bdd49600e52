"""Explanations of the referee's verdicts and the solver's answers for people."""
