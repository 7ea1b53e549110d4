CREATE TABLE "storm_feed_states" (
	"source" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"answered_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "storm_source_points" (
	"source" text NOT NULL,
	"storm_id" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"wind_kt" integer,
	"pressure_mb" integer,
	CONSTRAINT "storm_source_points_source_storm_id_time_pk" PRIMARY KEY("source","storm_id","time")
);
--> statement-breakpoint
CREATE TABLE "storm_source_tracks" (
	"source" text NOT NULL,
	"storm_id" text NOT NULL,
	"name" text NOT NULL,
	"point_count" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"last_point_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "storm_source_tracks_source_storm_id_pk" PRIMARY KEY("source","storm_id")
);
--> statement-breakpoint
ALTER TABLE "storms" ADD COLUMN "track_source" text;--> statement-breakpoint
ALTER TABLE "storm_source_points" ADD CONSTRAINT "storm_source_points_source_storm_id_storm_source_tracks_source_storm_id_fk" FOREIGN KEY ("source","storm_id") REFERENCES "public"."storm_source_tracks"("source","storm_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storm_source_tracks" ADD CONSTRAINT "storm_source_tracks_storm_id_storms_id_fk" FOREIGN KEY ("storm_id") REFERENCES "public"."storms"("id") ON DELETE no action ON UPDATE no action;