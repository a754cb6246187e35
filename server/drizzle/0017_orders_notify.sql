-- Every write of the orders table tells the instances whose owners' orders changed, on the
-- writer's own transaction (NOTIFY is delivered at commit, never for a rollback): the per-instance
-- cache of order/list (server/src/lib/user-answer-cache.ts) forgets that user, whatever wrote the
-- row (a call, a job, the admin command line, plain SQL). The channel is the one of
-- server/src/lib/user-changes.ts; one NOTIFY per user and statement (NOTIFY drops duplicates
-- within a transaction).
CREATE FUNCTION "orders_notify_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ac_user_changed', u::text) FROM (SELECT DISTINCT user_id AS u FROM new_rows WHERE user_id IS NOT NULL) s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_notify_old"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ac_user_changed', u::text) FROM (SELECT DISTINCT user_id AS u FROM old_rows WHERE user_id IS NOT NULL) s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "orders_notify_both"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ac_user_changed', u::text) FROM (
    SELECT user_id AS u FROM new_rows WHERE user_id IS NOT NULL
    UNION
    SELECT user_id FROM old_rows WHERE user_id IS NOT NULL
  ) s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_notify_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_notify_new"();--> statement-breakpoint
CREATE TRIGGER "orders_notify_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_notify_both"();--> statement-breakpoint
CREATE TRIGGER "orders_notify_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "orders_notify_old"();
