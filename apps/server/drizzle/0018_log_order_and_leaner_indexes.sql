DROP INDEX "payouts_policy_idx";--> statement-breakpoint
DROP INDEX "policies_owner_idx";--> statement-breakpoint
DROP INDEX "policies_status_idx";--> statement-breakpoint
DROP INDEX "transaction_log_owner_idx";--> statement-breakpoint
DROP INDEX "transaction_log_performer_idx";--> statement-breakpoint
DROP INDEX "transaction_log_created_idx";--> statement-breakpoint
ALTER TABLE "transaction_log" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "transaction_log_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "policies_status_idx" ON "policies" USING btree ("status","season_year") WHERE "policies"."status" IN ('PAYMENT_PENDING', 'ISSUED');--> statement-breakpoint
CREATE INDEX "transaction_log_owner_idx" ON "transaction_log" USING btree ("owner_id","created_at","seq");--> statement-breakpoint
CREATE INDEX "transaction_log_performer_idx" ON "transaction_log" USING btree ("performed_by","created_at","seq") WHERE "transaction_log"."performed_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transaction_log_created_idx" ON "transaction_log" USING btree ("created_at","seq");