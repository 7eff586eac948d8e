// Settings from a backup are proposals. Every setting the backup would change on this computer is
// listed, one by one, for the user to tick (none ticked by default); whatever is not ticked stays
// as it is here. Secrets never come from a backup at all (they are not in it, and a secret stays
// bound to the server it was typed for — secret-binding.ts).
import type { SettingChange, SettingChangeKey } from '../../shared/schemas/documents';
import { smtpSecurityLabels } from '../../shared/schemas/mail';
import type { SmtpSettings } from '../../shared/schemas/mail';
import type { ApiHosts, Settings } from '../../shared/schemas/settings';

type Smtp = SmtpSettings;

/** JSON with sorted keys: two settings read in another key order still compare equal. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const MAX_TEXT = 400;
const clip = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text);

const environmentNames: Record<Settings['environment'], string> = {
  demonstracao: 'Demonstração',
  sandbox: 'Sandbox (homologação)',
  producao: 'Produção — documentos com valor fiscal',
};
const hostsText = (hosts: ApiHosts) => `${hosts.api} (token: ${hosts.auth})`;
const list = (values: readonly string[]) => (values.length ? values.join(', ') : '(nenhum)');
const serverText = (smtp: Smtp) =>
  `${smtp.user ? `${smtp.user} em ` : ''}${smtp.host}:${smtp.port} (${smtpSecurityLabels[smtp.security]})`;
const messageText = (smtp: Smtp) => clip(`Assunto: ${smtp.subjectTemplate}\n${smtp.bodyTemplate}`);
/** The whole SMTP block, when one side has none: every part named, the copies above all. */
const smtpWhole = (smtp: Smtp) =>
  clip(
    `${serverText(smtp)}; remetente ${smtp.fromName} <${smtp.fromAddress}>; responder para ` +
      `${smtp.replyTo || '(ninguém)'}; Cc ${list(smtp.cc)}; Cco (cópia oculta) ${list(smtp.bcc)}; ` +
      `assunto “${smtp.subjectTemplate}”`,
  );

const averbacaoText = (v: NonNullable<Settings['averbacao']>) =>
  Object.entries(v)
    .flatMap(([env, companies]) =>
      Object.entries(companies ?? {}).map(
        ([cnpj, c]) =>
          `${environmentNames[env as Settings['environment']] ?? env}, ${cnpj}: ${c.averbadora} em ` +
          `${c.url || '(endereço da averbadora)'}, usuário ${c.usuario}, apólice ${c.apolice}` +
          (c.ativo ? '' : ' (desligada)'),
      ),
    )
    .join('; ') || '(nenhuma)';

interface Part {
  key: SettingChangeKey;
  label: string;
  /** The comparable value, and how it reads (null: not configured). */
  of: (settings: Settings) => unknown;
  text: (settings: Settings) => string | null;
  /** `next` with this part taken from `backup`. */
  take: (next: Settings, backup: Settings) => Settings;
}

const field = <K extends keyof Settings>(
  key: SettingChangeKey & K,
  label: string,
  text: (value: NonNullable<Settings[K]>) => string,
): Part => ({
  key,
  label,
  of: (s) => s[key] ?? null,
  text: (s) =>
    s[key] === undefined || s[key] === null ? null : clip(text(s[key] as NonNullable<Settings[K]>)),
  take: (next, backup) => ({ ...next, [key]: backup[key] }),
});

const hostsPart = (env: 'sandbox' | 'producao', label: string): Part => ({
  key: `hosts.${env}`,
  label,
  of: (s) => s.hosts[env],
  text: (s) => hostsText(s.hosts[env]),
  take: (next, backup) => ({ ...next, hosts: { ...next.hosts, [env]: backup.hosts[env] } }),
});

