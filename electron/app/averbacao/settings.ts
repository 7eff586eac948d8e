// Each company's averbadora, per environment: the visible part in the settings store (it goes into
// backups and the renderer reads it), the password in the host's secret store — write-only like the
// API client secret and the SMTP password, and bound to the averbadora, address, user and AT&M code
// it was typed for. In demonstração the averbadora is the local double, with its own password.
import type { InsurerEndpoint } from '../../insurers';
import { AppError } from '../../shared/errors';
import type { Environment } from '../../shared/schemas/app';
import type { InsurerSettings, InsurerSettingsView } from '../../shared/schemas/averbacao';
import { AVERBADORAS } from '../../shared/schemas/averbacao';
import { isLoopbackHostname } from '../../shared/schemas/url-safety';
import type { SecretStore, SettingsStore } from '../host';
import type { InsurerBinding } from '../secret-binding';
import { insurerBindingOf, isInsurerBinding, sameInsurerBinding } from '../secret-binding';

/** The local doubles of demonstração and the password of their user. */
export type DemoInsurers = () => Promise<{ url: string; password: string } | null>;

/** The doubles' user (electron/sandbox/insurers/server.ts) and the AT&M manual's example code. */
const DEMO_USER = 'carreta-demo';
const DEMO_CODATM = '11000000';

interface StoredPassword {
  senha: string;
  boundTo: InsurerBinding;
}

const secretKey = (environment: Environment, company: string) => `averbacao:${environment}:${company}`;
export const effectiveUrl = (s: Pick<InsurerSettings, 'averbadora' | 'url'>): string =>
  s.url || AVERBADORAS[s.averbadora].urlPadrao;
const bindingOf = (s: InsurerSettings) => insurerBindingOf(s, AVERBADORAS[s.averbadora].urlPadrao);

const rebind = () =>
  new AppError(
    'insurer_password_rebind',
    'A averbadora, o endereço, o usuário ou o código AT&M mudou desde que a senha foi informada. Por ' +
      'segurança a senha só é enviada ao servidor e ao login para os quais foi digitada: digite a senha ' +
      'da averbadora de novo em Empresas › Averbação.',
    { fields: ['senha'] },
  );

/** What the queue needs to talk to a company's averbadora, or why it cannot now. */
export type ResolvedInsurer =
  | { settings: InsurerSettings; endpoint: InsurerEndpoint; problema: null }
  | { settings: InsurerSettings; endpoint: null; problema: string };

