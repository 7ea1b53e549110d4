CREATE TABLE "ledger_checkpoints" (
	"block_number" integer PRIMARY KEY NOT NULL,
	"last_sequence" integer NOT NULL,
	"block_hash" text NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_checkpoints_block_hash_unique" UNIQUE("block_hash")
);
--> statement-breakpoint
ALTER TABLE "ledger_blocks" ADD COLUMN "verified_at" timestamp with time zone;