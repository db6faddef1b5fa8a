-- Decisions taken before holds existed were announced in their own transaction: released and
-- announced at their decision time, so the release job never sends them again.
ALTER TABLE "decisions" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
UPDATE "decisions" SET "release_at" = "decided_at", "announced_at" = "decided_at";--> statement-breakpoint
ALTER TABLE "decisions" ALTER COLUMN "release_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "decisions" ADD COLUMN "undone_by" integer;--> statement-breakpoint
CREATE INDEX "decisions_held_idx" ON "decisions" USING btree ("release_at") WHERE "decisions"."announced_at" is null and "decisions"."undone_at" is null;
