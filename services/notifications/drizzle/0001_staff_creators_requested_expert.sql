CREATE TABLE "creators" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"brand_name" text,
	"first_name" text,
	"last_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "requested_expert_id" integer;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");