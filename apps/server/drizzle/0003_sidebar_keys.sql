-- The first seed named three sidebar entries differently from the domain's SIDEBAR_KEY
-- (provisionalPolicies, actualPolicies, archivedPolicies). The seed only inserts a missing page
-- row, so databases seeded before the fix keep the old keys: rename them here. Only the keys
-- change; titles and icons an administrator may have edited stay. jsonb prints every member as
-- "name": "value", so the text replacement matches exactly those members.
UPDATE "content"
SET "value" = replace(replace(replace("value"::text,
      '"key": "provisionalPolicies"', '"key": "provisional"'),
      '"key": "actualPolicies"', '"key": "actual"'),
      '"key": "archivedPolicies"', '"key": "archived"')::jsonb,
    "updated_at" = now()
WHERE "key" = 'page'
  AND "value"::text ~ '"key": "(provisional|actual|archived)Policies"';
