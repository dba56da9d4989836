"""All of Parlor's SQL: the database interface (``database.py``) and its SQLite and PostgreSQL
implementations, opened by ``factory.py``; the storage the service uses (``storage.py`` and its
parts on ``rows.py``); the migrations of each database; and transfer between them."""
