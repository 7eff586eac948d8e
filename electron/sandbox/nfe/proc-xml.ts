// Authority-side wrappers of the NF-e inbox: nfeProc (NFe + protNFe), the DistDFe summaries
// resNFe 1.01 / resEvento 1.01, and events (evento + retEvento = procEventoNFe 1.00).
import { signXml } from '../dfe/sign';
import type { SigningKey } from '../dfe/sign';
import { group, leaf } from '../dfe/xml/writer';
import { brDateTime, money } from './format';
import { NFE_NS } from './nfe-xml';

export const XML_DECL = '<?xml version="1.0" encoding="UTF-8"?>';
const VER_APLIC = 'SANDBOX-NFE-1.0';

/** Drops a leading XML declaration so signed fragments can be embedded. */
const bare = (xml: string) => xml.replace(/^<\?xml[^>]*\?>\s*/, '');

export interface Authorization {
  chave: string;
  tpAmb: 1 | 2;
  dhRecbto: Date;
  nProt: string;
  digVal: string;
}

export function buildNfeProc(signedNfe: string, a: Authorization): string {
  const prot = group(
    'protNFe',
    [
      group('infProt', [
        leaf('tpAmb', a.tpAmb),
        leaf('verAplic', VER_APLIC),
        leaf('chNFe', a.chave),
        leaf('dhRecbto', brDateTime(a.dhRecbto)),
        leaf('nProt', a.nProt),
        leaf('digVal', a.digVal),
        leaf('cStat', '100'),
        leaf('xMotivo', 'Autorizado o uso da NF-e'),
      ]),
    ],
    { versao: '4.00' },
  );
  return `${XML_DECL}<nfeProc xmlns="${NFE_NS}" versao="4.00">${bare(signedNfe)}${prot}</nfeProc>`;
}

export interface NoteSummary extends Authorization {
  emitCnpj: string;
  emitNome: string;
  emitIe: string;
  dhEmi: Date;
  vNF: number;
  /** 1 authorized, 3 cancelled (2 would be denied). */
  cSitNFe: 1 | 2 | 3;
}

export function buildResNFe(s: NoteSummary): string {
  const body = group(
    'resNFe',
    [
      leaf('chNFe', s.chave),
      leaf('CNPJ', s.emitCnpj),
      leaf('xNome', s.emitNome),
      leaf('IE', s.emitIe),
      leaf('dhEmi', brDateTime(s.dhEmi)),
      leaf('tpNF', '1'),
      leaf('vNF', money(s.vNF)),
      leaf('digVal', s.digVal),
      leaf('dhRecbto', brDateTime(s.dhRecbto)),
      leaf('nProt', s.nProt),
      leaf('cSitNFe', s.cSitNFe),
    ],
    { xmlns: NFE_NS, versao: '1.01' },
  );
  return `${XML_DECL}${body}`;
}

/** Event codes the inbox deals with, with the XSD's descEvento (no accents, as the AN sends). */
export const EVENT_DESCRIPTIONS: Record<string, string> = {
  '110110': 'Carta de Correcao',
  '110111': 'Cancelamento',
  '210200': 'Confirmacao da Operacao',
  '210210': 'Ciencia da Operacao',
  '210220': 'Desconhecimento da Operacao',
  '210240': 'Operacao nao Realizada',
};

const CCE_CONDITIONS =
  'A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida.';

export interface EventFacts {
  chave: string;
  tpAmb: 1 | 2;
  /** '91' (Ambiente Nacional) for manifestations, the emitter's cUF for its own events. */
  cOrgao: string;
  authorCnpj: string;
  tpEvento: string;
  nSeqEvento: number;
  dhEvento: Date;
  dhRegEvento: Date;
  nProt: string;
  /** xCorrecao (110110), xJust (110111, 210220, 210240). */
  text?: string;
  /** nProt of the NF-e (110111). */
  nfeProt?: string;
  /** Recipient CNPJ echoed by the authority on emitter events. */
  destCnpj?: string;
}

export const eventId = (f: Pick<EventFacts, 'tpEvento' | 'chave' | 'nSeqEvento'>) =>
  `ID${f.tpEvento}${f.chave}${String(f.nSeqEvento).padStart(2, '0')}`;

function detEvento(f: EventFacts): string {
  const desc = leaf('descEvento', EVENT_DESCRIPTIONS[f.tpEvento] ?? 'Evento');
  const children =
    f.tpEvento === '110110'
      ? [desc, leaf('xCorrecao', f.text), leaf('xCondUso', CCE_CONDITIONS)]
      : f.tpEvento === '110111'
        ? [desc, leaf('nProt', f.nfeProt), leaf('xJust', f.text)]
        : [desc, leaf('xJust', f.text)];
  return group('detEvento', children, { versao: '1.00' });
}

/** Signed `<procEventoNFe>` (with declaration): the author's evento plus the authority's retEvento. */
export function buildProcEvento(f: EventFacts, key: SigningKey): { xml: string; eventoXml: string } {
  const id = eventId(f);
  const infEvento = group(
    'infEvento',
    [
      leaf('cOrgao', f.cOrgao),
      leaf('tpAmb', f.tpAmb),
      leaf('CNPJ', f.authorCnpj),
      leaf('chNFe', f.chave),
      leaf('dhEvento', brDateTime(f.dhEvento)),
      leaf('tpEvento', f.tpEvento),
      leaf('nSeqEvento', f.nSeqEvento),
      leaf('verEvento', '1.00'),
      detEvento(f),
    ],
    { Id: id },
  );
  const signed = bare(
    signXml(`<evento xmlns="${NFE_NS}" versao="1.00">${infEvento}</evento>`, id, 'evento', key).xml,
  );
  const ret = group(
    'retEvento',
    [
      group('infEvento', [
        leaf('tpAmb', f.tpAmb),
        leaf('verAplic', VER_APLIC),
        leaf('cOrgao', f.cOrgao),
        leaf('cStat', '135'),
        leaf('xMotivo', 'Evento registrado e vinculado a NF-e'),
        leaf('chNFe', f.chave),
        leaf('tpEvento', f.tpEvento),
        leaf('xEvento', EVENT_DESCRIPTIONS[f.tpEvento]),
        leaf('nSeqEvento', f.nSeqEvento),
        leaf('CNPJDest', f.destCnpj),
        leaf('dhRegEvento', brDateTime(f.dhRegEvento)),
        leaf('nProt', f.nProt),
      ]),
    ],
    { versao: '1.00' },
  );
  const xml = `${XML_DECL}<procEventoNFe xmlns="${NFE_NS}" versao="1.00">${signed}${ret}</procEventoNFe>`;
  return { xml, eventoXml: signed };
}

export function buildResEvento(f: EventFacts): string {
  const body = group(
    'resEvento',
    [
      leaf('cOrgao', f.cOrgao),
      leaf('CNPJ', f.authorCnpj),
      leaf('chNFe', f.chave),
      leaf('dhEvento', brDateTime(f.dhEvento)),
      leaf('tpEvento', f.tpEvento),
      leaf('nSeqEvento', f.nSeqEvento),
      leaf('xEvento', EVENT_DESCRIPTIONS[f.tpEvento]),
      leaf('dhRecbto', brDateTime(f.dhRegEvento)),
      leaf('nProt', f.nProt),
    ],
    { xmlns: NFE_NS, versao: '1.01' },
  );
  return `${XML_DECL}${body}`;
}
