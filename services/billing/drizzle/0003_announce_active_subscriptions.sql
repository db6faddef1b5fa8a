-- Announces every subscription active when this migration runs, once: questions keeps its own
-- copy of who is subscribed from SubscriptionActivated and SubscriptionLapsed, and a member who
-- subscribed before it did (their activation older than what the bus still holds) must be in
-- it too. Written to the outbox like any event; the relay publishes it after start. A lapse
-- committed later carries a later occurredAt, so it wins however the two are delivered.
INSERT INTO "outbox" ("id", "stream", "type", "envelope")
SELECT announced.id, 'billing', 'SubscriptionActivated', jsonb_build_object(
  'id', announced.id,
  'type', 'SubscriptionActivated',
  'version', 1,
  'occurredAt', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'data', jsonb_build_object(
    'userId', announced.user_id,
    'currentPeriodEnd', CASE WHEN announced.current_period_end IS NULL THEN NULL
      ELSE to_char(announced.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END,
    'returning', false
  )
)
FROM (
  SELECT gen_random_uuid() AS id, user_id, current_period_end
  FROM "accounts"
  WHERE "status" = 'active'
) AS announced;
