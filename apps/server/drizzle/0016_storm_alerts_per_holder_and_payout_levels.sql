-- Payouts: the percent actually paid (after the 100%-per-term cap) and the contract's percent beside it;
-- (policy, storm, contract percent) is unique so a top-up after an advisory update pays once (decision 061).
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_policy_storm";--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "contract_percent" integer;--> statement-breakpoint
UPDATE "payouts" SET "contract_percent" = "percent";--> statement-breakpoint
UPDATE "payouts" p SET "percent" = LEAST(p."percent", round(p."amount_cents" * 100.0 / pol."coverage_cents")::int) FROM "policies" pol WHERE pol."id" = p."policy_id";--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "contract_percent" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_policy_storm_level" UNIQUE("policy_id","storm_ref","contract_percent");--> statement-breakpoint
-- Storm alerts: one per holder per storm (was one per policy); the closest approach among the holder's is kept.
ALTER TABLE "storm_alerts" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "storm_alerts" ADD COLUMN "country" text;--> statement-breakpoint
UPDATE "storm_alerts" a SET "owner_id" = p."owner_id", "country" = p."country" FROM "policies" p WHERE p."id" = a."policy_id";--> statement-breakpoint
DELETE FROM "storm_alerts" a USING "storm_alerts" b WHERE a."storm_id" = b."storm_id" AND a."owner_id" = b."owner_id" AND (a."closest_metres", a."policy_id") > (b."closest_metres", b."policy_id");--> statement-breakpoint
ALTER TABLE "storm_alerts" DROP CONSTRAINT "storm_alerts_policy_id_policies_id_fk";--> statement-breakpoint
DROP INDEX "storm_alerts_policy_idx";--> statement-breakpoint
ALTER TABLE "storm_alerts" DROP CONSTRAINT "storm_alerts_storm_id_policy_id_pk";--> statement-breakpoint
ALTER TABLE "storm_alerts" DROP COLUMN "policy_id";--> statement-breakpoint
ALTER TABLE "storm_alerts" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "storm_alerts" ALTER COLUMN "country" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "storm_alerts" ADD CONSTRAINT "storm_alerts_storm_id_owner_id_pk" PRIMARY KEY("storm_id","owner_id");--> statement-breakpoint
ALTER TABLE "storm_alerts" ADD CONSTRAINT "storm_alerts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storm_alerts_owner_idx" ON "storm_alerts" USING btree ("owner_id");
