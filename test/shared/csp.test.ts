// The renderer's Content-Security-Policy, parsed and asserted directive by directive with literal
// values: adding 'unsafe-eval' or 'unsafe-inline' to script-src, loosening object-src or
// frame-ancestors, or dropping a directive turns this red. Both hosts serve this very string (their
// own tests compare the header with it).
import { describe, expect, it } from 'vitest';

import { rendererCsp } from '../../electron/shared/csp';

function parse(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name), `${name} appears twice`).toBe(false);
    directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

describe('renderer CSP', () => {
  const csp = parse(rendererCsp);

  it('has exactly these directives, with exactly these sources', () => {
    expect(Object.fromEntries(csp)).toStrictEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-src': ["'self'", 'blob:'],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      'form-action': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
  });

  it('scripts: own origin only — no eval, no inline, no wildcard, no data:', () => {
    const script = csp.get('script-src') ?? csp.get('default-src') ?? [];
    for (const forbidden of ["'unsafe-eval'", "'unsafe-inline'", "'wasm-unsafe-eval'", '*', 'data:', 'blob:'])
      expect(script).not.toContain(forbidden);
    expect(script).toEqual(["'self'"]);
  });

  it('no plugins, no framing by others, no base or form redirection', () => {
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
  });

  it('nothing anywhere allows eval or any host', () => {
    for (const [name, sources] of csp) {
      expect(sources, name).not.toContain("'unsafe-eval'");
      expect(
        sources.filter((source) => /^(https?:|\*|ws:|wss:)/.test(source)),
        name,
      ).toEqual([]);
    }
  });
});
