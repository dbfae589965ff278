CREATE TABLE "member_sanctions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ends_at" timestamp (3) with time zone,
	"reason" text NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp (3) with time zone,
	"lifted_by" uuid,
	"lift_reason" text,
	CONSTRAINT "member_sanctions_kind" CHECK ("member_sanctions"."kind" in ('suspension', 'ban')),
	CONSTRAINT "member_sanctions_ends_at" CHECK (("member_sanctions"."kind" = 'ban') = ("member_sanctions"."ends_at" is null))
);
--> statement-breakpoint
ALTER TABLE "member_sanctions" ADD CONSTRAINT "member_sanctions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sanctions" ADD CONSTRAINT "member_sanctions_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_sanctions" ADD CONSTRAINT "member_sanctions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_sanctions_user_idx" ON "member_sanctions" USING btree ("user_id","created_at" DESC NULLS LAST);