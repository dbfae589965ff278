ALTER TABLE "business_profiles" ADD COLUMN "banner" text;--> statement-breakpoint
UPDATE "business_profiles" SET "photos" = (
  SELECT coalesce(jsonb_agg(jsonb_build_object('url', photo.url, 'caption', '') ORDER BY photo.position), '[]'::jsonb)
  FROM jsonb_array_elements_text("business_profiles"."photos") WITH ORDINALITY AS photo(url, position)
) WHERE jsonb_typeof("photos") = 'array' AND "photos" <> '[]'::jsonb AND jsonb_typeof("photos" -> 0) = 'string';
