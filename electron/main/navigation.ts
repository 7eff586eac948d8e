import type { HandlerDetails, WebContents, WindowOpenHandlerResponse } from 'electron';

import type { Logger } from '../app/logger';

/**
 * True when `candidate` is on the same scheme, host and port as `origin`. Compared field by field
 * because Node's URL reports the origin of custom schemes (app://) as "null".
 */
export function isSameOrigin(candidate: string, origin: string): boolean {
  let target: URL;
  let allowed: URL;
  try {
    target = new URL(candidate);
    allowed = new URL(origin);
  } catch {
    return false;
  }
  return (
    target.protocol === allowed.protocol &&
    target.hostname === allowed.hostname &&
    target.port === allowed.port &&
    target.username === '' &&
    target.password === ''
  );
}

/**
 * The sites the app links to: the fiscal API's (nuvemfiscal.com.br: the account panel and the
 * documentation) and the SEFAZ portals where a CT-e, NF-e or DC-e is looked up (the national
 * portals under fazenda.gov.br, the state ones under sefaz.<uf>.gov.br or fazenda.<uf>.gov.br, and
 * SVRS, the virtual authorizer at svrs.rs.gov.br). Anything else stays closed.
 */
const EXTERNAL_HOSTS: readonly RegExp[] = [
  /^(?:[a-z0-9-]+\.)*nuvemfiscal\.com\.br$/,
  /^(?:[a-z0-9-]+\.)*fazenda\.gov\.br$/,
  /^(?:[a-z0-9-]+\.)*sefaz\.[a-z]{2}\.gov\.br$/,
  /^(?:[a-z0-9-]+\.)*fazenda\.[a-z]{2}\.gov\.br$/,
  /^(?:[a-z0-9-]+\.)*svrs\.rs\.gov\.br$/,
];

/** mailto: may carry only these fields (some mail clients honour `attach=` and the like). */
const MAILTO_FIELDS = new Set(['subject', 'body', 'cc', 'bcc']);

/**
 * A link the user may open outside the app: https on one of the allowed sites, without
 * credentials in the URL, or a plain mailto:. Returns the normalised URL, or null.
 */
export function safeExternalUrl(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') {
    const address = decodeURIComponent(url.pathname);
    if (!/^[^\s@/\\]+@[a-z0-9.-]+\.[a-z]{2,}$/i.test(address)) return null;
    if ([...url.searchParams.keys()].some((key) => !MAILTO_FIELDS.has(key.toLowerCase()))) return null;
    return url.toString();
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return null;
  if (!EXTERNAL_HOSTS.some((pattern) => pattern.test(url.hostname))) return null;
  return url.toString();
}

export interface NavigationPolicy {
  /** `app://carreta` in production, the Vite dev server origin in development. */
  allowedOrigin: string;
  openExternal: (url: string) => Promise<void>;
  logger: Logger;
}

/** The window-open handler: no new Electron windows ever; allowed links go to the browser or mail client. */
export function createWindowOpenHandler(
  policy: NavigationPolicy,
): (details: Pick<HandlerDetails, 'url'>) => WindowOpenHandlerResponse {
  return ({ url }) => {
    const external = safeExternalUrl(url);
    if (external) {
      policy
        .openExternal(external)
        .catch((error: unknown) => policy.logger.warn('openExternal failed', String(error)));
    } else {
      policy.logger.warn(`blocked window.open to ${describeUrl(url)}`);
    }
    return { action: 'deny' };
  };
}

export interface NavigationEvent {
  url: string;
  preventDefault(): void;
}

/** Handler for `will-navigate` / `will-redirect`: the window never leaves our origin. */
export function createNavigationGuard(policy: NavigationPolicy): (event: NavigationEvent) => void {
  return (event) => {
    const { url } = event;
    if (isSameOrigin(url, policy.allowedOrigin)) return;
    event.preventDefault();
    policy.logger.warn(`blocked navigation to ${describeUrl(url)}`);
  };
}

/** Wires every guard to a WebContents. Called for each one created, not only the main window's. */
export function attachNavigationGuards(contents: WebContents, policy: NavigationPolicy): void {
  const guard = createNavigationGuard(policy);
  contents.on('will-navigate', (event) => guard(event));
  contents.on('will-redirect', (event) => guard(event));
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    policy.logger.warn('blocked a <webview>');
  });
  contents.setWindowOpenHandler(createWindowOpenHandler(policy));
}

/** Only scheme and host reach the log: query strings may carry personal data. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(URL inválida)';
  }
}
