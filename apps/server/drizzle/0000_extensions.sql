-- Trigram matching for typo-tolerant search and prefix suggestions (ARCHITECTURE.md "search").
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
