CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"proposer_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL,
	"place" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"replaces_id" uuid,
	"reminded_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_appointments_status" CHECK ("chat_appointments"."status" in ('proposed', 'accepted', 'declined', 'countered', 'cancelled')),
	CONSTRAINT "chat_appointments_type" CHECK ("chat_appointments"."type" in ('viewing', 'pickup')),
	CONSTRAINT "chat_appointments_times" CHECK ("chat_appointments"."ends_at" > "chat_appointments"."starts_at"),
	CONSTRAINT "chat_appointments_place_length" CHECK (char_length("chat_appointments"."place") <= 200),
	CONSTRAINT "chat_appointments_note_length" CHECK (char_length("chat_appointments"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "appointment_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_appointments" ADD CONSTRAINT "chat_appointments_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_appointments" ADD CONSTRAINT "chat_appointments_proposer_id_users_id_fk" FOREIGN KEY ("proposer_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_appointments" ADD CONSTRAINT "chat_appointments_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "chat_appointments_conversation_idx" ON "chat_appointments" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_appointments_proposer_idx" ON "chat_appointments" USING btree ("proposer_id","starts_at");--> statement-breakpoint
CREATE INDEX "chat_appointments_recipient_idx" ON "chat_appointments" USING btree ("recipient_id","starts_at");--> statement-breakpoint
CREATE INDEX "chat_appointments_due_idx" ON "chat_appointments" USING btree ("starts_at") WHERE "chat_appointments"."status" = 'accepted' and "chat_appointments"."reminded_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('follow', 'new_listing', 'listing_view', 'listing_favorite', 'message', 'forum_reply', 'forum_mention', 'forum_like', 'story_reaction', 'verification', 'moderation', 'saved_search', 'event', 'appointment'));