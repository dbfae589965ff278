-- The table is filled again on the next start (places ensurePostalCodes), now with each place's rank.
DELETE FROM "postal_codes";--> statement-breakpoint
ALTER TABLE "postal_codes" ADD COLUMN "rank" integer NOT NULL;
