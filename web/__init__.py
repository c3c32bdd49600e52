"""The web tutor: pages for players at the table, referees, teachers and pupils, served at ``/``.

Every page renders its answer on the server from the query string, so a
link shows the same thing to everybody (the URL of a verdict is its
permalink); the small scripts in ``web/static`` only make the pages quicker
to use.  The pages reuse the answers of :mod:`services.answers` and the requests
of :mod:`services.schemas`, so a page, the HTTP API and the command line judge
alike.  Their sentences come from the ``web`` gettext domain (falling back to
the tutor's), in the language of the ``lang`` parameter, else of the
browser's ``Accept-Language``.

>>> from api.app import create_app
>>> page = create_app({"TESTING": True}).test_client().get("/nambarz/check?top=3bee&play=10+-+4+/+2&lang=de")
>>> page.status_code, 'data-legal="true"' in page.text, 'lang="de"' in page.text
(200, True, True)
"""
