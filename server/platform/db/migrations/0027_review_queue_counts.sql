-- The operators' queue totals, kept by a trigger in the transaction of each change to a deposit's
-- or withdrawal's status (server/wallet/queueCounts.ts). A change of status moves one from the
-- old status to the new one in a single statement, the two rows in key order, so two
-- transactions changing statuses lock them in the same order.
CREATE TABLE "review_queue_counts" (
	"queue" text NOT NULL,
	"status" text NOT NULL,
	"coin" text NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "review_queue_counts_queue_status_coin_pk" PRIMARY KEY("queue","status","coin")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION review_queue_count() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO review_queue_counts AS c (queue, status, coin, n) VALUES (TG_TABLE_NAME, NEW.status, NEW.coin, 1)
      ON CONFLICT (queue, status, coin) DO UPDATE SET n = c.n + 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE review_queue_counts SET n = n - 1 WHERE queue = TG_TABLE_NAME AND status = OLD.status AND coin = OLD.coin;
  ELSIF OLD.status IS DISTINCT FROM NEW.status OR OLD.coin IS DISTINCT FROM NEW.coin THEN
    INSERT INTO review_queue_counts AS c (queue, status, coin, n)
      SELECT TG_TABLE_NAME, v.status, v.coin, v.n
      FROM (VALUES (OLD.status, OLD.coin, -1), (NEW.status, NEW.coin, 1)) AS v (status, coin, n)
      ORDER BY v.status, v.coin
      ON CONFLICT (queue, status, coin) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER deposits_queue_count AFTER INSERT OR DELETE OR UPDATE OF status, coin ON deposits
  FOR EACH ROW EXECUTE FUNCTION review_queue_count();
--> statement-breakpoint
CREATE TRIGGER withdrawals_queue_count AFTER INSERT OR DELETE OR UPDATE OF status, coin ON withdrawals
  FOR EACH ROW EXECUTE FUNCTION review_queue_count();
--> statement-breakpoint
-- a truncation fires no row trigger and would leave the totals behind: refused
CREATE OR REPLACE FUNCTION review_queue_forbid_truncate() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is counted by review_queue_counts: delete rows instead of truncating', TG_TABLE_NAME;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER deposits_no_truncate BEFORE TRUNCATE ON deposits FOR EACH STATEMENT EXECUTE FUNCTION review_queue_forbid_truncate();
--> statement-breakpoint
CREATE TRIGGER withdrawals_no_truncate BEFORE TRUNCATE ON withdrawals FOR EACH STATEMENT EXECUTE FUNCTION review_queue_forbid_truncate();
--> statement-breakpoint
-- the rows there are already
INSERT INTO review_queue_counts (queue, status, coin, n)
  SELECT 'deposits', status, coin, count(*) FROM deposits GROUP BY status, coin
  UNION ALL SELECT 'withdrawals', status, coin, count(*) FROM withdrawals GROUP BY status, coin;
