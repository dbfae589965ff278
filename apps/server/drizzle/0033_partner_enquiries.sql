CREATE TABLE "partner_enquiries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"partner_type" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_changed_at" timestamp (3) with time zone,
	"status_changed_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_enquiries_status" CHECK ("partner_enquiries"."status" in ('new', 'in_progress', 'done')),
	CONSTRAINT "partner_enquiries_type" CHECK ("partner_enquiries"."partner_type" in ('shop', 'provider', 'advertiser'))
);
--> statement-breakpoint
ALTER TABLE "partner_enquiries" ADD CONSTRAINT "partner_enquiries_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_enquiries_created_idx" ON "partner_enquiries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "partner_enquiries_status_idx" ON "partner_enquiries" USING btree ("status","created_at" DESC NULLS LAST);