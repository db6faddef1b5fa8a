ALTER TABLE "expert_applications" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD COLUMN "decided_by" integer;--> statement-breakpoint
CREATE INDEX "expert_applications_status_idx" ON "expert_applications" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "expert_applications" DROP COLUMN "reviewed";