ALTER TABLE "creator_profiles" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "creator_profiles" ADD COLUMN "avatar_color" text;--> statement-breakpoint
-- Demo experts seeded before these columns existed get the title and avatar colour the seed now gives them.
UPDATE "creator_profiles" AS p SET "title" = d."title", "avatar_color" = d."avatar_color"
FROM "users" AS u, (VALUES
  ('dana@demo.uapqa.local', 'Investigative Journalist & UAP Researcher', '#0369a1'),
  ('marcus@demo.uapqa.local', 'Documentary Filmmaker & UFO Investigator', '#7c3aed'),
  ('theo@demo.uapqa.local', 'Magician & Mystery Investigator', '#b45309'),
  ('evelyn@demo.uapqa.local', 'UFO Historian & Author', '#047857'),
  ('graham@demo.uapqa.local', 'Emmy-Winning Investigative Reporter', '#dc2626')
) AS d("email", "title", "avatar_color")
WHERE u."id" = p."user_id" AND u."email" = d."email" AND p."title" IS NULL;
