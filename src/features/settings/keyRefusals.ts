import { errorMessage } from '../../services/errors';

/** The server names the field it refuses ("name: …", "sources: …"): the rest, as said under that field. */
export function fieldRefusal(error: unknown, field: 'name' | 'sources'): string | null {
  const message = errorMessage(error);
  if (!message.startsWith(`${field}: `)) return null;
  const reason = message.slice(field.length + 2);
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}
