// Demonstração's plug-in, composed by the hosts (electron/main, electron/web) and handed to the app
// as its `DemoPlugin` (electron/app/demo-plugin.ts, matched by shape: the sandbox imports nothing of
// the app): the sandbox started in-process, the demo certificate and the demo logo.
import { randomBytes } from 'node:crypto';
import path from 'node:path';

import type { PdfEngine } from '../documents/pdf';
import { makePfx } from './certificates/make-pfx';
import type { SandboxLogger } from './context';
import { demoLogoPng } from './demo-logo';

const VAULT_KEY = 'sandbox:key-vault';

/** The host's secret store (safeStorage in Electron, the 0600 file in the browser host). */
export interface EmbeddedSecrets {
  get(name: string): Promise<string | null>;
  set(name: string, value: string): Promise<void>;
}

/** The host's logger; the start's failures reach it with their cause. */
interface Logger extends SandboxLogger {
  warn(message: string, err?: unknown): void;
}

export interface EmbeddedEndpoint {
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The averbadoras' doubles (AT&M, AverbePorto) and the password of their user `carreta-demo`. */
  insurers: { url: string; password: string } | null;
}

/** Seeding work; `signal` aborts when the app closes, so a long seeding does not hold the exit. */
type Seeder = (endpoint: EmbeddedEndpoint, signal: AbortSignal) => Promise<unknown>;

/**
 * The local sandbox of the fiscal API, started in-process for demonstração mode: random port on
 * 127.0.0.1, its data in the user's data folder, credentials made up per launch (tokens of an earlier
 * launch are simply renewed).
 */
export class EmbeddedSandbox {
  private starting: Promise<EmbeddedEndpoint> | null = null;
  private running: { endpoint: EmbeddedEndpoint; close(): Promise<void> } | null = null;
  private readonly seeders: Seeder[] = [];
  private closing = new AbortController();
  /** Starts inside startSandbox: they hold the data folder's database until they see the abort. */
  private opening = 0;

  constructor(
    private readonly userDataDir: string,
    private readonly logger: Logger,
    /** Holds the key that seals the sandbox's certificate keys (safeStorage / the 0600 file). */
    private readonly secrets: EmbeddedSecrets,
    /** The host's HTML → PDF engine (Electron's printToPDF); absent: the sandbox finds a browser. */
    private readonly pdfEngine?: PdfEngine,
  ) {}

  /** Work to do once the sandbox is up (the demo company, its certificate and logo); answers its removal. */
  onStarted(seeder: Seeder): () => void {
    this.seeders.push(seeder);
    return () => {
      const index = this.seeders.indexOf(seeder);
      if (index >= 0) this.seeders.splice(index, 1);
    };
  }

  url(): string | null {
    return this.running?.endpoint.url ?? null;
  }

  /** The averbadoras' doubles, once the sandbox is up. */
  insurers(): EmbeddedEndpoint['insurers'] {
    return this.running?.endpoint.insurers ?? null;
  }

  ensure(): Promise<EmbeddedEndpoint> {
    this.starting ??= this.start(this.closing.signal).catch((error: unknown) => {
      this.starting = null;
      throw error;
    });
    return this.starting;
  }

