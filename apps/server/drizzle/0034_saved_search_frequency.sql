CREATE TABLE "saved_search_matches" (
	"user_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"saved_search_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_matches_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
DROP INDEX "saved_searches_due_idx";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "frequency" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "category_id" integer;--> statement-breakpoint
UPDATE "saved_searches" SET "frequency" = CASE WHEN "alerts" THEN 'daily' ELSE 'off' END;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_instant_idx" ON "saved_searches" USING btree ("category_id") WHERE "saved_searches"."frequency" = 'instant';--> statement-breakpoint
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("last_checked_at") WHERE "saved_searches"."frequency" = 'daily';--> statement-breakpoint
ALTER TABLE "saved_searches" DROP COLUMN "alerts";--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('instant', 'daily', 'off'));