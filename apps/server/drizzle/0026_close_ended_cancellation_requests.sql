-- Issue 19 item 4: a cancellation request still pending on a policy that is no longer provisional
-- (paid in full, or canceled at the payment deadline) could never be decided; close it with the
-- note the lifecycle now writes when that happens.
UPDATE "cancellation_requests" AS r
SET "status" = 'CLOSED',
    "decided_at" = p."status_changed_at",
    "comment" = CASE WHEN p."status" = 'CANCELED'
      THEN 'Closed: the policy was canceled at the payment deadline'
      ELSE 'Closed: the premium was paid in full and the contract issued' END
FROM "policies" AS p
WHERE p."id" = r."policy_id" AND r."status" = 'PENDING' AND p."status" <> 'PAYMENT_PENDING';
