ALTER TABLE "creators" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "withdrawn_at" timestamp with time zone;