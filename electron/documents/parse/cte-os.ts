import { parseCteCommon, parseParty } from './common';
import type { CteOsView, OriginDoc } from './types';
import { el, els, txt } from './xml';
import type { XNode } from './xml';

const RESP_SEG: Record<string, string> = { '4': 'Emitente do CT-e OS', '5': 'Tomador de serviço' };

/** `CTeOS` element (inside cteOSProc or alone), layouts 3.00 and 4.00 → view model. */
export function parseCteOs(cte: XNode, protCTe: XNode | undefined): CteOsView {
  const { inf, ide, common } = parseCteCommon(cte, protCTe);
  const norm = el(inf, 'infCTeNorm');
  const servico = el(norm, 'infServico');
  const rodoOS = el(norm, 'infModal', 'rodoOS');
  const veic = el(rodoOS, 'veic');
  const prop = el(veic, 'prop');
  return {
    kind: 'cteos',
    ...common,
    // The CT-e OS layout has no globalized CT-e nor cargo pick-up.
    ide: { ...common.ide, indGlobalizado: '', retira: '', xDetRetira: '' },
    toma: parseParty(el(inf, 'toma'), 'enderToma'),
    percurso: els(ide, 'infPercurso').map((p) => txt(p, 'UFPer')),
    servico:
      servico === undefined
        ? undefined
        : { xDescServ: txt(servico, 'xDescServ'), qCarga: txt(servico, 'infQ', 'qCarga') },
    docsRef: els(norm, 'infDocRef').map((d): OriginDoc => ({
      tipo: txt(d, 'chBPe') ? 'BP-E' : 'DOC.',
      emitente: '',
      serieNumero: [txt(d, 'serie'), txt(d, 'nDoc')].filter(Boolean).join('/'),
      chave: txt(d, 'chBPe'),
    })),
    seguros: els(norm, 'seg').map((s) => ({
      respSeg: RESP_SEG[txt(s, 'respSeg')] ?? txt(s, 'respSeg'),
      xSeg: txt(s, 'xSeg'),
      nApol: txt(s, 'nApol'),
    })),
    rodoOS:
      rodoOS === undefined
        ? undefined
        : {
            TAF: txt(rodoOS, 'TAF'),
            NroRegEstadual: txt(rodoOS, 'NroRegEstadual'),
            placa: txt(veic, 'placa'),
            RENAVAM: txt(veic, 'RENAVAM'),
            propDoc: txt(prop, 'CNPJ') || txt(prop, 'CPF'),
            propTAF: txt(prop, 'TAF'),
            propNroRegEstadual: txt(prop, 'NroRegEstadual'),
            propXNome: txt(prop, 'xNome'),
            UF: txt(veic, 'UF'),
            tpFretamento: txt(rodoOS, 'infFretamento', 'tpFretamento'),
            dhViagem: txt(rodoOS, 'infFretamento', 'dhViagem'),
          },
  };
}