export class InsurerSettingsService {
  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
    private readonly demo: DemoInsurers,
  ) {}

  get(environment: Environment, company: string): InsurerSettings | null {
    return this.settings.get().averbacao?.[environment]?.[company] ?? null;
  }

  /** Every company with an averbadora in this environment. */
  companies(environment: Environment): string[] {
    return Object.keys(this.settings.get().averbacao?.[environment] ?? {});
  }

  private async stored(environment: Environment, company: string): Promise<StoredPassword | null> {
    const text = await this.secrets.get(secretKey(environment, company));
    if (!text) return null;
    try {
      const value = JSON.parse(text) as Partial<StoredPassword> | null;
      if (value && typeof value.senha === 'string' && isInsurerBinding(value.boundTo))
        return { senha: value.senha, boundTo: value.boundTo };
    } catch {
      // unreadable: as good as none
    }
    return null;
  }

  /** The stored password when it was typed for exactly these settings; `elsewhere` when one exists for others. */
  private async passwordFor(
    environment: Environment,
    company: string,
    s: InsurerSettings,
  ): Promise<{ senha: string | null; elsewhere: boolean }> {
    const stored = await this.stored(environment, company);
    if (stored && sameInsurerBinding(stored.boundTo, bindingOf(s)))
      return { senha: stored.senha, elsewhere: false };
    return { senha: null, elsewhere: Boolean(await this.secrets.get(secretKey(environment, company))) };
  }

  async view(environment: Environment, company: string): Promise<InsurerSettingsView> {
    const settings = this.get(environment, company);
    return {
      environment,
      settings,
      senhaConfigurada: settings
        ? (await this.passwordFor(environment, company, settings)).senha !== null
        : false,
      simulador: environment === 'demonstracao',
    };
  }

  async save(
    environment: Environment,
    input: { company: string; settings: InsurerSettings; senha?: string; limparSenha?: boolean },
  ): Promise<InsurerSettingsView> {
    const all = this.settings.get().averbacao ?? {};
    this.settings.update({
      averbacao: { ...all, [environment]: { ...(all[environment] ?? {}), [input.company]: input.settings } },
    });
    const key = secretKey(environment, input.company);
    if (input.senha) {
      const stored: StoredPassword = { senha: input.senha, boundTo: bindingOf(input.settings) };
      await this.secrets.set(key, JSON.stringify(stored));
    } else if (
      input.limparSenha ||
      (await this.passwordFor(environment, input.company, input.settings)).senha === null
    ) {
      // A password typed for one averbadora, address or login is never sent to another one.
      await this.secrets.delete(key);
    }
    return this.view(environment, input.company);
  }

  async remove(environment: Environment, company: string): Promise<InsurerSettingsView> {
    const all = this.settings.get().averbacao ?? {};
    const rest = { ...(all[environment] ?? {}) };
    delete rest[company];
    this.settings.update({ averbacao: { ...all, [environment]: rest } });
    await this.secrets.delete(secretKey(environment, company));
    return this.view(environment, company);
  }

  /**
   * The endpoint for these settings: demonstração always reaches the local doubles with their own
   * login; elsewhere the password typed now, or the stored one when it belongs to these settings.
   */
  async endpointFor(
    environment: Environment,
    company: string,
    s: InsurerSettings,
    typed?: string,
  ): Promise<InsurerEndpoint> {
    if (environment === 'demonstracao') {
      const demo = await this.demo();
      if (!demo)
        throw new AppError(
          'insurer_demo_down',
          'O simulador da averbadora da demonstração ainda não está no ar. Tente de novo em instantes.',
        );
      return {
        averbadora: s.averbadora,
        baseUrl: demo.url,
        usuario: DEMO_USER,
        senha: demo.password,
        codatm: DEMO_CODATM,
      };
    }
    // AverbePorto has no test environment (03-porto.md §3, Q-PORTO-6): homologação documents go
    // only to a simulator on this computer.
    if (
      environment === 'sandbox' &&
      !AVERBADORAS[s.averbadora].homologacao &&
      !isLoopbackHostname(new URL(effectiveUrl(s)).hostname)
    )
      throw new AppError(
        'insurer_no_homologacao',
        `A ${AVERBADORAS[s.averbadora].nome} não tem ambiente de testes: documentos de homologação não são enviados a ela. Use-a no ambiente de produção.`,
      );
    let senha = typed ?? null;
    if (!senha) {
      const found = await this.passwordFor(environment, company, s);
      if (found.senha === null && found.elsewhere) throw rebind();
      senha = found.senha;
    }
    if (!senha)
      throw new AppError(
        'insurer_no_password',
        'Falta a senha da averbadora: informe-a em Empresas › Averbação.',
        {
          fields: ['senha'],
        },
      );
    return {
      averbadora: s.averbadora,
      baseUrl: effectiveUrl(s),
      usuario: s.usuario,
      senha,
      ...(AVERBADORAS[s.averbadora].codatm ? { codatm: s.codatm } : {}),
    };
  }

  /** The company's averbadora ready for the queue, or the reason it cannot send now. */
  async resolve(environment: Environment, company: string): Promise<ResolvedInsurer | null> {
    const settings = this.get(environment, company);
    if (!settings || !settings.ativo) return null;
    try {
      return { settings, endpoint: await this.endpointFor(environment, company, settings), problema: null };
    } catch (error) {
      return { settings, endpoint: null, problema: error instanceof Error ? error.message : String(error) };
    }
  }
}
