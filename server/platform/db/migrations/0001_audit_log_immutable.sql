-- The audit log is append-only: nobody, operators included, can edit or delete a line.
CREATE OR REPLACE FUNCTION audit_log_forbid_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_forbid_change();
--> statement-breakpoint
-- Ledger transfers are history: they are never edited or removed either.
CREATE TRIGGER ledger_transfers_no_update BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION audit_log_forbid_change();
