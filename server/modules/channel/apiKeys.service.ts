import type { ApiKey, ApiKeySourcesBody, CreatedApiKey, NewApiKeyBody } from '../../../src/domain/schemas/apiKeys';
import type { Db } from '../../db/client';
import type { Caller } from '../../db/signedIn';
import type { Tenancy } from '../../db/tenancy';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { recordEvents } from '../eventLog/eventLog';
import { newApiKey } from '../../lib/apiKeySecret';
import {
  activeKeyNamed,
  activeSources,
  findApiKey,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  setApiKeySources,
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
  sources: row.sources,
});

/** The named sources' row ids (any case; each once), or 400 naming `sources` for a name that is no active source. */
async function sourceIdsOf(tx: Db, companyId: string, names: string[]): Promise<string[]> {
  const byName = new Map((await activeSources(tx, companyId)).map((s) => [s.label.toLowerCase(), s.id]));
  const ids = names.map((name) => byName.get(name.toLowerCase()));
  if (ids.some((id) => id === undefined)) {
    throw new BadRequestError("sources: not one of this company's sources (Settings › Sources)", 'UNKNOWN_SOURCE');
  }
  return [...new Set(ids as string[])];
}

async function keyOf(tx: Db, companyId: string, id: string): Promise<ApiKeyRow> {
  const row = await findApiKey(tx, companyId, id);
  if (!row) throw new NotFoundError('No such API key');
  return row;
}

/**
 * Settings' channel API keys: made by a Manager for the sources whose bookings the key may read and write, shown
 * once, kept hashed, revoked at once.
 */
export class ApiKeysService {
  constructor(private readonly tenancy: Tenancy) {}

  list(caller: Caller): Promise<ApiKey[]> {
    return this.tenancy.runAs(caller, async (tx, auth) => (await listApiKeys(tx, auth.companyId)).map(toApiKey));
  }

  create(caller: Caller, { name, sources }: NewApiKeyBody): Promise<CreatedApiKey> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      if (await activeKeyNamed(tx, auth.companyId, name)) {
        throw new ConflictError(`name: an API key named ${name} already exists`, 'NAME_TAKEN');
      }
      const sourceIds = await sourceIdsOf(tx, auth.companyId, sources);
      const made = newApiKey(auth.companyId);
      const { id, prefix, secretHash } = made;
      await insertApiKey(tx, {
        companyId: auth.companyId,
        id,
        name,
        prefix,
        secretHash,
        sourceIds,
        createdBy: auth.userId,
      });
      const row = await keyOf(tx, auth.companyId, id);
      const after = { 'API key': name, Prefix: prefix, Sources: row.sources.join(', ') };
      await recordEvents(tx, auth, [{ kind: 'channel.keyCreated', after }]);
      return { key: toApiKey(row), secret: made.key };
    });
  }

  /** A key made before keys had sources is refused until a Manager gives it some; a key's sources never change. */
  pickSources(caller: Caller, id: string, { sources }: ApiKeySourcesBody): Promise<ApiKey> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      const before = await keyOf(tx, auth.companyId, id);
      if (before.revokedAt) throw new NotFoundError('No such API key');
      const sourceIds = await sourceIdsOf(tx, auth.companyId, sources);
      if (!(await setApiKeySources(tx, auth.companyId, id, sourceIds))) {
        throw new ConflictError(
          'sources: this key has its sources; make a new key for other sources',
          'API_KEY_SOURCES_SET',
        );
      }
      const row = await keyOf(tx, auth.companyId, id);
      await recordEvents(tx, auth, [
        {
          kind: 'channel.keySourcesPicked',
          before: { 'API key': row.name, Sources: null },
          after: { 'API key': row.name, Sources: row.sources.join(', ') },
        },
      ]);
      return toApiKey(row);
    });
  }

  revoke(caller: Caller, id: string): Promise<ApiKey> {
    return this.tenancy.runAs(caller, async (tx, auth) => {
      if (!(await revokeApiKey(tx, auth.companyId, id))) throw new NotFoundError('No such API key');
      const row = await keyOf(tx, auth.companyId, id);
      await recordEvents(tx, auth, [
        { kind: 'channel.keyRevoked', before: { 'API key': row.name, Prefix: row.prefix } },
      ]);
      return toApiKey(row);
    });
  }
}
