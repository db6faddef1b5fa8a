ALTER TABLE "decisions" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "queue_items" ADD COLUMN "rejection_reason" text;