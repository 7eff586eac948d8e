import {
  emptyParty,
  keyFromId,
  parseAmbiente,
  parseComponents,
  parseIbsCbs,
  parseIcms,
  parseObs,
  parseParty,
  parseProtocol,
} from './common';
import type { CteOsView, OriginDoc } from './types';
import { attr, el, els, txt } from './xml';
import type { XNode } from './xml';

const RESP_SEG: Record<string, string> = { '4': 'Emitente do CT-e OS', '5': 'Tomador de serviço' };

/** `CTeOS` element (inside cteOSProc or alone), layouts 3.00 and 4.00 → view model. */
export function parseCteOs(cte: XNode, protCTe: XNode | undefined): CteOsView {
  const inf = el(cte, 'infCte') ?? {};
  const ide = el(inf, 'ide');
  const protocol = parseProtocol(el(protCTe, 'infProt'));
  const norm = el(inf, 'infCTeNorm');
  const compl = el(inf, 'compl');
  const imp = el(inf, 'imp');
  const servico = el(norm, 'infServico');
  const rodoOS = el(norm, 'infModal', 'rodoOS');
  const veic = el(rodoOS, 'veic');
  const prop = el(veic, 'prop');
  return {
    kind: 'cteos',
    versao: attr(inf, 'versao') || attr(cte, 'versao'),
    chave: keyFromId(attr(inf, 'Id'), protocol === undefined ? '' : txt(protCTe, 'infProt', 'chCTe')),
    ambiente: parseAmbiente(txt(ide, 'tpAmb')),
    ide: {
      cUF: txt(ide, 'cUF'),
      CFOP: txt(ide, 'CFOP'),
      natOp: txt(ide, 'natOp'),
      mod: txt(ide, 'mod'),
      serie: txt(ide, 'serie'),
      nCT: txt(ide, 'nCT'),
      dhEmi: txt(ide, 'dhEmi'),
      tpEmis: txt(ide, 'tpEmis'),
      tpCTe: txt(ide, 'tpCTe'),
      modal: txt(ide, 'modal'),
      tpServ: txt(ide, 'tpServ'),
      UFIni: txt(ide, 'UFIni'),
      xMunIni: txt(ide, 'xMunIni'),
      cMunIni: txt(ide, 'cMunIni'),
      UFFim: txt(ide, 'UFFim'),
      xMunFim: txt(ide, 'xMunFim'),
      cMunFim: txt(ide, 'cMunFim'),
      indGlobalizado: '',
      retira: '',
      xDetRetira: '',
      dhCont: txt(ide, 'dhCont'),
      xJust: txt(ide, 'xJust'),
    },
    emit: parseParty(el(inf, 'emit'), 'enderEmit') ?? emptyParty(),
    toma: parseParty(el(inf, 'toma'), 'enderToma'),
    percurso: els(ide, 'infPercurso').map((p) => txt(p, 'UFPer')),
    vPrest: {
      vTPrest: txt(inf, 'vPrest', 'vTPrest'),
      vRec: txt(inf, 'vPrest', 'vRec'),
      comps: parseComponents(el(inf, 'vPrest')),
    },
    icms: parseIcms(imp),
    ibsCbs: parseIbsCbs(imp),
    vTotTrib: txt(imp, 'vTotTrib'),
    xObs: txt(compl, 'xObs'),
    obsCont: parseObs(compl, 'ObsCont'),
    obsFisco: parseObs(compl, 'ObsFisco'),
    qrCode: txt(cte, 'infCTeSupl', 'qrCodCTe'),
    protocol,
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
