-- The sign-in functions that auth_begin_request (0010, three arguments) replaced: every server since calls only it.
DROP FUNCTION IF EXISTS auth_request_context(uuid, uuid);--> statement-breakpoint
DROP FUNCTION IF EXISTS auth_begin_request(uuid, uuid);
