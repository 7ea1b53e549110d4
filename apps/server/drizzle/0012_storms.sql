CREATE TABLE "storm_alerts" (
	"storm_id" text NOT NULL,
	"policy_id" uuid NOT NULL,
	"closest_metres" integer NOT NULL,
	"closest_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storm_alerts_storm_id_policy_id_pk" PRIMARY KEY("storm_id","policy_id")
);
--> statement-breakpoint
CREATE TABLE "storm_evaluations" (
	"storm_id" text NOT NULL,
	"country" text NOT NULL,
	"season_year" integer NOT NULL,
	"version" integer NOT NULL,
	"c1" text,
	"c2" text,
	"payouts" jsonb NOT NULL,
	"qualifying_times" jsonb NOT NULL,
	"ledger_sequence" integer,
	"evaluated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storm_evaluations_storm_id_country_season_year_pk" PRIMARY KEY("storm_id","country","season_year")
);
--> statement-breakpoint
CREATE TABLE "storm_track_points" (
	"storm_id" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"record_flag" text,
	"status" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"wind_kt" integer,
	"pressure_mb" integer,
	CONSTRAINT "storm_track_points_storm_id_time_pk" PRIMARY KEY("storm_id","time")
);
--> statement-breakpoint
CREATE TABLE "storms" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"year" integer NOT NULL,
	"point_count" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"first_point_at" timestamp with time zone NOT NULL,
	"last_point_at" timestamp with time zone NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storm_alerts" ADD CONSTRAINT "storm_alerts_storm_id_storms_id_fk" FOREIGN KEY ("storm_id") REFERENCES "public"."storms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_alerts" ADD CONSTRAINT "storm_alerts_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_evaluations" ADD CONSTRAINT "storm_evaluations_storm_id_storms_id_fk" FOREIGN KEY ("storm_id") REFERENCES "public"."storms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_track_points" ADD CONSTRAINT "storm_track_points_storm_id_storms_id_fk" FOREIGN KEY ("storm_id") REFERENCES "public"."storms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storm_alerts_policy_idx" ON "storm_alerts" USING btree ("policy_id");--> statement-breakpoint
CREATE INDEX "payouts_storm_idx" ON "payouts" USING btree ("storm_ref","created_at");