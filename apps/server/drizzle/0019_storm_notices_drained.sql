ALTER TABLE "payouts" ADD COLUMN "notice_queued_at" timestamp with time zone;--> statement-breakpoint
-- Payouts and alerts written before this migration had their notices sent after their import
-- committed: none is owed, so the drain must not send them again.
UPDATE "payouts" SET "notice_queued_at" = "created_at";--> statement-breakpoint
ALTER TABLE "storm_alerts" ADD COLUMN "category_label" text;--> statement-breakpoint
ALTER TABLE "storm_alerts" ADD COLUMN "wind_kt" integer;--> statement-breakpoint
ALTER TABLE "storm_alerts" ADD COLUMN "policy_numbers" text[];--> statement-breakpoint
ALTER TABLE "storm_alerts" ADD COLUMN "notice_queued_at" timestamp with time zone;--> statement-breakpoint
UPDATE "storm_alerts" SET "notice_queued_at" = "created_at";
