"""All of Parlor's SQL: the database protocol, SQLite and PostgreSQL, the storage the service
uses, migrations and transfer."""
