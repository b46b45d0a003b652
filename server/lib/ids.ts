/** A uuid as the app writes them (uuidv7, or PostgreSQL's text form); ids from outside are checked against it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
