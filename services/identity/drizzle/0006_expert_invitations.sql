ALTER TABLE "expert_applications" ADD COLUMN "invite_token_hash" text;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD COLUMN "invite_used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expert_applications" ADD CONSTRAINT "expert_applications_invite_token_hash_unique" UNIQUE("invite_token_hash");