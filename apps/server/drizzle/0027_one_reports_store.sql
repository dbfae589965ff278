CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reported_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_target_reporter_key" ON "reports" USING btree ("target_type","target_id","reporter_id");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at","id") WHERE "reports"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_reported_idx" ON "reports" USING btree ("reported_id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id");--> statement-breakpoint
-- The five report tables move into the one store (docs/decisions/0023-one-reports-store.md).
-- A report is resolved by the first decision of an ADMIN (keep, remove, suspend) on its target
-- (a conversation: on its reported member) taken at or after it; forum reports kept their own
-- status. A report whose reported member is gone is not carried over (it went with the member).
INSERT INTO "reports" ("target_type", "target_id", "reported_id", "reporter_id", "reason", "comment", "created_at", "resolved_at")
SELECT 'listing', r.listing_id, l.seller_id, r.reporter_id, r.reason, r.comment, r.created_at,
  (SELECT min(d.created_at) FROM moderation_decisions d
    WHERE d.target_type = 'listing' AND d.target_id = r.listing_id AND d.action IN ('keep', 'remove', 'suspend')
      AND NOT d.automated AND d.created_at >= r.created_at)
FROM listing_reports r JOIN listings l ON l.id = r.listing_id;
--> statement-breakpoint
INSERT INTO "reports" ("target_type", "target_id", "reported_id", "reporter_id", "reason", "comment", "created_at", "resolved_at")
SELECT 'forum_post', r.post_id, p.author_id, r.reporter_id, r.reason, NULL, r.created_at,
  CASE WHEN r.status = 'resolved' THEN coalesce(
    (SELECT min(d.created_at) FROM moderation_decisions d
      WHERE d.target_type = 'forum_post' AND d.target_id = r.post_id AND d.action IN ('keep', 'remove', 'suspend')
        AND NOT d.automated AND d.created_at >= r.created_at),
    r.created_at) END
FROM forum_reports r JOIN forum_posts p ON p.id = r.post_id;
--> statement-breakpoint
INSERT INTO "reports" ("target_type", "target_id", "reported_id", "reporter_id", "reason", "comment", "created_at", "resolved_at")
SELECT 'conversation', r.conversation_id, x.reported_id, r.reporter_id, r.reason, r.text, r.created_at,
  (SELECT min(d.created_at) FROM moderation_decisions d
    WHERE d.target_type = 'conversation' AND d.target_id = r.conversation_id AND d.affected_user_id = x.reported_id
      AND d.action IN ('keep', 'remove', 'suspend') AND NOT d.automated AND d.created_at >= r.created_at)
FROM chat_reports r
JOIN chat_conversations c ON c.id = r.conversation_id
CROSS JOIN LATERAL (SELECT CASE WHEN r.reporter_id = c.buyer_id THEN c.seller_id ELSE c.buyer_id END AS reported_id) x;
--> statement-breakpoint
INSERT INTO "reports" ("target_type", "target_id", "reported_id", "reporter_id", "reason", "comment", "created_at", "resolved_at")
SELECT 'story', r.story_id, r.owner_id, r.reporter_id, r.reason, r.text, r.created_at,
  (SELECT min(d.created_at) FROM moderation_decisions d
    WHERE d.target_type = 'story' AND d.target_id = r.story_id AND d.action IN ('keep', 'remove', 'suspend')
      AND NOT d.automated AND d.created_at >= r.created_at)
FROM story_reports r;
--> statement-breakpoint
INSERT INTO "reports" ("target_type", "target_id", "reported_id", "reporter_id", "reason", "comment", "created_at", "resolved_at")
SELECT 'user', r.reported_id, r.reported_id, r.reporter_id, r.reason, r.text, r.created_at,
  (SELECT min(d.created_at) FROM moderation_decisions d
    WHERE d.target_type = 'user' AND d.target_id = r.reported_id AND d.action IN ('keep', 'remove', 'suspend')
      AND NOT d.automated AND d.created_at >= r.created_at)
FROM user_reports r;
