DROP INDEX "expert_earnings_expert_idx";--> statement-breakpoint
-- Rows recorded before this column existed were recorded as their answers arrived: the best date they have.
ALTER TABLE "expert_earnings" ADD COLUMN "earned_at" timestamp with time zone;--> statement-breakpoint
UPDATE "expert_earnings" SET "earned_at" = "created_at";--> statement-breakpoint
ALTER TABLE "expert_earnings" ALTER COLUMN "earned_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "expert_earnings_expert_idx" ON "expert_earnings" USING btree ("expert_id","earned_at");
