DROP TABLE "chat_reports" CASCADE;--> statement-breakpoint
DROP TABLE "forum_reports" CASCADE;--> statement-breakpoint
DROP TABLE "listing_reports" CASCADE;--> statement-breakpoint
DROP TABLE "story_reports" CASCADE;--> statement-breakpoint
DROP TABLE "user_reports" CASCADE;