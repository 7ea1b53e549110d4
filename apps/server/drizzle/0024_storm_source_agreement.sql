CREATE TABLE "storm_difference_approvals" (
	"storm_id" text NOT NULL,
	"country" text NOT NULL,
	"season_year" integer NOT NULL,
	"payouts" jsonb NOT NULL,
	"reason" text NOT NULL,
	"approved_by" uuid NOT NULL,
	"approved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storm_difference_approvals_storm_id_country_season_year_pk" PRIMARY KEY("storm_id","country","season_year")
);
--> statement-breakpoint
CREATE TABLE "storm_source_evaluations" (
	"storm_id" text NOT NULL,
	"country" text NOT NULL,
	"season_year" integer NOT NULL,
	"source" text NOT NULL,
	"c1" text,
	"c2" text,
	"payouts" jsonb NOT NULL,
	"qualifying_times" jsonb NOT NULL,
	"evaluated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storm_source_evaluations_storm_id_country_season_year_source_pk" PRIMARY KEY("storm_id","country","season_year","source")
);
--> statement-breakpoint
ALTER TABLE "storm_difference_approvals" ADD CONSTRAINT "storm_difference_approvals_storm_id_storms_id_fk" FOREIGN KEY ("storm_id") REFERENCES "public"."storms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_difference_approvals" ADD CONSTRAINT "storm_difference_approvals_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_source_evaluations" ADD CONSTRAINT "storm_source_evaluations_storm_id_storms_id_fk" FOREIGN KEY ("storm_id") REFERENCES "public"."storms"("id") ON DELETE no action ON UPDATE no action;