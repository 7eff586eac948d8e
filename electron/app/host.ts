import type { Settings, SettingsPatch } from '../shared/schemas/settings';
import type { DemoPlugin } from './demo-plugin';
import type { Logger } from './logger';
import type { StartupNotices } from './stores/notices';

/** Settings persistence: the same `conf` file store in both hosts (stores/settings.ts). */
export interface SettingsStore {
  get(): Settings;
  update(patch: SettingsPatch): Settings;
}

/**
 * Secrets (client secret, tokens): safeStorage-encrypted in Electron, a mode-0600 file in the web
 * host. Values never leave the main side.
 */
export interface SecretStore {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  has(name: string): Promise<boolean>;
}

export interface SaveFileOptions {
  title: string;
  defaultName: string;
  filters: { name: string; extensions: string[] }[];
}

export interface PickFileOptions {
  title: string;
  filters: { name: string; extensions: string[] }[];
  /** Larger files are refused before they are read (the same cap the command's input has). */
  maxBytes: number;
}

export interface HostPrinter {
  name: string;
  displayName: string;
  isDefault: boolean;
}

/**
 * Printing of self-contained printout HTML (no scripts, no network). Electron: a hidden sandboxed
 * window; web host: headless Chromium for PDFs, and the browser itself prints (`canPrint` false).
 */
export interface PrinterAdapter {
  canPrint: boolean;
  listPrinters(): Promise<HostPrinter[]>;
  /** Without `deviceName` the system print dialog opens; returns false when the user cancels. */
  print(html: string, options: { deviceName?: string }): Promise<boolean>;
  toPdf(html: string): Promise<Buffer>;
  close?(): Promise<void>;
}

/** What the host (Electron or web) gives the composition root. */
export interface HostAdapter {
  kind: 'electron' | 'web';
  version: string;
  platform: string;
  /** Folder for the cache, the embedded sandbox's data and logs. */
  userDataDir: string;
  settings: SettingsStore;
  secrets: SecretStore;
  logger: Logger;
  /** What the host found while opening its files (a damaged settings file), shown once. */
  notices?: StartupNotices;
  /**
   * The native open-file dialog (Electron). Absent in the web host, where the renderer uses a file
   * input and sends the bytes through a command.
   */
  pickFile?(options: PickFileOptions): Promise<{ fileName: string; bytes: Buffer } | null>;
  /**
   * A file the browser host received through its streamed upload route (too large for a JSON
   * body), by the id the route answered; each is handed out once. Absent in Electron.
   */
  takeUpload?(id: string): Promise<Buffer | null>;
  /**
   * The native save dialog (Electron): writes `bytes` where the user chooses and returns the path,
   * or null when cancelled. Absent in the web host, where the bytes go back for a browser download.
   */
  saveFile?(options: SaveFileOptions, bytes: Buffer): Promise<string | null>;
  /** Printing and HTML → PDF; absent in hosts that cannot print (tests). */
  printer?: PrinterAdapter;
  /**
   * Demonstração: the local sandbox the host composed (electron/sandbox/embedded.ts). Absent: the
   * demonstração environment refuses with a clear message.
   */
  demo?: DemoPlugin;
}
