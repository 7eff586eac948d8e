// Demonstração is a plug-in: the host (electron/main, electron/web) composes the local sandbox it
// runs on and hands it to the app through these interfaces, so the command layer never loads the
// sandbox (the boundary test forbids app → sandbox). The app drives it only over HTTP.
import { AppError } from '../shared/errors';

/** Where the local sandbox answers, with the credentials made up for this launch. */
export interface EmbeddedEndpoint {
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** The averbadoras' doubles (AT&M, AverbePorto) and the password of their user `carreta-demo`. */
  insurers: { url: string; password: string } | null;
}

/** Seeding work; `signal` aborts when the app closes, so a long seeding does not hold the exit. */
export type DemoSeeder = (endpoint: EmbeddedEndpoint, signal: AbortSignal) => Promise<unknown>;

/** Whom the demonstração certificate names, and when it is valid. */
export interface DemoCertificateRequest {
  cpfCnpj: string;
  razaoSocial: string;
  notBefore: Date;
  notAfter: Date;
}

export interface DemoPlugin {
  /** Starts the local sandbox once (callers share the start) and answers where it listens. */
  ensure(): Promise<EmbeddedEndpoint>;
  /** Its base URL while it runs. */
  url(): string | null;
  /** The averbadoras' doubles, once it is up. */
  insurers(): EmbeddedEndpoint['insurers'];
  /**
   * Work to do once it is up (the demo company, its certificate, logo and month); answers the
   * seeder's removal, for an app that is disposed while the plug-in lives on.
   */
  onStarted(seeder: DemoSeeder): () => void;
  /** Stops it at once; a start or seeding in progress gives up. */
  close(): Promise<void>;
  /** A made-up A1 certificate (PKCS#12) for the demo company; only the local sandbox trusts it. */
  certificate(request: DemoCertificateRequest): { pfx: Buffer; password: string };
  /** The demo company's logo, a PNG. */
  logo(): Buffer;
}

/** A host that composes no demonstração: choosing it answers a clear refusal instead of a crash. */
export function unavailableDemo(): DemoPlugin {
  const refuse = (): never => {
    throw new AppError(
      'demo_unavailable',
      'A demonstração não está disponível nesta instalação. Escolha o sandbox ou a produção em Configurações.',
    );
  };
  return {
    ensure: async () => refuse(),
    url: () => null,
    insurers: () => null,
    onStarted: () => () => undefined,
    close: async () => undefined,
    certificate: refuse,
    logo: refuse,
  };
}
