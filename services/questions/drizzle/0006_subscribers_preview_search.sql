CREATE TABLE "subscribers" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "preview_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(content, '')), 'B') || setweight(to_tsvector('english', left(coalesce(answer_content, ''), 100)), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "questions_preview_search_idx" ON "questions" USING gin ("preview_vector");