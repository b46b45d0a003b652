ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The member behind an access token now answers the session version too (0002 defined the function).
DROP FUNCTION auth_active_member(uuid, uuid);
--> statement-breakpoint
CREATE FUNCTION auth_active_member(p_company_id uuid, p_user_id uuid)
  RETURNS TABLE (company_id uuid, user_id uuid, email text, name text, role text, assignable boolean, session_version integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
    SELECT u.company_id, u.id, u.email, u.name, u.role, u.assignable, u.session_version FROM users u
    WHERE u.company_id = p_company_id AND u.id = p_user_id AND u.deleted_at IS NULL
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_active_member(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_active_member(uuid, uuid) TO tourdesk_app;
