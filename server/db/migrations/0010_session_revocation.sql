-- auth_begin_request (0008) with the session an access token belongs to (its refresh-token family): once that
-- session is revoked (sign-out, or a refresh token replayed), its access tokens stop working at once instead of at
-- their expiry. A null session (a token from before sessions were named) is not checked. The two-argument function
-- stays while an older server may still run.
CREATE FUNCTION auth_begin_request(p_company_id uuid, p_user_id uuid, p_session_id uuid)
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
       WHERE p_user_id IS NOT NULL AND u.company_id = p_company_id AND u.id = p_user_id AND u.deleted_at IS NULL
         AND (p_session_id IS NULL OR NOT EXISTS (
               SELECT 1 FROM refresh_tokens r
                WHERE r.company_id = p_company_id AND r.family_id = p_session_id AND r.revoked_at IS NOT NULL));
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_begin_request(uuid, uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_begin_request(uuid, uuid, uuid) TO tourdesk_app;
