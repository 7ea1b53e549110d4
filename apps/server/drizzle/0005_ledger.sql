CREATE TABLE "ledger_entries" (
	"sequence" integer PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"prev_hash" text NOT NULL,
	"payload_hash" text NOT NULL,
	"payload" text NOT NULL,
	"kind" text NOT NULL,
	"txn_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_hash_unique" UNIQUE("hash"),
	CONSTRAINT "ledger_entries_prev_hash_unique" UNIQUE("prev_hash")
);
--> statement-breakpoint
CREATE TABLE "ledger_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL,
	"last_hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_entries_txn_idx" ON "ledger_entries" USING btree ("txn_id");--> statement-breakpoint
-- The head starts before the first entry: sequence 0, the genesis hash (packages/domain GENESIS_HASH).
INSERT INTO "ledger_head" ("id", "last_sequence", "last_hash") VALUES (1, 0, '0000000000000000000000000000000000000000000000000000000000000000');
