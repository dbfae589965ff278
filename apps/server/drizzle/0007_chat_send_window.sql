ALTER TABLE "chat_send_counters" DROP CONSTRAINT "chat_send_counters_user_id_window_start_pk";--> statement-breakpoint
ALTER TABLE "chat_send_counters" ADD PRIMARY KEY ("user_id");