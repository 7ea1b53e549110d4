CREATE TABLE "charge_tiers" (
	"country" text NOT NULL,
	"season_year" integer NOT NULL,
	"charge" text NOT NULL,
	"position" integer NOT NULL,
	"max_coverage_cents" integer,
	"unit_amount_pct" numeric(5, 2) NOT NULL,
	CONSTRAINT "charge_tiers_country_season_year_charge_position_pk" PRIMARY KEY("country","season_year","charge","position"),
	CONSTRAINT "charge_tiers_charge" CHECK ("charge_tiers"."charge" in ('PLATFORM', 'INSURANCE_PROVIDER')),
	CONSTRAINT "charge_tiers_unit_amount_pct" CHECK ("charge_tiers"."unit_amount_pct" >= 0 and "charge_tiers"."unit_amount_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "country_pricing" (
	"country" text NOT NULL,
	"season_year" integer NOT NULL,
	"currency_code" text NOT NULL,
	"currency_locale" text NOT NULL,
	"platform_charge_model" text NOT NULL,
	"insurance_provider_charge_model" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "country_pricing_country_season_year_pk" PRIMARY KEY("country","season_year"),
	CONSTRAINT "country_pricing_country" CHECK ("country_pricing"."country" in ('gd', 'dm'))
);
--> statement-breakpoint
CREATE TABLE "option_rates" (
	"country" text NOT NULL,
	"season_year" integer NOT NULL,
	"option_id" text NOT NULL,
	"rol_pct" numeric(5, 2) NOT NULL,
	CONSTRAINT "option_rates_country_season_year_option_id_pk" PRIMARY KEY("country","season_year","option_id"),
	CONSTRAINT "option_rates_option_id" CHECK ("option_rates"."option_id" in ('T', '1', '2', '3', '4', '5')),
	CONSTRAINT "option_rates_rol_pct" CHECK ("option_rates"."rol_pct" > 0 and "option_rates"."rol_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "policy_sale_rates" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"pricing_season_year" integer NOT NULL,
	"rol_pct" numeric(5, 2) NOT NULL,
	"platform_charge_pct" numeric(5, 2) NOT NULL,
	"insurance_provider_charge_pct" numeric(5, 2) NOT NULL,
	"currency_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charge_tiers" ADD CONSTRAINT "charge_tiers_country_season_year_country_pricing_country_season_year_fk" FOREIGN KEY ("country","season_year") REFERENCES "public"."country_pricing"("country","season_year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "country_pricing" ADD CONSTRAINT "country_pricing_season_year_seasons_year_fk" FOREIGN KEY ("season_year") REFERENCES "public"."seasons"("year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_rates" ADD CONSTRAINT "option_rates_country_season_year_country_pricing_country_season_year_fk" FOREIGN KEY ("country","season_year") REFERENCES "public"."country_pricing"("country","season_year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "policy_sale_rates" ADD CONSTRAINT "policy_sale_rates_policy_id_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."policies"("id") ON DELETE no action ON UPDATE no action;