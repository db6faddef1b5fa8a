CREATE TABLE "spent_refresh_secrets" (
	"hash" text PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"spent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spent_refresh_secrets" ADD CONSTRAINT "spent_refresh_secrets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spent_refresh_secrets_session_idx" ON "spent_refresh_secrets" USING btree ("session_id");