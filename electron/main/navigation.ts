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

/** A link the user may open in the system browser: a well-formed https URL without credentials. */
export function safeExternalUrl(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.hostname === '')
    return null;
  return url.toString();
}

export interface NavigationPolicy {
  /** `app://carreta` in production, the Vite dev server origin in development. */
  allowedOrigin: string;
  openExternal: (url: string) => Promise<void>;
  logger: Logger;
}

/** The window-open handler: no new Electron windows ever; safe https links go to the browser. */
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
