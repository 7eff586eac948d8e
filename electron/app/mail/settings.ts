import type { MailSettingsInput, MailSettingsView, SmtpSettings } from '../../shared/schemas/mail';
import type { SecretStore, SettingsStore } from '../host';

const PASSWORD_KEY = 'smtp:password';

/** Everything needed to open an SMTP connection. Main side only: it carries the password. */
export interface SmtpConfig extends SmtpSettings {
  password: string | null;
}

/**
 * The SMTP settings: the visible part in the settings store (it goes into backups and the renderer
 * reads it), the password in the host's secret store, write-only like the API client secret.
 */
export class MailSettingsService {
  constructor(
    private readonly settings: SettingsStore,
    private readonly secrets: SecretStore,
  ) {}

  async view(): Promise<MailSettingsView> {
    return {
      settings: this.settings.get().smtp ?? null,
      passwordConfigured: Boolean(await this.secrets.get(PASSWORD_KEY)),
    };
  }

  async save(input: MailSettingsInput): Promise<MailSettingsView> {
    const previous = this.settings.get().smtp;
    this.settings.update({ smtp: input.settings });
    if (input.password) {
      await this.secrets.set(PASSWORD_KEY, input.password);
    } else if (input.clearPassword || (previous && !sameAccount(previous, input.settings))) {
      // A password typed for one server or login is never sent to another one.
      await this.secrets.delete(PASSWORD_KEY);
    }
    return this.view();
  }

  /** The stored settings with the password, or null when the user has not configured e-mail yet. */
  async resolve(): Promise<SmtpConfig | null> {
    const stored = this.settings.get().smtp;
    if (!stored) return null;
    return { ...stored, password: await this.secrets.get(PASSWORD_KEY) };
  }

  /** Unsaved form values: the stored password applies only to the same server and login. */
  async resolveWith(settings: SmtpSettings, password: string | undefined): Promise<SmtpConfig> {
    if (password) return { ...settings, password };
    const stored = this.settings.get().smtp;
    const keep = stored && sameAccount(stored, settings);
    return { ...settings, password: keep ? await this.secrets.get(PASSWORD_KEY) : null };
  }
}

function sameAccount(a: SmtpSettings, b: SmtpSettings): boolean {
  return a.host.toLowerCase() === b.host.toLowerCase() && a.user === b.user;
}
