CREATE TABLE "answer_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" uuid NOT NULL,
	"content" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"asker_id" integer NOT NULL,
	"expert_id" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "follow_up_content" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "follow_up_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "follow_up_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "follow_up_answer" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "follow_up_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "answer_revisions" ADD CONSTRAINT "answer_revisions_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_revisions_question_idx" ON "answer_revisions" USING btree ("question_id","replaced_at");--> statement-breakpoint
CREATE INDEX "refund_requests_status_idx" ON "refund_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "questions_expert_rating_idx" ON "questions" USING btree ("assigned_expert_id","rating") WHERE "questions"."rating" is not null;