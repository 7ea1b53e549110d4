-- Policies sold before rates were stored per season were all priced with the spec's edition
-- (part 1 section 9: the rates below, both charges zero, in XCD), which was then a constant in the
-- code. Record those as the rates they were sold at, so every policy has its row.
INSERT INTO "policy_sale_rates" ("policy_id", "pricing_season_year", "rol_pct", "platform_charge_pct", "insurance_provider_charge_pct", "currency_code")
SELECT p."id", p."season_year", r."rol_pct", 0, 0, 'XCD'
FROM "policies" p
JOIN (VALUES
  ('gd', 'T', 10.42), ('gd', '1', 9.46), ('gd', '2', 8.41), ('gd', '3', 7.84), ('gd', '4', 7.49), ('gd', '5', 5.51),
  ('dm', 'T', 12.62), ('dm', '1', 11.72), ('dm', '2', 10.61), ('dm', '3', 9.88), ('dm', '4', 8.98), ('dm', '5', 5.56)
) AS r("country", "option_id", "rol_pct") ON r."country" = p."country" AND r."option_id" = p."option_id"
ON CONFLICT ("policy_id") DO NOTHING;
