CREATE TABLE "listing_stats" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"favorites_count" integer DEFAULT 0 NOT NULL,
	"popularity" integer GENERATED ALWAYS AS (views + favorites_count) STORED NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_popular_idx";--> statement-breakpoint
ALTER TABLE "listing_stats" ADD CONSTRAINT "listing_stats_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_stats_popular_idx" ON "listing_stats" USING btree ("popularity" DESC NULLS LAST,"listing_id" DESC NULLS LAST);--> statement-breakpoint
-- Counts of existing ads move over before their columns go.
INSERT INTO "listing_stats" ("listing_id", "views", "favorites_count")
SELECT "id", "views", "favorites_count" FROM "listings";--> statement-breakpoint
-- Every ad gets its counter row in the statement that inserts it, however it is inserted.
CREATE FUNCTION "listing_stats_for_new_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_stats (listing_id) SELECT id FROM inserted_listings;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_create_stats" AFTER INSERT ON "listings"
REFERENCING NEW TABLE AS inserted_listings
FOR EACH STATEMENT EXECUTE FUNCTION "listing_stats_for_new_listings"();--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "popularity";--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "views";--> statement-breakpoint
ALTER TABLE "listings" DROP COLUMN "favorites_count";