import path from 'node:path';

/**
 * The per-user folder for application data, following each OS's convention (the same places
 * Electron's `app.getPath('appData')` uses), so the web host's data sits beside the desktop app's.
 */
export function appDataRoot(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === 'win32') return env.APPDATA || path.join(home, 'AppData', 'Roaming');
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support');
  return env.XDG_CONFIG_HOME || path.join(home, '.config');
}

export function defaultWebDataDir(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  return path.join(appDataRoot(platform, env, home), 'carreta-web');
}
