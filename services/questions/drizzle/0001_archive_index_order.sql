DROP INDEX "questions_archive_idx";--> statement-breakpoint
DROP INDEX "questions_asker_idx";--> statement-breakpoint
CREATE INDEX "questions_archive_idx" ON "questions" USING btree ("answered_at","id") WHERE "questions"."status" = 'answered';--> statement-breakpoint
CREATE INDEX "questions_asker_idx" ON "questions" USING btree ("asker_id","created_at","id");