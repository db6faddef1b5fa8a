CREATE TABLE "credit_reservations" (
	"question_id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "credit_reservations_created_idx" ON "credit_reservations" USING btree ("created_at");