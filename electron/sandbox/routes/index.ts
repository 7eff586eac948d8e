import type { SandboxRoutePlugin } from '../context';
import { oauthRoutes } from './oauth';

/**
 * The registration point: every plugin listed here is registered by `startSandbox`, each in
 * its own encapsulated scope, with the shared `SandboxContext`. Document services (CT-e,
 * CT-e OS, DC-e, NF-e distribution) add their plugins (`dfe-*.ts`) to this list.
 * The control API (`/_sandbox`) is registered by the server itself, not from here.
 */
export const sandboxRoutes: SandboxRoutePlugin[] = [oauthRoutes];
