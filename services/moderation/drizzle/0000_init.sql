CREATE TABLE "decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"decision" text NOT NULL,
	"moderator_id" integer NOT NULL,
	"moderator_username" text NOT NULL,
	"moderation_notes" text,
	"assigned_expert_id" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"brand_name" text,
	"first_name" text,
	"last_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox" (
	"consumer" text NOT NULL,
	"event_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"stream" text NOT NULL,
	"type" text NOT NULL,
	"envelope" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "queue_items" (
	"question_id" text PRIMARY KEY NOT NULL,
	"asker_id" integer NOT NULL,
	"asker_username" text NOT NULL,
	"requested_expert_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"context" text,
	"sources" text,
	"category_id" integer NOT NULL,
	"category_name" text NOT NULL,
	"tags" jsonb NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"assigned_expert_id" integer,
	"moderation_notes" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "decisions" ADD CONSTRAINT "decisions_question_id_queue_items_question_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."queue_items"("question_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "decisions_question_idx" ON "decisions" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "decisions_decided_at_idx" ON "decisions" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "outbox" USING btree ("published_at","id");--> statement-breakpoint
CREATE INDEX "queue_items_pending_idx" ON "queue_items" USING btree ("submitted_at","question_id") WHERE "queue_items"."status" = 'pending';