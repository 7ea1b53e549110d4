CREATE TABLE "holder_limits" (
	"country" text NOT NULL,
	"season_year" integer NOT NULL,
	"max_policies" integer NOT NULL,
	"max_coverage_cents" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "holder_limits_country_season_year_pk" PRIMARY KEY("country","season_year"),
	CONSTRAINT "holder_limits_positive" CHECK ("holder_limits"."max_policies" > 0 and "holder_limits"."max_coverage_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "holder_totals" (
	"owner_id" uuid NOT NULL,
	"country" text NOT NULL,
	"season_year" integer NOT NULL,
	"policies" integer NOT NULL,
	"coverage_cents" bigint NOT NULL,
	CONSTRAINT "holder_totals_owner_id_country_season_year_pk" PRIMARY KEY("owner_id","country","season_year")
);
--> statement-breakpoint
ALTER TABLE "holder_limits" ADD CONSTRAINT "holder_limits_country_season_year_country_pricing_country_season_year_fk" FOREIGN KEY ("country","season_year") REFERENCES "public"."country_pricing"("country","season_year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holder_totals" ADD CONSTRAINT "holder_totals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- holder_totals follows the policies: a policy counts (1, and its cover) for its holder, country and
-- season unless it is cancelled. Triggers, so every writer keeps it, the purchase and the seed, the
-- state machine's cancellations and any script. An update between two statuses that both count
-- (a storm moving a whole book to PAYOUT_INTIMATION) fails the WHEN and costs no call.
CREATE FUNCTION "holder_totals_follow_policies"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status <> 'CANCELED' THEN
    UPDATE holder_totals SET policies = policies - 1, coverage_cents = coverage_cents - OLD.coverage_cents
    WHERE owner_id = OLD.owner_id AND country = OLD.country AND season_year = OLD.season_year;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status <> 'CANCELED' THEN
    INSERT INTO holder_totals AS t (owner_id, country, season_year, policies, coverage_cents)
    VALUES (NEW.owner_id, NEW.country, NEW.season_year, 1, NEW.coverage_cents)
    ON CONFLICT (owner_id, country, season_year)
    DO UPDATE SET policies = t.policies + 1, coverage_cents = t.coverage_cents + EXCLUDED.coverage_cents;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Taken first and held to the commit: nothing writes a policy between the triggers and the count below.
LOCK TABLE "policies" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TRIGGER "holder_totals_on_insert" AFTER INSERT ON "policies" FOR EACH ROW EXECUTE FUNCTION "holder_totals_follow_policies"();--> statement-breakpoint
CREATE TRIGGER "holder_totals_on_delete" AFTER DELETE ON "policies" FOR EACH ROW EXECUTE FUNCTION "holder_totals_follow_policies"();--> statement-breakpoint
CREATE TRIGGER "holder_totals_on_update" AFTER UPDATE OF "owner_id", "country", "season_year", "coverage_cents", "status" ON "policies" FOR EACH ROW
  WHEN ((OLD.status = 'CANCELED') IS DISTINCT FROM (NEW.status = 'CANCELED')
    OR (NEW.status <> 'CANCELED' AND (OLD.owner_id, OLD.country, OLD.season_year, OLD.coverage_cents) IS DISTINCT FROM (NEW.owner_id, NEW.country, NEW.season_year, NEW.coverage_cents)))
  EXECUTE FUNCTION "holder_totals_follow_policies"();--> statement-breakpoint
INSERT INTO "holder_totals" ("owner_id", "country", "season_year", "policies", "coverage_cents")
SELECT "owner_id", "country", "season_year", count(*), sum("coverage_cents") FROM "policies" WHERE "status" <> 'CANCELED' GROUP BY 1, 2, 3;
