// Every web contents the app ends up with — the main window, the hidden print window, and anything
// Chromium makes later (a popup, a <webview>, devtools) — gets the same locks where Electron
// announces it (app 'web-contents-created', 'session-created'), so a window made elsewhere cannot
// be the one left open: navigation and redirects stay on our origin, no new window, no webview, no
// web permission.
import type { App, Session, WebContents } from 'electron';

import type { NavigationPolicy } from './navigation';
import { attachNavigationGuards } from './navigation';

type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler'> &
  Partial<Pick<Session, 'setDevicePermissionHandler'>>;

/** No web permission (camera, notifications, geolocation, USB/serial/HID devices…) for any page. */
export function hardenSession(session: PermissionSession): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler?.(() => false);
}

/** The locks of one web contents: its navigation, windows, webviews and its session's permissions. */
export function hardenWebContents(contents: WebContents, policy: NavigationPolicy): void {
  attachNavigationGuards(contents, policy);
  hardenSession(contents.session);
}

/** Hardens each web contents and session as Electron creates it. Call before the first window. */
export function hardenEveryWebContents(app: Pick<App, 'on'>, policy: NavigationPolicy): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, policy));
  app.on('session-created', (session) => hardenSession(session));
}
