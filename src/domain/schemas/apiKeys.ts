import { z } from 'zod';
import { API_KEY_NAME_MAX } from '../apiKeys';

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
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const newApiKeyBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(API_KEY_NAME_MAX),
});
export type NewApiKeyBody = z.infer<typeof newApiKeyBodySchema>;

/** The answer to creating a key: the only time its secret is sent. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
