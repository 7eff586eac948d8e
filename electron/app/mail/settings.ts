import { AppError } from '../../shared/errors';
import type { MailSettingsInput, MailSettingsView, SmtpSettings } from '../../shared/schemas/mail';
import type { SecretStore, SettingsStore } from '../host';
import type { SmtpBinding } from '../secret-binding';
import { isSmtpBinding, sameSmtpBinding, smtpBindingOf } from '../secret-binding';

const PASSWORD_KEY = 'smtp:password';

/** Everything needed to open an SMTP connection. Main side only: it carries the password. */
export interface SmtpConfig extends SmtpSettings {
  password: string | null;
}

interface StoredPassword {
  password: string;
  /** The server and login the password was typed for; it goes nowhere else. */
  boundTo: SmtpBinding;
}

const rebind = () =>
  new AppError(
    'mail_password_rebind',
    'O servidor de e-mail (endereço, porta, segurança ou usuário) mudou desde que a senha foi informada, ' +
      'ou ela foi salva por uma versão anterior do Carreta. Por segurança a senha só é enviada ao servidor ' +
      'para o qual foi digitada: digite a senha de novo em Configurações › E-mail (SMTP).',
    { fields: ['password'] },
  );

/**
 * The SMTP settings: the visible part in the settings store (it goes into backups and the renderer
 * reads it), the password in the host's secret store, write-only like the API client secret, and
 * bound to the server it was typed for.
 */
export class MailSettingsService {
  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
  ) {}

  private async stored(): Promise<StoredPassword | null> {
    const text = await this.secrets.get(PASSWORD_KEY);
    if (!text) return null;
    try {
      const value = JSON.parse(text) as Partial<StoredPassword> | null;
      if (value && typeof value.password === 'string' && isSmtpBinding(value.boundTo)) {
        return { password: value.password, boundTo: value.boundTo };
      }
    } catch {
      // A password stored before bindings existed: bound to nothing, so never sent.
    }
    return null;
  }

  /** The stored password when it was typed for exactly these settings. */
  private async passwordFor(
    settings: SmtpSettings,
  ): Promise<{ password: string | null; elsewhere: boolean }> {
    const stored = await this.stored();
    if (stored && sameSmtpBinding(stored.boundTo, smtpBindingOf(settings))) {
      return { password: stored.password, elsewhere: false };
    }
    return { password: null, elsewhere: Boolean(await this.secrets.get(PASSWORD_KEY)) };
  }

  async view(): Promise<MailSettingsView> {
    const settings = this.settings.get().smtp ?? null;
    return {
      settings,
      passwordConfigured: settings ? (await this.passwordFor(settings)).password !== null : false,
    };
  }

  async save(input: MailSettingsInput): Promise<MailSettingsView> {
    this.settings.update({ smtp: input.settings });
    if (input.password) {
      const stored: StoredPassword = { password: input.password, boundTo: smtpBindingOf(input.settings) };
      await this.secrets.set(PASSWORD_KEY, JSON.stringify(stored));
    } else if (input.clearPassword || (await this.passwordFor(input.settings)).password === null) {
      // A password typed for one server, port, security or login is never sent to another one.
      await this.secrets.delete(PASSWORD_KEY);
    }
    return this.view();
  }

  /** The stored settings with the password, or null when the user has not configured e-mail yet. */
  async resolve(): Promise<SmtpConfig | null> {
    const stored = this.settings.get().smtp;
    if (!stored) return null;
    return this.withPassword(stored);
  }

  /** Unsaved form values: the stored password applies only to the same server, security and login. */
  async resolveWith(settings: SmtpSettings, password: string | undefined): Promise<SmtpConfig> {
    if (password) return { ...settings, password };
    return this.withPassword(settings);
  }

  private async withPassword(settings: SmtpSettings): Promise<SmtpConfig> {
    const { password, elsewhere } = await this.passwordFor(settings);
    if (password === null && elsewhere && settings.user) throw rebind();
    return { ...settings, password };
  }
}
