/**
 * Every scope name of the service the sandbox grants. The first eight are the names in the API
 * description (`components.securitySchemes.oauth2`); `nfce` and `nfcom` are the names clients of
 * the hosted service ask for, for the services of those names (../shared/reference/nuvemfiscal/
 * README.md, "Scope names clients request"); `debug` is the name the hosted service's
 * documentation gives for the `/debug` endpoints (dev.nuvemfiscal.com.br/docs/debug); `dce` and
 * `distribuicao-nfe` are the sandbox's own choice, since the hosted service has not published
 * names for those services (the app keeps its scope list as a setting). A token may carry scopes
 * of services the sandbox does not implement (`nfe` issuing, `nfce`, `nfcom`, `nfse`, `mdfe`):
 * clients ask for one wide set, and a request that fails whole leaves them with no token.
 */
export const KNOWN_SCOPES = [
  'conta',
  'empresa',
  'cep',
  'cnpj',
  'cte',
  'nfe',
  'nfse',
  'mdfe',
  'nfce',
  'nfcom',
  'debug',
  'dce',
  'distribuicao-nfe',
] as const;
export type Scope = (typeof KNOWN_SCOPES)[number];

/** `null`: any valid token is enough (no path uses it today; kept for routes that need no scope). */
export type ScopeRequirement = Scope | null;

/**
 * Which scope a path needs, by its first segments. Decisions where the description is silent:
 * - `/distribuicao/nfe…` → `distribuicao-nfe` (a separate service of the hosted API);
 * - `/emails…` → `nfe` (the e-mail endpoints only track NF-e/NFC-e mail);
 * - `/debug…` → `debug`, as the hosted service documents it.
 * Returns `undefined` for paths outside the API (answered 404 after authentication).
 */
export function scopeForPath(pathname: string): ScopeRequirement | undefined {
  const rules: [RegExp, ScopeRequirement][] = [
    [/^\/cep(\/|$)/, 'cep'],
    [/^\/cnpj(\/|$)/, 'cnpj'],
    [/^\/conta(\/|$)/, 'conta'],
    [/^\/empresas(\/|$)/, 'empresa'],
    [/^\/cteos(\/|$)/, 'cte'],
    [/^\/cte(\/|$)/, 'cte'],
    [/^\/dce(\/|$)/, 'dce'],
    [/^\/distribuicao\/nfe(\/|$)/, 'distribuicao-nfe'],
    [/^\/emails(\/|$)/, 'nfe'],
    [/^\/nfe(\/|$)/, 'nfe'],
    [/^\/nfse(\/|$)/, 'nfse'],
    [/^\/mdfe(\/|$)/, 'mdfe'],
    [/^\/debug(\/|$)/, 'debug'],
  ];
  for (const [pattern, scope] of rules) if (pattern.test(pathname)) return scope;
  return undefined;
}
