-- Row-level security: a second wall behind the company filter of every query. The app's PostgreSQL connections
-- run as tourdesk_app (neither superuser nor BYPASSRLS) and see only the rows of the company set for the current
-- transaction with set_config('app.company_id', ..., true). Unset, a policy matches no row.
DO $$
BEGIN
  CREATE ROLE tourdesk_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
EXCEPTION
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO tourdesk_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO tourdesk_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO tourdesk_app;
--> statement-breakpoint
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON companies USING (id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE tours ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tours FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tours USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE sources ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE sources FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON sources USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE users FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON users USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE refresh_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON refresh_tokens USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE bookings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE bookings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON bookings USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE shifts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE shifts FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON shifts USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE shift_guides ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE shift_guides FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON shift_guides USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE notes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE notes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON notes USING (company_id = nullif(current_setting('app.company_id', true), '')::uuid) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::uuid);
--> statement-breakpoint
-- The only reads across companies, before a company is known: sign-in by email, the refresh cookie, and the
-- member behind a verified access token (whose company comes from the signed token). They run as the owner.
CREATE FUNCTION auth_find_member_by_email(p_email text) RETURNS TABLE (company_id uuid, user_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT u.company_id, u.id FROM users u WHERE u.email = p_email AND u.deleted_at IS NULL $$;
--> statement-breakpoint
CREATE FUNCTION auth_find_refresh_token(p_token_hash text) RETURNS TABLE (company_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT t.company_id FROM refresh_tokens t WHERE t.token_hash = p_token_hash $$;
--> statement-breakpoint
CREATE FUNCTION auth_active_member(p_company_id uuid, p_user_id uuid)
  RETURNS TABLE (company_id uuid, user_id uuid, email text, name text, role text, assignable boolean)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT u.company_id, u.id, u.email, u.name, u.role, u.assignable FROM users u
    WHERE u.company_id = p_company_id AND u.id = p_user_id AND u.deleted_at IS NULL
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_find_member_by_email(text), auth_find_refresh_token(text), auth_active_member(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_find_member_by_email(text), auth_find_refresh_token(text), auth_active_member(uuid, uuid) TO tourdesk_app;
