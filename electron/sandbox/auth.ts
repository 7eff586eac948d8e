import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from './clock';
import type { Scope } from './scopes';
import { KNOWN_SCOPES } from './scopes';
import type { SandboxStore } from './store';

export interface AuthOptions {
  clientId: string;
  clientSecret: string;
  /** Lifetime of issued tokens (the hosted service has been seen answering 30 days). */
  tokenTtlSeconds: number;
  /** Token requests accepted per client per minute before 429. */
  tokenRequestsPerMinute: number;
  /**
   * Failed credential attempts per minute before 429: at the token endpoint per source and client
   * id, at the control API per source.
   */
  failedAttemptsPerMinute: number;
}

/** Where a credential is checked: the token endpoint or the control API's secret header. */
export type CredentialGate = 'token' | 'control';

export interface IssuedToken {
  access_token: string;
  token_type: 'bearer';
  scope: string;
  expires_in: number;
}

export interface TokenInfo {
  clientId: string;
  scopes: Scope[];
  expiresAt: number;
}

/** Auth helpers on the context: issue and verify tokens, check the control-API secret. */
export interface SandboxAuth {
  readonly clientId: string;
  /** True when id and secret match the configured client (constant-time comparison). */
  checkClient(clientId: string, clientSecret: string): boolean;
  /** Counts a token request; false when the client passed its per-minute allowance. */
  allowTokenRequest(clientId: string): boolean;
  issue(clientId: string, scopes: Scope[]): Promise<IssuedToken>;
  /** Token details, or null when unknown or expired. */
  verify(accessToken: string): Promise<TokenInfo | null>;
  /** Checks the `X-Sandbox-Secret` header value of control requests. */
  checkControlSecret(value: string | undefined): boolean;
  /**
   * Seconds a source must wait before trying credentials again at `gate` (0: go ahead). Failures
   * are throttled like successes, so guessing a secret costs a minute per handful of tries. At the
   * token endpoint they count per client id: failures under another id (or under none) never lock
   * out the configured client, so nothing can lock the app out by failing under a made-up name.
   */
  failureWait(gate: CredentialGate, source: string, clientId?: string): number;
  recordFailure(gate: CredentialGate, source: string, clientId?: string): void;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

export async function createAuth(
  store: SandboxStore,
  clock: Clock,
  options: AuthOptions,
): Promise<SandboxAuth> {
  // Tokens persist with the data directory: the app caches its token for its whole lifetime,
  // and a restarted sandbox (demo mode) must keep honoring it, like the hosted service would.
  await store.migrate(
    'auth',
    `CREATE TABLE IF NOT EXISTS sandbox_tokens (
       token_hash TEXT PRIMARY KEY, client_id TEXT NOT NULL, scopes TEXT NOT NULL, expires_at INTEGER NOT NULL)`,
  );
  const windows = new Map<string, { start: number; count: number }>();
  const failures = new Map<string, { start: number; count: number }>();
  // Ids other than the configured one share one bucket per source: guessed names neither lock the
  // real client out nor grow the map without bound.
  const bucket = (clientId: string | undefined) =>
    clientId === undefined ? '' : safeEqual(clientId, options.clientId) ? `=${options.clientId}` : '*';
  const failureWindow = (gate: CredentialGate, source: string, clientId?: string) => {
    const key = `${gate} ${source} ${bucket(clientId)}`;
    const current = failures.get(key);
    if (current && clock.nowMs() - current.start < 60_000) return { key, current };
    failures.delete(key);
    return { key, current: null };
  };
  return {
    clientId: options.clientId,
    checkClient: (id, secret) => safeEqual(id, options.clientId) && safeEqual(secret, options.clientSecret),
    allowTokenRequest(clientId) {
      const now = clock.nowMs();
      const current = windows.get(clientId);
      if (!current || now - current.start >= 60_000) {
        windows.set(clientId, { start: now, count: 1 });
        return true;
      }
      current.count += 1;
      return current.count <= options.tokenRequestsPerMinute;
    },
    async issue(clientId, scopes) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = clock.nowMs() + options.tokenTtlSeconds * 1000;
      await store.run('DELETE FROM sandbox_tokens WHERE expires_at <= ?', [clock.nowMs()]);
      await store.run(
        'INSERT INTO sandbox_tokens (token_hash, client_id, scopes, expires_at) VALUES (?, ?, ?, ?)',
        [hashToken(token), clientId, scopes.join(' '), expiresAt],
      );
      return {
        access_token: token,
        token_type: 'bearer',
        scope: scopes.join(' '),
        expires_in: options.tokenTtlSeconds,
      };
    },
    async verify(accessToken) {
      const row = await store.get<{ client_id: string; scopes: string; expires_at: number }>(
        'SELECT client_id, scopes, expires_at FROM sandbox_tokens WHERE token_hash = ?',
        [hashToken(accessToken)],
      );
      if (!row || row.expires_at <= clock.nowMs()) return null;
      const scopes = row.scopes
        .split(' ')
        .filter((s): s is Scope => (KNOWN_SCOPES as readonly string[]).includes(s));
      return { clientId: row.client_id, scopes, expiresAt: row.expires_at };
    },
    checkControlSecret: (value) => typeof value === 'string' && safeEqual(value, options.clientSecret),
    failureWait(gate, source, clientId) {
      const { current } = failureWindow(gate, source, clientId);
      if (!current || current.count < options.failedAttemptsPerMinute) return 0;
      return Math.max(1, Math.ceil((current.start + 60_000 - clock.nowMs()) / 1000));
    },
    recordFailure(gate, source, clientId) {
      const { key, current } = failureWindow(gate, source, clientId);
      if (current) current.count += 1;
      else failures.set(key, { start: clock.nowMs(), count: 1 });
    },
  };
}
