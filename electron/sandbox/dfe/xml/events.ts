// eventoCTe (cancelamento 110111, carta de correção 110110) and eventoDCe (cancelamento 110111),
// unsigned; the signature goes after infEvento.
import { CTE_NS, DCE_NS } from './ns';
import { group, leaf, pad } from './writer';

/** The legal text the layout fixes for every CC-e (evCCeCTe xCondUso enumeration). */
export const CCE_COND_USO =
  'A Carta de Correção é disciplinada pelo Art. 58-B do CONVÊNIO/SINIEF 06/89: Fica permitida a utilização de ' +
  'carta de correção, para regularização de erro ocorrido na emissão de documentos fiscais relativos à prestação ' +
  'de serviço de transporte, desde que o erro não esteja relacionado com: I - as variáveis que determinam o valor ' +
  'do imposto tais como: base de cálculo, alíquota, diferença de preço, quantidade, valor da prestação;II - a ' +
  'correção de dados cadastrais que implique mudança do emitente, tomador, remetente ou do destinatário;III - a ' +
  'data de emissão ou de saída.';

export const TP_EVENTO = { cancelamento: '110111', cartaCorrecao: '110110' } as const;

export function eventId(tpEvento: string, chave: string, nSeqEvento: number): string {
  return `ID${tpEvento}${chave}${pad(nSeqEvento, 3)}`;
}

export interface CteEventBase {
  tpAmb: 1 | 2;
  chave: string;
  /** CNPJ (14) or CPF (11) of the author. */
  autor: string;
  dhEvento: string;
  nSeqEvento: number;
}

export interface Correcao {
  grupoAlterado: string;
  campoAlterado: string;
  valorAlterado: string;
  nroItemAlterado?: number | null;
}

function eventoCte(base: CteEventBase, tpEvento: string, detail: string): { xml: string; id: string } {
  const id = eventId(tpEvento, base.chave, base.nSeqEvento);
  const author = base.autor.length === 11 ? leaf('CPF', base.autor) : leaf('CNPJ', base.autor);
  const inf = group(
    'infEvento',
    [
      leaf('cOrgao', base.chave.slice(0, 2)),
      leaf('tpAmb', base.tpAmb),
      author,
      leaf('chCTe', base.chave),
      leaf('dhEvento', base.dhEvento),
      leaf('tpEvento', tpEvento),
      leaf('nSeqEvento', base.nSeqEvento),
      group('detEvento', [detail], { versaoEvento: '4.00' }),
    ],
    { Id: id },
  );
  return { xml: `<eventoCTe xmlns="${CTE_NS}" versao="4.00">${inf}</eventoCTe>`, id };
}

export function cancelamentoCteXml(
  base: CteEventBase,
  nProt: string,
  xJust: string,
): { xml: string; id: string } {
  const detail = group('evCancCTe', [
    leaf('descEvento', 'Cancelamento'),
    leaf('nProt', nProt),
    leaf('xJust', xJust),
  ]);
  return eventoCte(base, TP_EVENTO.cancelamento, detail);
}

export function cartaCorrecaoCteXml(
  base: CteEventBase,
  correcoes: readonly Correcao[],
): { xml: string; id: string } {
  const detail = group('evCCeCTe', [
    leaf('descEvento', 'Carta de Correção'),
    ...correcoes.map((c) =>
      group('infCorrecao', [
        leaf('grupoAlterado', c.grupoAlterado),
        leaf('campoAlterado', c.campoAlterado),
        leaf('valorAlterado', c.valorAlterado),
        c.nroItemAlterado != null ? leaf('nroItemAlterado', pad(c.nroItemAlterado, 2)) : '',
      ]),
    ),
    leaf('xCondUso', CCE_COND_USO),
  ]);
  return eventoCte(base, TP_EVENTO.cartaCorrecao, detail);
}

export interface DceCancelamento {
  tpAmb: 1 | 2;
  chave: string;
  tpEmit: number;
  /** CNPJ of the emitting company (Grupo D) — also the author of the event. */
  cnpjAutor: string;
  dhEvento: string;
  nProt: string;
  xJust: string;
}

export function cancelamentoDceXml(e: DceCancelamento): { xml: string; id: string } {
  const id = eventId(TP_EVENTO.cancelamento, e.chave, 1);
  const inf = group(
    'infEvento',
    [
      leaf('cOrgao', e.chave.slice(0, 2)),
      leaf('tpAmb', e.tpAmb),
      leaf('tpEmit', e.tpEmit),
      leaf('CNPJAutor', e.cnpjAutor),
      leaf('CNPJUsEmit', e.cnpjAutor),
      leaf('chDCe', e.chave),
      leaf('dhEvento', e.dhEvento),
      leaf('tpEvento', TP_EVENTO.cancelamento),
      leaf('nSeqEvento', 1),
      group(
        'detEvento',
        [
          group('evCancDCe', [
            leaf('descEvento', 'Cancelamento'),
            leaf('nProt', e.nProt),
            leaf('xJust', e.xJust),
          ]),
        ],
        { versaoEvento: '1.00' },
      ),
    ],
    { Id: id },
  );
  return { xml: `<eventoDCe xmlns="${DCE_NS}" versao="1.00">${inf}</eventoDCe>`, id };
}
