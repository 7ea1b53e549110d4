CREATE TABLE "ledger_blocks" (
	"number" integer PRIMARY KEY NOT NULL,
	"first_sequence" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	"merkle_root" text NOT NULL,
	"prev_block_hash" text NOT NULL,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_blocks_first_sequence_unique" UNIQUE("first_sequence"),
	CONSTRAINT "ledger_blocks_last_sequence_unique" UNIQUE("last_sequence"),
	CONSTRAINT "ledger_blocks_prev_block_hash_unique" UNIQUE("prev_block_hash"),
	CONSTRAINT "ledger_blocks_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
DROP INDEX "transaction_log_owner_idx";--> statement-breakpoint
ALTER TABLE "ledger_head" ADD COLUMN "sealed_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_head" ADD COLUMN "last_block_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_head" ADD COLUMN "last_block_hash" text DEFAULT '0000000000000000000000000000000000000000000000000000000000000000' NOT NULL;--> statement-breakpoint
CREATE INDEX "transaction_log_performer_idx" ON "transaction_log" USING btree ("performed_by","created_at","id");--> statement-breakpoint
CREATE INDEX "transaction_log_created_idx" ON "transaction_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transaction_log_owner_idx" ON "transaction_log" USING btree ("owner_id","created_at","id");