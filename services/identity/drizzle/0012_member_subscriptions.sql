CREATE TABLE "member_subscriptions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"active" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
