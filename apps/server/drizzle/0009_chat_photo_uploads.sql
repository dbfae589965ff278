ALTER TABLE "uploads" ADD COLUMN "chat_message_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_chat_message_id_chat_messages_id_fk" FOREIGN KEY ("chat_message_id") REFERENCES "chat_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_chat_message_idx" ON "uploads" USING btree ("chat_message_id");