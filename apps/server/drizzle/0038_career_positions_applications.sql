CREATE TABLE "job_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"cv_name" text NOT NULL,
	"cv_bytes" integer NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_changed_at" timestamp (3) with time zone,
	"status_changed_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_applications_status" CHECK ("job_applications"."status" in ('new', 'in_progress', 'done'))
);
--> statement-breakpoint
CREATE TABLE "job_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"team" text NOT NULL,
	"location" text NOT NULL,
	"remote" boolean DEFAULT false NOT NULL,
	"employment_type" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"posted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_positions_status" CHECK ("job_positions"."status" in ('open', 'closed')),
	CONSTRAINT "job_positions_employment_type" CHECK ("job_positions"."employment_type" in ('full_time', 'part_time'))
);
--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_position_id_job_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "job_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_status_changed_by_users_id_fk" FOREIGN KEY ("status_changed_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_applications_created_idx" ON "job_applications" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_applications_status_idx" ON "job_applications" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "job_applications_position_idx" ON "job_applications" USING btree ("position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_positions_slug_idx" ON "job_positions" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "job_positions_open_idx" ON "job_positions" USING btree ("status","posted_at" DESC NULLS LAST);