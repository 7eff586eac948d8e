// A local DACE preview before sending (the API offers none): the payload mapped onto the DACE
// renderer's view, without key, QR code nor protocol, and marked as having no fiscal value.
import { renderDace } from '../../documents/dace/dace';
import type { DceView, Endereco, Party } from '../../documents/parse/types';
import type { JsonObject } from '../../fiscal/payload';

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const obj = (v: unknown): JsonObject => (v && typeof v === 'object' ? (v as JsonObject) : {});
const fixed = (v: unknown, places: number): string => (typeof v === 'number' ? v.toFixed(places) : '');

function ender(e: JsonObject): Endereco {
  return {
    xLgr: str(e.xLgr),
    nro: str(e.nro),
    xCpl: str(e.xCpl),
    xBairro: str(e.xBairro),
    cMun: str(e.cMun),
    xMun: str(e.xMun),
    UF: str(e.UF),
    CEP: str(e.CEP),
    xPais: str(e.xPais),
    fone: str(e.fone),
  };
}

function party(p: JsonObject, enderKey: string): Party {
  const e = obj(p[enderKey]);
  return {
    xNome: str(p.xNome),
    xFant: '',
    CNPJ: str(p.CNPJ),
    CPF: str(p.CPF),
    idOutros: str(p.idOutros),
    IE: '',
    fone: str(e.fone),
    email: str(e.email),
    ender: ender(e),
  };
}

export function dcePreviewView(payload: JsonObject): DceView {
  const inf = obj(payload.infDCe);
  const ide = obj(inf.ide);
  const carrier = obj(inf.Transportadora);
  const transp = obj(inf.transp);
  return {
    kind: 'dce',
    versao: str(inf.versao),
    chave: '',
    ambiente: payload.ambiente === 'producao' ? 'producao' : 'homologacao',
    ide: {
      cUF: str(ide.cUF),
      serie: str(ide.serie),
      nDC: str(ide.nDC),
      dhEmi: str(ide.dhEmi),
      tpEmis: str(ide.tpEmis),
      tpEmit: str(ide.tpEmit),
      mod: '99',
    },
    emit: party(obj(inf.emit), 'enderEmit'),
    emissor: { label: 'Transportadora', value: `${str(carrier.xNome)} ${str(carrier.CNPJ)}`.trim() },
    dest: party(obj(inf.dest), 'enderDest'),
    items: ((inf.det ?? []) as JsonObject[]).map((d) => {
      const prod = obj(d.prod);
      return {
        nItem: str(d.nItem),
        xProd: str(prod.xProd),
        NCM: str(prod.NCM),
        qCom: fixed(prod.qCom, 4),
        vUnCom: fixed(prod.vUnCom, 2),
        vProd: fixed(prod.vProd, 2),
      };
    }),
    vDC: fixed(obj(inf.total).vDC, 2),
    transp: { modTrans: str(transp.modTrans), CNPJTransp: str(transp.CNPJTransp) },
    infCpl: str(obj(inf.infAdic).infCpl),
    infAdFisco: '',
    declaracoes: [],
    qrCode: '',
    urlChave: '',
    protocol: undefined,
    attached: { events: [], protocols: [] },
  };
}

export const PREVIEW_MARK = 'PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL';

export function dcePreviewHtml(payload: JsonObject): string {
  const { html } = renderDace(dcePreviewView(payload), { preview: true });
  return html
    .replace(/<body([^>]*)>/, `<body$1><div class="banner" role="note">${PREVIEW_MARK}</div>`)
    .replace('<div class="qr-empty"></div>', '<div class="l">QR Code gerado na autorização</div>');
}
