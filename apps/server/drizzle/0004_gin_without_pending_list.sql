-- GIN indexes of ads and search words without a pending list: searches then never scan a list
-- of not-yet-merged entries (which grows between vacuums, and PGlite runs no autovacuum).
-- Inserts pay a little more; ads are read far more often than they are written.
ALTER INDEX "listings_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "listings_attributes_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "search_terms_trgm_idx" SET (fastupdate = off);
