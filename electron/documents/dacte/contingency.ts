// Contingency markings of the DACTE and DACTE OS.
//
// FS-DA (tpEmis 5): MOC CT-e 4.00 Anexo II §2.19.2 — "Campo 1" under the access key carries the
// "Código de Barras Adicional" of the Dados do CT-e (36 digits, CODE-128C) and "Campo 2" its numeric
// representation in nine blocks of four digits (§2.5); the model sheets §5.2 and §6.2 print it for
// the DACTE and the DACTE OS. MOC Visão Geral §11.3.2 requires the expression "DACTE em Contingência
// - impresso em decorrência de problemas técnicos" in the body of the FS-DA.
//
// EPEC (tpEmis 4, modelo 57 only, Visão Geral §11.3.4): the DACTE is printed on plain paper with the
// contingency QR code (its `sign` parameter comes in qrCodCTe). The additional barcode is defined for
// FS-DA only (its tpEmis position is "5-Contingência FS-DA"), so the EPEC DACTE keeps the normal
// fields and gets a notice line.
import { mod11FromRight } from '../../fiscal/check-digits';
import { findUf } from '../../fiscal/uf';
import { bannersHtml, HOMOLOGACAO_BANNER_MM, HOMOLOGACAO_TEXT } from '../html/page';
import type { CteOsView, CteView, Party } from '../parse/types';

export const FSDA_TEXT = 'DACTE em Contingência - impresso em decorrência de problemas técnicos';
export const EPEC_TEXT = 'EMITIDO EM CONTINGÊNCIA – EPEC';

export function isFsda(view: CteView | CteOsView): boolean {
  return view.ide.tpEmis === '5';
}

/**
 * Status marks (status.ts), homologação (Anexo II §2.20) and contingency notices, under the header
 * of every sheet.
 */
export function dacteBanners(
  view: CteView | CteOsView,
  statusBanners: string[] = [],
): { html: string; mm: number } {
  const texts = [
    ...statusBanners,
    view.ambiente === 'homologacao' ? HOMOLOGACAO_TEXT : '',
    isFsda(view) ? FSDA_TEXT : view.ide.tpEmis === '4' ? EPEC_TEXT : '',
  ].filter(Boolean);
  return { html: bannersHtml(texts), mm: texts.length * HOMOLOGACAO_BANNER_MM };
}

/** vTPrest without the decimal point, always with two decimals ('1234.5' → '123450'); '' if not a value. */
function cents(value: string): string {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (m === null) return '';
  return `${m[1]}${(m[2] ?? '').padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
}

function present(p: Party | undefined): p is Party {
  return p !== undefined && (p.CNPJ !== '' || p.CPF !== '' || p.ender.UF !== '');
}

/**
 * The party whose UF and CNPJ/CPF enter the Dados do CT-e: "destinatário ou remetente" (§2.19.2),
 * the destinatário first as in the NF-e's FS-DA.
 */
function dataParty(view: CteView | CteOsView): Party | undefined {
  // The CT-e OS and the CT-e Simplificado have neither, so their tomador stands in.
  if (view.kind === 'cteos' || view.entregas !== undefined) return present(view.toma) ? view.toma : undefined;
  return [view.dest, view.rem].find(present);
}

/**
 * The 36 digits of the FS-DA additional barcode (Anexo II §2.19.2): cUF(2) tpEmis(1) CNPJ(14)
 * vCT(14) ICMSp(1) ICMSs(1) DD(2) DV(1). Foreign parties (UF 'EX') give cUF 99 and a zero CNPJ.
 * '' when the XML lacks what the code needs.
 */
export function fsdaData(view: CteView | CteOsView): string {
  const party = dataParty(view);
  if (party === undefined) return '';
  const exterior = party.ender.UF === 'EX';
  const cUF = exterior ? '99' : (findUf(party.ender.UF)?.code ?? '');
  const doc = exterior ? '0' : party.CNPJ || party.CPF;
  const vCT = cents(view.vPrest.vTPrest);
  const day = /^\d{4}-\d{2}-(\d{2})/.exec(view.ide.dhEmi)?.[1] ?? '';
  if (cUF === '' || !/^\d{1,14}$/.test(doc) || vCT === '' || vCT.length > 14 || day === '') return '';
  const group = view.icms?.group ?? '';
  // ICMSp: 1 when the group carries vICMS of its own (ICMS00, ICMS20, ICMS90); ICMSs: 1 for ICMS60.
  const icmsP = ['ICMS00', 'ICMS20', 'ICMS90'].includes(group) ? '1' : '2';
  const icmsS = group === 'ICMS60' ? '1' : '2';
  const body = `${cUF}5${doc.padStart(14, '0')}${vCT.padStart(14, '0')}${icmsP}${icmsS}${day}`;
  return `${body}${mod11FromRight(body)}`;
}

/** Nine blocks of four digits (Anexo II §2.5). */
export function fsdaDataGroups(data: string): string {
  return data.replace(/(\d{4})(?=\d)/g, '$1 ');
}
