CREATE TABLE "forum_member_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"likes_received" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forum_member_stats" ADD CONSTRAINT "forum_member_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_posts_newest_idx" ON "forum_posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "forum_posts"."deleted_at" is null;--> statement-breakpoint
INSERT INTO "forum_member_stats" ("user_id", "post_count", "likes_received")
SELECT "author_id", count(*), coalesce(sum("like_count"), 0) FROM "forum_posts"
WHERE "deleted_at" IS NULL GROUP BY "author_id";
