CREATE TABLE "staff_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer NOT NULL,
	"action" text NOT NULL,
	"subject_user_id" integer,
	"subject" text NOT NULL,
	"reason" text,
	"source_event_id" text
);
--> statement-breakpoint
CREATE INDEX "staff_actions_occurred_idx" ON "staff_actions" USING btree ("occurred_at");--> statement-breakpoint
CREATE INDEX "staff_actions_subject_idx" ON "staff_actions" USING btree ("subject_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_actions_source_idx" ON "staff_actions" USING btree ("source_event_id");