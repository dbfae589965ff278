-- A root category's pages by price read its ads in price order instead of walking the price order
-- of every category (a category of salaries read half a million ads for its cheapest page).
CREATE INDEX "listings_root_category_price_idx" ON "listings" USING btree ("root_category_id","status","price_cents","id");
