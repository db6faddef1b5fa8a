CREATE TABLE "held_names" (
	"kind" text NOT NULL,
	"digest" text NOT NULL,
	"released_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "held_names_kind_digest_idx" ON "held_names" USING btree ("kind","digest");