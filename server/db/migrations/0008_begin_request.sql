-- The first statement of every transaction of a company (server/db/tenancy.ts): it sets the company for row-level
-- security and, for a signed-in request, answers the member behind the access token with the company's row (as JSON,
-- so its columns are listed once, in the schema), in one statement. Like auth_request_context (0005), which it
-- replaces (kept while an older server may still run), it reads across companies before the company is set, so it
-- runs as the owner. A null member sets the company and answers no row.
CREATE FUNCTION auth_begin_request(p_company_id uuid, p_user_id uuid)
  RETURNS TABLE (
    user_id uuid, email text, user_name text, role text, assignable boolean, session_version integer, company jsonb
  )
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    PERFORM set_config('app.company_id', p_company_id::text, true);
    RETURN QUERY
      SELECT u.id, u.email, u.name, u.role, u.assignable, u.session_version, to_jsonb(c)
        FROM users u JOIN companies c ON c.id = u.company_id
       WHERE p_user_id IS NOT NULL AND u.company_id = p_company_id AND u.id = p_user_id AND u.deleted_at IS NULL;
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_begin_request(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_begin_request(uuid, uuid) TO tourdesk_app;
