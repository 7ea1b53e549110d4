CREATE TABLE "cancellation_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "instalment_reminders" (
	"policy_id" uuid NOT NULL,
	"instalment_number" integer NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "instalment_reminders_policy_id_instalment_number_kind_pk" PRIMARY KEY("policy_id","instalment_number","kind")
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"tick" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_runs_job_tick_pk" PRIMARY KEY("job","tick")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" serial NOT NULL,
	"policy_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"channel" text NOT NULL,
	"reference" text NOT NULL,
	"reference_key" text NOT NULL,
	"paid_on" date NOT NULL,
	"outstanding_after_cents" integer NOT NULL,
	"recorded_by" uuid NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payments_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "payments_channel_reference" UNIQUE("channel","reference_key")
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_id" uuid NOT NULL,
	"storm_ref" text,
	"percent" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"wire_reference" text,
	"paid_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payouts_policy_storm" UNIQUE("policy_id","storm_ref")
);
--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "paid_out_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "refund_due_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "contract_file_id" uuid;--> statement-breakpoint
ALTER TABLE "policies" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_requests" ADD CONSTRAINT "cancellation_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instalment_reminders" ADD CONSTRAINT "instalment_reminders_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cancellation_requests_one_pending" ON "cancellation_requests" USING btree ("policy_id") WHERE "cancellation_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "cancellation_requests_status_idx" ON "cancellation_requests" USING btree ("status","requested_at");--> statement-breakpoint
CREATE INDEX "payments_policy_idx" ON "payments" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "payouts_policy_idx" ON "payouts" USING btree ("policy_id");--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_contract_file_id_files_id_fk" FOREIGN KEY ("contract_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "policies_status_idx" ON "policies" USING btree ("status","season_year");--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_bank_transfer_reference" UNIQUE("bank_transfer_reference");