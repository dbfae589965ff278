CREATE TABLE "local_event_participants" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_event_participants_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "local_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organizer_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"description_html" text NOT NULL,
	"category" text NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"postal_code" text NOT NULL,
	"place" text NOT NULL,
	"address" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"price_cents" integer DEFAULT 0 NOT NULL,
	"image" text,
	"max_participants" integer,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_events_status" CHECK ("local_events"."status" in ('scheduled', 'cancelled')),
	CONSTRAINT "local_events_times" CHECK ("local_events"."ends_at" > "local_events"."starts_at"),
	CONSTRAINT "local_events_participants" CHECK ("local_events"."max_participants" is null or "local_events"."participant_count" <= "local_events"."max_participants")
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "local_event_id" uuid;--> statement-breakpoint
ALTER TABLE "local_event_participants" ADD CONSTRAINT "local_event_participants_event_id_local_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "local_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_event_participants" ADD CONSTRAINT "local_event_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_events" ADD CONSTRAINT "local_events_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_event_participants_user_idx" ON "local_event_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "local_events_ends_idx" ON "local_events" USING btree ("ends_at","starts_at");--> statement-breakpoint
CREATE INDEX "local_events_geo_idx" ON "local_events" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "local_events_organizer_idx" ON "local_events" USING btree ("organizer_id","starts_at");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_local_event_id_local_events_id_fk" FOREIGN KEY ("local_event_id") REFERENCES "local_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_local_event_idx" ON "uploads" USING btree ("local_event_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('follow', 'new_listing', 'listing_view', 'listing_favorite', 'message', 'forum_reply', 'forum_mention', 'forum_like', 'story_reaction', 'verification', 'moderation', 'saved_search', 'event'));