// What an e-mail about a document says and who it goes to, read from the document's own XML.
import type { CteOsView, CteView, DceView, Party } from '../../documents/parse/types';
import { formatDate } from '../../shared/format';
import type { MailSuggestion } from '../../shared/schemas/mail';
import { MAX_RECIPIENTS } from '../../shared/schemas/mail';

export type MailableView = CteView | CteOsView | DceView;

const TIPO = { cte: 'CT-e', cteos: 'CT-e OS', dce: 'DC-e' } as const;
const AUXILIAR = { cte: 'DACTE', cteos: 'DACTE OS', dce: 'DACE' } as const;

export function documentLabel(view: MailableView): string {
  const numero = view.kind === 'dce' ? view.ide.nDC : view.ide.nCT;
  return `${TIPO[view.kind]} ${view.ide.serie}/${numero}`;
}

/** The values the subject and body templates can use ({numero}, {emitente}…). */
export function placeholderValues(view: MailableView): Record<string, string> {
  const numero = view.kind === 'dce' ? view.ide.nDC : view.ide.nCT;
  const tomador = view.kind === 'dce' ? view.dest : view.toma;
  return {
    tipo: TIPO[view.kind],
    documento: AUXILIAR[view.kind],
    numero,
    serie: view.ide.serie,
    chave: view.chave,
    emitente: view.emit.xNome,
    tomador: tomador?.xNome ?? '',
    data_emissao: view.ide.dhEmi ? formatDate(view.ide.dhEmi) : '',
  };
}

/** Replaces {name} with its value; unknown names stay as typed so the user sees the mistake. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An XML <email> may hold several addresses separated by ';' or ','. */
function addresses(party: Party | undefined): string[] {
  if (!party?.email) return [];
  return party.email
    .split(/[;,\s]+/)
    .map((item) => item.trim())
    .filter((item) => EMAIL.test(item));
}

/** Every party's address in the XML, the tomador first, each address once. */
export function recipientSuggestions(view: MailableView): MailSuggestion[] {
  const parties: [string, Party | undefined][] =
    view.kind === 'dce'
      ? [['Destinatário', view.dest]]
      : view.kind === 'cteos'
        ? [['Tomador', view.toma]]
        : [
            ['Tomador', view.toma],
            ['Remetente', view.rem],
            ['Destinatário', view.dest],
            ['Expedidor', view.exped],
            ['Recebedor', view.receb],
          ];
  const seen = new Set<string>();
  const out: MailSuggestion[] = [];
  for (const [role, party] of parties) {
    for (const email of addresses(party)) {
      const key = email.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ email, role, name: party?.xNome ?? '' });
    }
  }
  return out.slice(0, MAX_RECIPIENTS * 2);
}
