"""Answers: from a request's engine values to the JSON-ready answer the API and the command line both give.

One module per game and one for the tutor.  Each function takes engine
values (cards, rules, positions), what the caller configures (the deck, a
search's time limit) and the language of the answer's ``explanation``, and
returns exactly the document the HTTP API answers with.  No framework is
imported here: the HTTP views, the command line and any other interface only
translate their input into these calls.
"""
