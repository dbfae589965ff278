CREATE TABLE "forum_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_post_likes" (
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "forum_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"body" text NOT NULL,
	"body_html" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp (3) with time zone,
	"deleted_at" timestamp (3) with time zone,
	"deleted_by_admin" boolean DEFAULT false NOT NULL,
	"deleted_reason" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('german'::regconfig, body)) STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forum_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_reports_post_reporter_unique" UNIQUE("post_id","reporter_id"),
	CONSTRAINT "forum_reports_status_check" CHECK ("forum_reports"."status" in ('open', 'resolved'))
);
--> statement-breakpoint
CREATE TABLE "forum_thread_subscriptions" (
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"level" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "forum_thread_subscriptions_thread_id_user_id_pk" PRIMARY KEY("thread_id","user_id"),
	CONSTRAINT "forum_thread_subscriptions_level_check" CHECK ("forum_thread_subscriptions"."level" in ('watch', 'mute'))
);
--> statement-breakpoint
CREATE TABLE "forum_thread_views" (
	"thread_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "forum_thread_views_thread_id_viewer_day_pk" PRIMARY KEY("thread_id","viewer","day")
);
--> statement-breakpoint
CREATE TABLE "forum_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" text NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_post_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_post_user_id" uuid,
	"deleted_at" timestamp (3) with time zone,
	"deleted_reason" text,
	"moderation_note" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('german'::regconfig, title)) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "forum_categories" ADD CONSTRAINT "forum_categories_parent_id_forum_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "forum_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_post_likes" ADD CONSTRAINT "forum_post_likes_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_post_likes" ADD CONSTRAINT "forum_post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_post_id_forum_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "forum_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_reports" ADD CONSTRAINT "forum_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_subscriptions" ADD CONSTRAINT "forum_thread_subscriptions_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_subscriptions" ADD CONSTRAINT "forum_thread_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_thread_views" ADD CONSTRAINT "forum_thread_views_thread_id_forum_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "forum_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_category_id_forum_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "forum_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_last_post_user_id_users_id_fk" FOREIGN KEY ("last_post_user_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "forum_categories_parent_idx" ON "forum_categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "forum_posts_thread_number_idx" ON "forum_posts" USING btree ("thread_id","number");--> statement-breakpoint
CREATE INDEX "forum_posts_author_idx" ON "forum_posts" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_posts_search_idx" ON "forum_posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "forum_reports_status_idx" ON "forum_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_activity_idx" ON "forum_threads" USING btree ("category_id","pinned" DESC NULLS LAST,"last_post_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_newest_idx" ON "forum_threads" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_liked_idx" ON "forum_threads" USING btree ("category_id","like_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_author_idx" ON "forum_threads" USING btree ("author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "forum_threads_search_idx" ON "forum_threads" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (type in ('follow', 'new_listing', 'listing_view', 'listing_favorite', 'message', 'forum_reply', 'forum_mention', 'forum_like'));--> statement-breakpoint
ALTER INDEX "forum_posts_search_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "forum_threads_search_idx" SET (fastupdate = off);--> statement-breakpoint
INSERT INTO "forum_categories" ("id", "parent_id", "slug", "name", "description", "position") VALUES
	('business', NULL, 'business', 'Business Forum', 'Networking & Geschäfte', 1),
	('games', NULL, 'games', 'Games Forum', 'Gaming Community', 2),
	('sports', NULL, 'sports', 'Sport Forum', 'Sport & Fitness', 3),
	('business/gruendung', 'business', 'gruendung', 'Gründung', 'Geschäftsideen, Businesspläne und der Weg in die Selbstständigkeit', 1),
	('business/marketing', 'business', 'marketing', 'Marketing', 'Werbung, Social Media und Kundengewinnung', 2),
	('business/recht-steuern', 'business', 'recht-steuern', 'Recht & Steuern', 'Gewerbe, Verträge, Umsatzsteuer und Buchhaltung', 3),
	('games/pc', 'games', 'pc', 'PC', 'Spiele, Hardware und Mods für den PC', 1),
	('games/konsole', 'games', 'konsole', 'Konsole', 'PlayStation, Xbox, Nintendo und Retro-Konsolen', 2),
	('games/mobile', 'games', 'mobile', 'Mobile', 'Spiele für Smartphone und Tablet', 3),
	('sports/fussball', 'sports', 'fussball', 'Fußball', 'Vereine, Ligen, Hobbyteams und Ausrüstung', 1),
	('sports/fitness', 'sports', 'fitness', 'Fitness', 'Training, Ernährung und Studios', 2),
	('sports/laufen', 'sports', 'laufen', 'Laufen', 'Laufschuhe, Trainingspläne und Wettkämpfe', 3);
