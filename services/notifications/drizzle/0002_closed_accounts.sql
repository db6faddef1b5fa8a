CREATE TABLE "closed_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
