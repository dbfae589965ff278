CREATE TABLE "seller_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"legal_form" text,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"register_number" text,
	"vat_id" text,
	"document_name" text,
	"document_type" text,
	"document_bytes" integer,
	"document_deleted_at" timestamp (3) with time zone,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "seller_verifications" ADD CONSTRAINT "seller_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_verifications" ADD CONSTRAINT "seller_verifications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_verifications_one_open_idx" ON "seller_verifications" USING btree ("user_id") WHERE "seller_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "seller_verifications_user_idx" ON "seller_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "seller_verifications_queue_idx" ON "seller_verifications" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('follow', 'new_listing', 'listing_view', 'listing_favorite', 'message', 'forum_reply', 'forum_mention', 'forum_like', 'story_reaction', 'verification'));