import type { ApiKey, CreatedApiKey, NewApiKeyBody } from '../../../src/domain/schemas/apiKeys';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { ConflictError, NotFoundError } from '../../errors';
import { recordEvent } from '../events/eventLog';
import { newApiKey } from './apiKeySecret';
import {
  activeKeyNamed,
  findApiKey,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeyRow,
} from './apiKeys.repository';

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  _id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdByName,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Settings' channel API keys (issue 24): made by a Manager, shown once, kept hashed, revoked at once. */
export class ApiKeysService {
  constructor(private readonly tenancy: Tenancy) {}

  list(caller: Caller): Promise<ApiKey[]> {
    return this.tenancy.runAs(caller, async (tx, auth) => (await listApiKeys(tx, auth.companyId)).map(toApiKey));
  }

  create(caller: Caller, { name }: NewApiKeyBody): Promise<CreatedApiKey> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      if (await activeKeyNamed(tx, auth.companyId, name)) {
        throw new ConflictError(`name: an API key named ${name} already exists`, 'NAME_TAKEN');
      }
      const made = newApiKey(auth.companyId);
      const { id, prefix, secretHash } = made;
      await insertApiKey(tx, { companyId: auth.companyId, id, name, prefix, secretHash, createdBy: auth.userId });
      await recordEvent(tx, auth, { kind: 'channel.keyCreated', after: { 'API key': name, Prefix: prefix } });
      const row = await findApiKey(tx, auth.companyId, id);
      if (!row) throw new Error('the new API key was not found');
      return { key: toApiKey(row), secret: made.key };
    });
  }

  revoke(caller: Caller, id: string): Promise<ApiKey> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      if (!(await revokeApiKey(tx, auth.companyId, id))) throw new NotFoundError('No such API key');
      const row = await findApiKey(tx, auth.companyId, id);
      if (!row) throw new NotFoundError('No such API key');
      await recordEvent(tx, auth, { kind: 'channel.keyRevoked', before: { 'API key': row.name, Prefix: row.prefix } });
      return toApiKey(row);
    });
  }
}
