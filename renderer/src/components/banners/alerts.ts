// What the banners and the certificate card say, as pure functions of the data: the thresholds
// (30, 15, 7 days, expired) and the wording live here once.
import { formatDate, formatDateTime } from '@shared/format';
import type { RegisteredCertificate } from '@shared/schemas/certificate';
import type { SefazKind, SefazStatus } from '../../stores/account';

/** PrimeVue Message/Tag severities, from calm to urgent. */
export type AlertSeverity = 'success' | 'info' | 'warn' | 'error';

export interface CertificateAlert {
  severity: Exclude<AlertSeverity, 'success'>;
  text: string;
}

/** Days left as the user reads them, and the colour of the tag. */
export function daysLeftTag(daysLeft: number | null | undefined): { severity: AlertSeverity; text: string } {
  if (daysLeft == null) return { severity: 'info', text: 'Validade desconhecida' };
  if (daysLeft < 0) {
    const ago = -daysLeft;
    return { severity: 'error', text: ago === 1 ? 'Vencido há 1 dia' : `Vencido há ${ago} dias` };
  }
  if (daysLeft === 0) return { severity: 'error', text: 'Vence hoje' };
  const text = daysLeft === 1 ? '1 dia restante' : `${daysLeft} dias restantes`;
  if (daysLeft <= 7) return { severity: 'error', text };
  if (daysLeft <= 30) return { severity: 'warn', text };
  return { severity: 'success', text };
}

function validUntil(certificate: RegisteredCertificate): string {
  return certificate.notAfter ? ` (${formatDate(certificate.notAfter)})` : '';
}

/** The banner for a company's certificate, or null while it has more than 30 days left. */
export function certificateAlert(
  certificate: RegisteredCertificate | null,
  companyName: string,
): CertificateAlert | null {
  const days = certificate?.daysLeft;
  if (!certificate || days == null || days > 30) return null;
  const of = `O certificado digital de ${companyName}`;
  const consequence = 'Sem certificado válido não é possível emitir CT-e, CT-e OS nem DC-e.';
  if (days < 0) {
    const when = certificate.notAfter ? ` em ${formatDate(certificate.notAfter)}` : '';
    return { severity: 'error', text: `${of} venceu${when}. ${consequence}` };
  }
  if (days === 0) {
    const when = certificate.notAfter ? ` (${formatDateTime(certificate.notAfter)})` : '';
    return { severity: 'error', text: `${of} vence hoje${when}. ${consequence}` };
  }
  const inDays = `${of} vence em ${days === 1 ? '1 dia' : `${days} dias`}${validUntil(certificate)}.`;
  if (days <= 7) return { severity: 'error', text: `${inDays} ${consequence}` };
  if (days <= 15) return { severity: 'warn', text: `${inDays} Providencie a renovação.` };
  return { severity: 'info', text: `${inDays} Providencie a renovação com antecedência.` };
}

/** The issuer's common name (or organization) out of its distinguished name; the whole text otherwise. */
export function issuerName(dn: string | null | undefined): string {
  if (!dn) return '—';
  const part = (key: string) => new RegExp(`(?:^|,)\\s*${key}=([^,]+)`).exec(dn)?.[1]?.trim();
  return part('CN') ?? part('O') ?? dn;
}

/** Subject of the sentence, with its article: "Os CT-e podem demorar". */
export const serviceSubjects: Record<SefazKind, string> = {
  cte: 'Os CT-e',
  cteos: 'Os CT-e OS',
  dce: 'As DC-e',
  mdfe: 'Os MDF-e',
};

export const serviceNames: Record<SefazKind, string> = {
  cte: 'CT-e',
  cteos: 'CT-e OS',
  dce: 'DC-e',
  mdfe: 'MDF-e',
};

export function degradedText(status: SefazStatus): string {
  const reason = status.motivoStatus?.trim() || 'a SEFAZ não informou o motivo';
  const code = status.codigoStatus != null ? ` (código ${status.codigoStatus})` : '';
  return `${serviceSubjects[status.kind]} podem demorar: ${reason}${code}.`;
}