/** One group of SMTP fields, compared and taken only when both sides have an SMTP server. */
const smtpPart = (
  key: SettingChangeKey,
  label: string,
  fields: ReadonlyArray<keyof Smtp>,
  text: (smtp: Smtp) => string,
): Part => ({
  key,
  label,
  of: (s) => (s.smtp ? fields.map((f) => s.smtp![f]) : null),
  text: (s) => (s.smtp ? text(s.smtp) : null),
  take: (next, backup) => {
    if (!next.smtp || !backup.smtp) return next;
    const smtp: Smtp = { ...next.smtp };
    for (const f of fields) (smtp as Record<string, unknown>)[f] = backup.smtp[f];
    return { ...next, smtp };
  },
});

const PARTS: readonly Part[] = [
  field('environment', 'Ambiente de emissão', (v) => environmentNames[v]),
  hostsPart('sandbox', 'Endereços da API do sandbox (homologação)'),
  hostsPart('producao', 'Endereços da API de produção'),
  field('scopes', 'Permissões pedidas à API (escopos)', (v) => v),
  field('selectedCompany', 'Empresa selecionada', (v) => v),
  field('printer', 'Impressora', (v) => v),
  field('series', 'Séries deste computador', (v) => stable(v)),
  field('companyDefaults', 'Padrões das empresas (RNTRC, CFOP, ICMS, série, observações)', (v) => stable(v)),
  field('cteosRodo', 'TAF e registro estadual do CT-e OS', (v) => stable(v)),
  // Where each company's averbações go (issue 25): an address changed by a backup would send the
  // documents' XML elsewhere, so it is a proposal like the API hosts. The password never follows.
  field('averbacao', 'Averbação do seguro (averbadora, endereço, usuário, apólice)', averbacaoText),
];

const SMTP_GROUPS: readonly Part[] = [
  smtpPart('smtp', 'Servidor de e-mail (SMTP)', ['host', 'port', 'security', 'user'], serverText),
  smtpPart(
    'smtp.from',
    'Remetente dos e-mails',
    ['fromName', 'fromAddress'],
    (m) => `${m.fromName} <${m.fromAddress}>`,
  ),
  smtpPart('smtp.replyTo', 'Responder para (Reply-To)', ['replyTo'], (m) => m.replyTo || '(ninguém)'),
  smtpPart('smtp.cc', 'Cópia (Cc) de todo e-mail', ['cc'], (m) => list(m.cc)),
  smtpPart('smtp.bcc', 'Cópia oculta (Cco/Bcc) de todo e-mail', ['bcc'], (m) => list(m.bcc)),
  smtpPart('smtp.message', 'Assunto e texto dos e-mails', ['subjectTemplate', 'bodyTemplate'], messageText),
];

/** With SMTP on one side only, the whole block is one proposal (its text names every part). */
const SMTP_WHOLE: Part = {
  key: 'smtp',
  label: 'E-mail (SMTP): servidor, remetente, cópias e mensagem',
  of: (s) => s.smtp ?? null,
  text: (s) => (s.smtp ? smtpWhole(s.smtp) : null),
  take: (next, backup) => ({ ...next, smtp: backup.smtp }),
};

function partsFor(current: Settings, backup: Settings): readonly Part[] {
  const smtp = current.smtp && backup.smtp ? SMTP_GROUPS : [SMTP_WHOLE];
  return [...PARTS, ...smtp];
}

/** Every setting that differs between this machine and the backup, for the confirmation step. */
export function settingChanges(current: Settings, backup: Settings): SettingChange[] {
  return partsFor(current, backup)
    .filter((part) => stable(part.of(current)) !== stable(part.of(backup)))
    .map((part) => ({
      key: part.key,
      label: part.label,
      current: part.text(current),
      backup: part.text(backup),
    }));
}

/**
 * The settings after a restore: this machine's, with only the ticked changes taken from the
 * backup. Internal markers (`upgrades`) always stay this machine's.
 */
export function restoredSettings(
  current: Settings,
  backup: Settings,
  accepted: readonly SettingChangeKey[],
): Settings {
  const offered = new Set(settingChanges(current, backup).map((change) => change.key));
  let next: Settings = { ...current };
  for (const part of partsFor(current, backup))
    if (offered.has(part.key) && accepted.includes(part.key)) next = part.take(next, backup);
  return next;
}
