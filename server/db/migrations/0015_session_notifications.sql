-- Every server process keeps the answers to signed-in session checks for a while
-- (createSessionAnswers, ADR 034). A session that ends, and a person whose name, address,
-- role or standing changes, is announced on this channel, so every process forgets the
-- answers it kept for them at once, whichever process (or operator) made the change.
CREATE FUNCTION "densara_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'sessions' THEN
		PERFORM pg_notify('densara_sessions', 'session:' || OLD.id_hash);
		RETURN OLD;
	END IF;
	PERFORM pg_notify('densara_sessions', 'user:' || NEW.id::text);
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "densara_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_shown_changed" AFTER UPDATE ON "users"
	FOR EACH ROW
	WHEN (
		OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email OR
		OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status OR
		OLD.disabled_at IS DISTINCT FROM NEW.disabled_at
	)
	EXECUTE FUNCTION "densara_session_changed"();
