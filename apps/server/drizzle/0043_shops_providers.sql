CREATE TABLE "business_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"name" text NOT NULL,
	"legal_form" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"register_court" text,
	"register_number" text,
	"vat_id" text,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"website" text,
	"description" text NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"logo" text,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hours" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"area_postal_code" text,
	"area_radius_km" integer,
	"services" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "business_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_profiles" ADD CONSTRAINT "business_profiles_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_profiles_one_per_kind_idx" ON "business_profiles" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "business_profiles_directory_idx" ON "business_profiles" USING btree ("kind","status");--> statement-breakpoint
CREATE INDEX "business_profiles_queue_idx" ON "business_profiles" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "business_profiles_name_idx" ON "business_profiles" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_business_profile_id_business_profiles_id_fk" FOREIGN KEY ("business_profile_id") REFERENCES "business_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_business_profile_idx" ON "uploads" USING btree ("business_profile_id");