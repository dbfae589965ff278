ALTER TABLE "payment_orders" ADD COLUMN "stripe_session_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_stripe_session_idx" ON "payment_orders" USING btree ("stripe_session_id");