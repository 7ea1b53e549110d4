CREATE TABLE "bank_accounts" (
	"owner_id" uuid PRIMARY KEY NOT NULL,
	"acc_holder_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_no_cipher" text NOT NULL,
	"account_no_last4" text NOT NULL,
	"type" text NOT NULL,
	"swift_code" text NOT NULL,
	"cheque_leaf_file_id" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_cheque_leaf_file_id_files_id_fk" FOREIGN KEY ("cheque_leaf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;