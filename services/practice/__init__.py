"""Practice for pupils, shared by the pages and the API: judging answers, and (in a class) keeping progress."""
