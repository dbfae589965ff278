CREATE INDEX "listings_seller_title_idx" ON "listings" USING btree ("seller_id","title","id");--> statement-breakpoint
CREATE INDEX "listings_seller_price_idx" ON "listings" USING btree ("seller_id","price_cents","id");--> statement-breakpoint
CREATE INDEX "listings_seller_expiry_idx" ON "listings" USING btree ("seller_id","expires_at","id");