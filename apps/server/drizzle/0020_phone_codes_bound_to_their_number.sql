ALTER TABLE "one_time_codes" ADD COLUMN "phone_hash" text;--> statement-breakpoint
-- A phone code now verifies only the number it was texted to; codes open before this migration do
-- not say which number that was, so they are spent (they live ten minutes: a new one is a tap away).
-- Compared as text: on a new database the enum value is added in this same transaction (0010).
UPDATE "one_time_codes" SET "consumed_at" = now() WHERE "purpose"::text = 'PHONE_VERIFY' AND "consumed_at" IS NULL;
