import { describe, expect, it, vi } from 'vitest';

import { silentLogger } from '../../electron/app/logger';
import {
  createNavigationGuard,
  createWindowOpenHandler,
  isSameOrigin,
  safeExternalUrl,
} from '../../electron/main/navigation';
import { APP_ORIGIN } from '../../electron/main/protocol';

function policy(allowedOrigin = APP_ORIGIN) {
  const openExternal = vi.fn(async (_url: string) => {});
  return { allowedOrigin, openExternal, logger: silentLogger };
}

function navigate(guard: ReturnType<typeof createNavigationGuard>, url: string): boolean {
  const event = { url, preventDefault: vi.fn() };
  guard(event);
  return event.preventDefault.mock.calls.length === 0;
}

describe('isSameOrigin', () => {
  it('compares scheme, host and port, also for the custom app:// scheme', () => {
    expect(isSameOrigin('app://carreta/index.html#/cte', APP_ORIGIN)).toBe(true);
    expect(isSameOrigin('app://carreta.evil/index.html', APP_ORIGIN)).toBe(false);
    expect(isSameOrigin('app://other/', APP_ORIGIN)).toBe(false);
    expect(isSameOrigin('http://localhost:5173/x', 'http://localhost:5173')).toBe(true);
    expect(isSameOrigin('http://localhost:5174/x', 'http://localhost:5173')).toBe(false);
    expect(isSameOrigin('https://localhost:5173/x', 'http://localhost:5173')).toBe(false);
    expect(isSameOrigin('not a url', APP_ORIGIN)).toBe(false);
  });
});

describe('navigation guard', () => {
  it('keeps the window on app://carreta/', () => {
    const guard = createNavigationGuard(policy());
    expect(navigate(guard, 'app://carreta/index.html')).toBe(true);
    expect(navigate(guard, 'app://carreta/cte/novo?x=1')).toBe(true);
  });

  it.each([
    'https://example.com/',
    'http://example.com/',
    'file:///C:/Windows/System32/calc.exe',
    'file:///etc/passwd',
    'app://evil/index.html',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'about:blank',
    'http://localhost:5173/',
  ])('blocks %s', (url) => {
    expect(navigate(createNavigationGuard(policy()), url)).toBe(false);
  });

  it('allows the dev server origin only when it is the configured one', () => {
    const guard = createNavigationGuard(policy('http://localhost:5173'));
    expect(navigate(guard, 'http://localhost:5173/#/inbox')).toBe(true);
    expect(navigate(guard, 'app://carreta/index.html')).toBe(false);
    expect(navigate(guard, 'http://127.0.0.1:5173/')).toBe(false);
  });
});

describe('window open handler', () => {
  it('opens a plain https link in the system browser and still denies the window', () => {
    const p = policy();
    const result = createWindowOpenHandler(p)({ url: 'https://www.nuvemfiscal.com.br/docs?a=1' });
    expect(result).toEqual({ action: 'deny' });
    expect(p.openExternal).toHaveBeenCalledWith('https://www.nuvemfiscal.com.br/docs?a=1');
  });

  it.each([
    'http://example.com/',
    'file:///C:/Windows/System32/calc.exe',
    'javascript:alert(1)',
    'https://user:senha@example.com/',
    'https://user@example.com/',
    'ms-msdt:/id PCWDiagnostic',
    'smb://server/share',
    'app://carreta/index.html',
    'HTTPS//missing-colon',
    '',
  ])('denies %s without opening anything', (url) => {
    const p = policy();
    expect(createWindowOpenHandler(p)({ url })).toEqual({ action: 'deny' });
    expect(p.openExternal).not.toHaveBeenCalled();
  });

  it('survives a failing openExternal', async () => {
    const p = policy();
    p.openExternal.mockRejectedValueOnce(new Error('no browser'));
    expect(createWindowOpenHandler(p)({ url: 'https://www.nuvemfiscal.com.br/' })).toEqual({
      action: 'deny',
    });
    expect(p.openExternal).toHaveBeenCalledTimes(1);
    await Promise.resolve();
  });

  it('safeExternalUrl normalises and keeps only https', () => {
    expect(safeExternalUrl('HTTPS://www.Nuvemfiscal.com.br/a b')).toBe(
      'https://www.nuvemfiscal.com.br/a%20b',
    );
    expect(safeExternalUrl('https:')).toBeNull();
  });

  it.each([
    'https://www.nuvemfiscal.com.br/',
    'https://dev.nuvemfiscal.com.br/docs/api',
    'https://www.cte.fazenda.gov.br/portal/consultaRecaptcha.aspx',
    'https://www.nfe.fazenda.gov.br/portal/principal.aspx',
    'https://dfe-portal.svrs.rs.gov.br/cte/qrCode?chCTe=1',
    'https://nfe.sefaz.ba.gov.br/servicos',
    'https://nfe.fazenda.sp.gov.br/',
    'mailto:fiscal@transportadora.com.br',
    'mailto:fiscal@transportadora.com.br?subject=CT-e&body=Segue',
  ])('the allow-list opens %s', (url) => {
    expect(safeExternalUrl(url)).not.toBeNull();
  });

  it.each([
    'https://example.com/',
    'https://nuvemfiscal.com.br.evil.example/',
    'https://evilnuvemfiscal.com.br/',
    'https://fazenda.gov.br.example.com/',
    'https://www.nuvemfiscal.com.br:8443/',
    'http://www.cte.fazenda.gov.br/portal',
    'mailto:fiscal@transportadora.com.br?attach=C:/Users/x/secrets.json',
    'mailto:',
  ])('the allow-list refuses %s', (url) => {
    expect(safeExternalUrl(url)).toBeNull();
  });
});
