-- What every signed-in request needs before its transaction, in one statement: the member behind a verified access
-- token (re-read on every call) and the settings of that member's company. Like auth_active_member (0002, 0004) it
-- reads across companies before one is set, so it runs as the owner. PL/pgSQL keeps its plan for the session; a SQL
-- function that is SECURITY DEFINER is never inlined and is planned again on every call.
CREATE FUNCTION auth_request_context(p_company_id uuid, p_user_id uuid)
  RETURNS TABLE (
    user_id uuid, email text, user_name text, role text, assignable boolean, session_version integer,
    company_name text, timezone text, before_time integer, after_time integer, hide_bookings boolean,
    unlock_bookings boolean, show_phone_to_managers boolean, show_phone_to_guides boolean, display boolean,
    hide_sources_copy_only boolean, display_sources_modal boolean, detailed_shifts boolean,
    company_created_at timestamptz
  )
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  BEGIN
    RETURN QUERY
      SELECT u.id, u.email, u.name, u.role, u.assignable, u.session_version,
             c.name, c.timezone, c.before_time, c.after_time, c.hide_bookings,
             c.unlock_bookings, c.show_phone_to_managers, c.show_phone_to_guides, c.display,
             c.hide_sources_copy_only, c.display_sources_modal, c.detailed_shifts,
             c.created_at
        FROM users u JOIN companies c ON c.id = u.company_id
       WHERE u.company_id = p_company_id AND u.id = p_user_id AND u.deleted_at IS NULL;
  END
  $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION auth_request_context(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION auth_request_context(uuid, uuid) TO tourdesk_app;
--> statement-breakpoint
-- Replaced by auth_request_context: one cross-company lookup fewer.
DROP FUNCTION auth_active_member(uuid, uuid);
