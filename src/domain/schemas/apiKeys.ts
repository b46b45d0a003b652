import { z } from 'zod';
import { API_KEY_NAME_MAX, API_KEY_SOURCES_MAX } from '../apiKeys';

export { API_KEY_NAME_MAX };

/** A channel API key as Settings lists it: never its secret, which is shown once, when it is created. */
export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (e.g. "tdk_3f9a…"). */
  prefix: z.string(),
  createdAt: z.string(),
  /** The member who created it, by name; null once they have left. */
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The sources whose bookings the key reads and writes; none for an older key a Manager must still give them. */
  sources: z.array(z.string()),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

const keySourcesSchema = z
  .array(z.string().trim().min(1).max(120))
  .min(1, 'Pick at least one source')
  .max(API_KEY_SOURCES_MAX)
  .describe('The company’s sources (Settings › Sources) whose bookings the key reads and writes, by name.');

export const newApiKeyBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(API_KEY_NAME_MAX),
  sources: keySourcesSchema,
});
export type NewApiKeyBody = z.infer<typeof newApiKeyBodySchema>;

/** The sources of a key that has none yet (made before keys had sources): once given, they stay. */
export const apiKeySourcesBodySchema = z.strictObject({ sources: keySourcesSchema });
export type ApiKeySourcesBody = z.infer<typeof apiKeySourcesBodySchema>;

/** The answer to creating a key: the only time its secret is sent. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
