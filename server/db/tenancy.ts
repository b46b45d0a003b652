import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from './client';

interface Scope {
  companyId: string;
  tx: Db;
  /** False once the transaction ended: work that outlives it (a stream) must open a scope of its own. */
  open: boolean;
}

/**
 * Runs the app's queries inside one transaction per company, with `app.company_id` set for that transaction so
 * PostgreSQL's row-level security policies (migration 0002) show that company's rows and no other.
 *
 * `db` is the handle services and repositories hold: inside `run` it is the scope's transaction (a nested
 * `db.transaction` becomes a savepoint), outside it is the pool, where on PostgreSQL every tenant table reads empty.
 */
export class Tenancy {
  private readonly scopes = new AsyncLocalStorage<Scope>();
  readonly db: Db;

  constructor(private readonly base: Db) {
    const current = () => {
      const scope = this.scopes.getStore();
      if (!scope) return this.base;
      if (!scope.open) throw new Error('A query ran after its tenant transaction ended; open a scope with run()');
      return scope.tx;
    };
    this.db = new Proxy(base, {
      get(_target, property) {
        const target = current();
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  /** Commits when `fn` resolves, rolls back when it throws. Scopes nest only within the same company. */
  async run<T>(companyId: string, fn: () => Promise<T>): Promise<T> {
    const scope = this.scopes.getStore();
    if (scope?.open) {
      if (scope.companyId !== companyId) throw new Error('A tenant scope cannot open another company’s scope');
      return fn();
    }
    let opened: Scope | undefined;
    try {
      return await this.base.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.company_id', ${companyId}, true)`);
        opened = { companyId, tx, open: true };
        return this.scopes.run(opened, fn);
      });
    } finally {
      if (opened) opened.open = false;
    }
  }
}