  private async start(signal: AbortSignal): Promise<EmbeddedEndpoint> {
    // Loaded on demand: a launch outside demonstração never loads the sandbox's modules.
    const { startSandbox } = await import('./server');
    const { createKeyVault } = await import('./key-vault');
    const keyVault = createKeyVault(await this.vaultKey());
    // Closed while the modules loaded (seconds on a busy machine): nothing was opened, nothing to undo.
    if (signal.aborted) throw closedWhileStarting();
    const clientId = 'carreta-local';
    const clientSecret = randomBytes(24).toString('base64url');
    const insurerPassword = randomBytes(18).toString('base64url');
    let sandbox: Awaited<ReturnType<typeof startSandbox>>;
    this.opening += 1;
    try {
      sandbox = await startSandbox({
        port: 0,
        dataDir: path.join(this.userDataDir, 'sandbox'),
        clientId,
        clientSecret,
        logger: this.logger,
        // Private keys of the certificates tried in demonstração never lie in clear in the data folder.
        keyVault,
        insurers: { password: insurerPassword },
        ...(this.pdfEngine ? { pdfEngine: this.pdfEngine } : {}),
      });
    } finally {
      this.opening -= 1;
    }
    if (signal.aborted) {
      await sandbox.close();
      throw closedWhileStarting();
    }
    const endpoint: EmbeddedEndpoint = {
      url: sandbox.url,
      tokenUrl: `${sandbox.url}/oauth/token`,
      clientId,
      clientSecret,
      insurers: sandbox.insurers ? { url: sandbox.insurers.url, password: insurerPassword } : null,
    };
    this.running = { endpoint, close: () => sandbox.close() };
    this.logger.info(`sandbox local em ${sandbox.url}`);
    for (const seeder of this.seeders) {
      if (signal.aborted) break;
      try {
        await seeder(endpoint, signal);
      } catch (error) {
        // Demo data is a convenience: the app works without it. Closing makes the seeding fail.
        if (!signal.aborted) this.logger.warn('dados de demonstração não puderam ser criados', error);
      }
    }
    return endpoint;
  }

  private async vaultKey(): Promise<Buffer> {
    try {
      const stored = await this.secrets.get(VAULT_KEY);
      const key = stored ? Buffer.from(stored, 'base64') : null;
      if (key?.length === 32) return key;
      // A lost key only costs the demo's sealed keys: the demo certificate is uploaded again.
      const fresh = randomBytes(32);
      await this.secrets.set(VAULT_KEY, fresh.toString('base64'));
      return fresh;
    } catch (error) {
      // No secret store (encryption unavailable): a key for this launch only, so the keys sealed
      // now are as good as kept in memory — never in clear on disk.
      this.logger.warn('cofre do sandbox local sem armazenamento seguro; chaves só nesta sessão', error);
      return randomBytes(32);
    }
  }

  /**
   * Stops at once, whatever the start is doing: a start still loading its modules gives up when they
   * arrive (it holds nothing yet, so it is not waited for); one opening the sandbox closes it again
   * and is waited for; a running sandbox is closed now, so a seeding in progress fails its next
   * request instead of holding the exit (the rest of the month is made on the next start).
   */
  async close(): Promise<void> {
    this.closing.abort();
    this.closing = new AbortController();
    const starting = this.starting;
    this.starting = null;
    const running = this.running;
    this.running = null;
    const opening = this.opening > 0;
    await running?.close();
    if (starting && (opening || running)) await starting.catch(() => undefined);
  }
}

const closedWhileStarting = () => new Error('o sandbox local foi fechado enquanto iniciava');

export interface EmbeddedDemoOptions {
  /** The app's data folder: the sandbox keeps its data in `sandbox/` inside it. */
  userDataDir: string;
  logger: Logger;
  secrets: EmbeddedSecrets;
  /** The host's HTML → PDF engine (Electron's printToPDF); absent: the sandbox finds a browser. */
  pdfEngine?: PdfEngine;
}

/** What the hosts hand the app for demonstração (electron/app/demo-plugin.ts, `DemoPlugin`). */
export function createEmbeddedDemo(options: EmbeddedDemoOptions) {
  const sandbox = new EmbeddedSandbox(
    options.userDataDir,
    options.logger,
    options.secrets,
    options.pdfEngine,
  );
  return {
    ensure: () => sandbox.ensure(),
    url: () => sandbox.url(),
    insurers: () => sandbox.insurers(),
    onStarted: (seeder: Seeder) => sandbox.onStarted(seeder),
    close: () => sandbox.close(),
    certificate(request: { cpfCnpj: string; razaoSocial: string; notBefore: Date; notAfter: Date }) {
      const pfx = makePfx(request);
      return { pfx: Buffer.from(pfx.pfxBase64, 'base64'), password: pfx.password };
    },
    logo: demoLogoPng,
  };
}
