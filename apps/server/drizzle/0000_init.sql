CREATE TYPE "public"."dashboard" AS ENUM('END_USER', 'ADMIN');--> statement-breakpoint
CREATE TABLE "content" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"dashboard" "dashboard" NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"que_ans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faqs_dashboard_title_unique" UNIQUE("dashboard","title")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tagline" text NOT NULL,
	"description" text NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"discount_percent" numeric(5, 2) NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone,
	"message" text,
	"logo" text,
	"can_purchase" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"year" integer PRIMARY KEY NOT NULL,
	"cover_start" date NOT NULL,
	"cover_end" date NOT NULL,
	"payment_deadline" date NOT NULL,
	"purchase_window_open" boolean DEFAULT false NOT NULL,
	"next_season_year" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "offers_country_idx" ON "offers" USING btree ("country");