CREATE TABLE "event_reactions" (
	"event_id" uuid NOT NULL,
	"reaction" text NOT NULL,
	"done_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_reactions_event_id_reaction_pk" PRIMARY KEY("event_id","reaction")
);
--> statement-breakpoint
CREATE INDEX "event_reactions_done_idx" ON "event_reactions" USING btree ("done_at");