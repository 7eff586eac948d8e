// eventoMDFe 3.00 (eventoMDFeTiposBasico TEvento) with the detail of each event the API exposes:
// cancelamento 110111 (evCancMDFe), encerramento 110112 (evEncMDFe), inclusão de condutor 110114
// (evIncCondutorMDFe), inclusão de DF-e 110115 (evIncDFeMDFe); the authority's answer around it
// (procEventoMDFe) and the authorized document with its protocol (mdfeProc).
import { stripDeclaration, VER_APLIC } from '../dfe/xml/proc';
import { group, leaf, pad } from '../dfe/xml/writer';
import { MDFE_NS } from './xml';

export const MDFE_EVENTS = {
  cancelamento: { tpEvento: '110111', xEvento: 'Cancelamento' },
  encerramento: { tpEvento: '110112', xEvento: 'Encerramento' },
  'inclusao-condutor': { tpEvento: '110114', xEvento: 'Inclusao Condutor' },
  'inclusao-dfe': { tpEvento: '110115', xEvento: 'Inclusao DF-e' },
} as const;
export type MdfeEventKind = keyof typeof MDFE_EVENTS;

export type MdfeEventDetail =
  | { kind: 'cancelamento'; nProt: string; xJust: string }
  | { kind: 'encerramento'; nProt: string; dtEnc: string; cUF: string; cMun: string }
  | { kind: 'inclusao-condutor'; xNome: string; CPF: string }
  | {
      kind: 'inclusao-dfe';
      nProt: string;
      cMunCarrega: string;
      xMunCarrega: string;
      infDoc: Array<{ cMunDescarga: string; xMunDescarga: string; chNFe: string }>;
    };

/** The detEvento content on its own, as validated against ev*MDFe_v3.00.xsd. */
export function eventDetailXml(d: MdfeEventDetail, ns?: string): string {
  const attrs = ns ? { xmlns: ns } : undefined;
  switch (d.kind) {
    case 'cancelamento':
      return group(
        'evCancMDFe',
        [leaf('descEvento', 'Cancelamento'), leaf('nProt', d.nProt), leaf('xJust', d.xJust)],
        attrs,
      );
    case 'encerramento':
      return group(
        'evEncMDFe',
        [
          leaf('descEvento', 'Encerramento'),
          leaf('nProt', d.nProt),
          leaf('dtEnc', d.dtEnc),
          leaf('cUF', d.cUF),
          leaf('cMun', d.cMun),
        ],
        attrs,
      );
    case 'inclusao-condutor':
      return group(
        'evIncCondutorMDFe',
        [
          leaf('descEvento', 'Inclusao Condutor'),
          group('condutor', [leaf('xNome', d.xNome), leaf('CPF', d.CPF)]),
        ],
        attrs,
      );
    case 'inclusao-dfe':
      return group(
        'evIncDFeMDFe',
        [
          leaf('descEvento', 'Inclusao DF-e'),
          leaf('nProt', d.nProt),
          leaf('cMunCarrega', d.cMunCarrega),
          leaf('xMunCarrega', d.xMunCarrega),
          ...d.infDoc.map((i) =>
            group('infDoc', [
              leaf('cMunDescarga', i.cMunDescarga),
              leaf('xMunDescarga', i.xMunDescarga),
              leaf('chNFe', i.chNFe),
            ]),
          ),
        ],
        attrs,
      );
  }
}

/** Id = "ID" + tpEvento + chave + nSeqEvento in 2 digits (TEvento Id pattern, 52 characters). */
export function mdfeEventId(tpEvento: string, chave: string, nSeqEvento: number): string {
  return `ID${tpEvento}${chave}${pad(nSeqEvento, 2)}`;
}

export interface MdfeEventBase {
  tpAmb: 1 | 2;
  chave: string;
  /** CNPJ (14) or CPF (11) of the issuer, the author of every event here. */
  autor: string;
  dhEvento: string;
  nSeqEvento: number;
}

export function eventoMdfeXml(base: MdfeEventBase, detail: MdfeEventDetail): { xml: string; id: string } {
  const { tpEvento } = MDFE_EVENTS[detail.kind];
  const id = mdfeEventId(tpEvento, base.chave, base.nSeqEvento);
  const inf = group(
    'infEvento',
    [
      leaf('cOrgao', base.chave.slice(0, 2)),
      leaf('tpAmb', base.tpAmb),
      base.autor.length === 11 ? leaf('CPF', base.autor) : leaf('CNPJ', base.autor),
      leaf('chMDFe', base.chave),
      leaf('dhEvento', base.dhEvento),
      leaf('tpEvento', tpEvento),
      leaf('nSeqEvento', base.nSeqEvento),
      group('detEvento', [eventDetailXml(detail)], { versaoEvento: '3.00' }),
    ],
    { Id: id },
  );
  return { xml: `<eventoMDFe xmlns="${MDFE_NS}" versao="3.00">${inf}</eventoMDFe>`, id };
}

export interface MdfeEventResult {
  tpAmb: 1 | 2;
  cOrgao: string;
  cStat: number;
  xMotivo: string;
  chave: string;
  tpEvento: string;
  xEvento: string;
  nSeqEvento: number;
  dhRegEvento: string;
  nProt?: string;
}

export function procEventoMdfeXml(signedEvento: string, r: MdfeEventResult): string {
  const ret = group(
    'retEventoMDFe',
    [
      group('infEvento', [
        leaf('tpAmb', r.tpAmb),
        leaf('verAplic', VER_APLIC),
        leaf('cOrgao', r.cOrgao),
        leaf('cStat', r.cStat),
        leaf('xMotivo', r.xMotivo),
        leaf('chMDFe', r.chave),
        leaf('tpEvento', r.tpEvento),
        leaf('xEvento', r.xEvento),
        leaf('nSeqEvento', r.nSeqEvento),
        leaf('dhRegEvento', r.dhRegEvento),
        leaf('nProt', r.nProt),
      ]),
    ],
    { versao: '3.00' },
  );
  return `<?xml version="1.0" encoding="UTF-8"?><procEventoMDFe xmlns="${MDFE_NS}" versao="3.00">${stripDeclaration(signedEvento)}${ret}</procEventoMDFe>`;
}

export interface MdfeProtocol {
  tpAmb: 1 | 2;
  chave: string;
  dhRecbto: string;
  nProt: string;
  digVal: string;
  cStat: number;
  xMotivo: string;
}

export function protMdfeXml(p: MdfeProtocol, ns?: string): string {
  return group(
    'protMDFe',
    [
      group('infProt', [
        leaf('tpAmb', p.tpAmb),
        leaf('verAplic', VER_APLIC),
        leaf('chMDFe', p.chave),
        leaf('dhRecbto', p.dhRecbto),
        leaf('nProt', p.nProt),
        leaf('digVal', p.digVal),
        leaf('cStat', p.cStat),
        leaf('xMotivo', p.xMotivo),
      ]),
    ],
    { ...(ns ? { xmlns: ns } : {}), versao: '3.00' },
  );
}

export function mdfeProcXml(signedMdfe: string, p: MdfeProtocol): string {
  return `<?xml version="1.0" encoding="UTF-8"?><mdfeProc xmlns="${MDFE_NS}" versao="3.00">${stripDeclaration(signedMdfe)}${protMdfeXml(p)}</mdfeProc>`;
}
