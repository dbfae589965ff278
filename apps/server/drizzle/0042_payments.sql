CREATE TABLE "payment_counters" (
	"kind" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid NOT NULL,
	"cancels_number" text,
	"issued_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"seller_name" text NOT NULL,
	"seller_address" text NOT NULL,
	"seller_vat_id" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_address" text NOT NULL,
	"service" text NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"period_end" timestamp (3) with time zone NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_percent" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"user_id" uuid,
	"listing_id" uuid,
	"listing_title" text NOT NULL,
	"option" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gross_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"vat_percent" integer NOT NULL,
	"billing_name" text NOT NULL,
	"billing_street" text NOT NULL,
	"billing_postal_code" text NOT NULL,
	"billing_city" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"stripe_session_id" text,
	CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('pending', 'paid', 'cancelled', 'lapsed')),
	CONSTRAINT "payment_orders_option_check" CHECK ("payment_orders"."option" in ('bump', 'top', 'highlight'))
);
--> statement-breakpoint
CREATE TABLE "payment_promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"category_id" integer NOT NULL,
	"root_category_id" integer NOT NULL,
	"starts_at" timestamp (3) with time zone NOT NULL,
	"ends_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_invoices" ADD CONSTRAINT "payment_invoices_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "payment_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promotions" ADD CONSTRAINT "payment_promotions_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "payment_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_promotions" ADD CONSTRAINT "payment_promotions_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_number_idx" ON "payment_invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_invoices_order_kind_idx" ON "payment_invoices" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_reference_idx" ON "payment_orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_stripe_session_idx" ON "payment_orders" USING btree ("stripe_session_id");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_orders_pending_idx" ON "payment_orders" USING btree ("created_at") WHERE "payment_orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_promotions_order_idx" ON "payment_promotions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_promotions_active_idx" ON "payment_promotions" USING btree ("kind","ends_at");--> statement-breakpoint
CREATE INDEX "payment_promotions_listing_idx" ON "payment_promotions" USING btree ("listing_id");