CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"gender" text,
	"occupation" text,
	"address_line1" text,
	"city" text,
	"country" text,
	"kyc_submitted" boolean DEFAULT false NOT NULL,
	"kyc_submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"comment" text,
	"file_type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_documents_file_id_unique" UNIQUE("file_id")
);
--> statement-breakpoint
CREATE TABLE "policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"policy_number" text NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"country" text NOT NULL,
	"option_id" text NOT NULL,
	"coverage_cents" integer NOT NULL,
	"premium_cents" integer NOT NULL,
	"discounted_premium_cents" integer,
	"discount_percent" numeric(5, 2),
	"season_year" integer NOT NULL,
	"payment_plan" text NOT NULL,
	"payment_channel" text NOT NULL,
	"bank_transfer_reference" text,
	"politically_exposed" boolean NOT NULL,
	"charged" jsonb NOT NULL,
	"use_of_proceeds" jsonb NOT NULL,
	"terms_of_use" jsonb NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "policies_policy_number_unique" UNIQUE("policy_number"),
	CONSTRAINT "policies_owner_idempotency_key" UNIQUE("owner_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "policy_beneficiaries" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_no" text NOT NULL,
	"address_line1" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_instalments" (
	"policy_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "policy_instalments_policy_id_number_pk" PRIMARY KEY("policy_id","number")
);
--> statement-breakpoint
CREATE TABLE "policy_number_counters" (
	"country" text NOT NULL,
	"season_year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "policy_number_counters_country_season_year_pk" PRIMARY KEY("country","season_year")
);
--> statement-breakpoint
CREATE TABLE "transaction_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"performed_by" uuid,
	"type" text NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"txn_set_id" text,
	"location" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_profiles" ADD CONSTRAINT "customer_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policies" ADD CONSTRAINT "policies_season_year_seasons_year_fk" FOREIGN KEY ("season_year") REFERENCES "public"."seasons"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_beneficiaries" ADD CONSTRAINT "policy_beneficiaries_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_instalments" ADD CONSTRAINT "policy_instalments_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_log" ADD CONSTRAINT "transaction_log_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_log" ADD CONSTRAINT "transaction_log_performed_by_users_id_fk" FOREIGN KEY ("performed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "kyc_documents_user_idx" ON "kyc_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "policies_owner_idx" ON "policies" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "transaction_log_owner_idx" ON "transaction_log" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "transaction_log_set_idx" ON "transaction_log" USING btree ("txn_set_id");