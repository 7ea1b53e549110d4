CREATE INDEX "policies_portfolio_idx" ON "policies" USING btree ("country","option_id","status","season_year","coverage_cents","premium_cents","discounted_premium_cents","paid_cents");--> statement-breakpoint
-- Written by hand (drizzle-kit does not model statistics): the portfolio groups by these and the
-- coverage's cents; without this the planner guesses 250,000 groups and gives up the parallel plan.
CREATE STATISTICS IF NOT EXISTS "policies_portfolio_groups" (ndistinct) ON "country", "option_id", "status", "season_year", ("coverage_cents" % 100) FROM "policies";
