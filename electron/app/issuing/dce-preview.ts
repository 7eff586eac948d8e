// A local DACE preview before sending (the API offers none): the payload mapped onto the DACE
// renderer's view, without key, QR code nor protocol, and marked as having no fiscal value.
import { renderDace } from '../../documents/dace/dace';
import type { DceView, Endereco, Party } from '../../documents/parse/types';
import type { DcePedidoEmissaoInput } from '../../fiscal/requests/dce';

type InfDCe = DcePedidoEmissaoInput['infDCe'];
type Ender = InfDCe['emit']['enderEmit'] | InfDCe['dest']['enderDest'];

const str = (v: string | number | null | undefined): string =>
  v === undefined || v === null ? '' : String(v);
const fixed = (v: number, places: number): string => v.toFixed(places);

function ender(e: Ender): Endereco {
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

function party(
  p: { xNome: string; CNPJ?: string | null; CPF?: string | null; idOutros?: string | null },
  e: Ender,
): Party {
  return {
    xNome: p.xNome,
    xFant: '',
    CNPJ: str(p.CNPJ),
    CPF: str(p.CPF),
    idOutros: str(p.idOutros),
    IE: '',
    fone: str(e.fone),
    email: 'email' in e ? str(e.email) : '',
    ender: ender(e),
  };
}

export function dcePreviewView(payload: DcePedidoEmissaoInput): DceView {
  const inf = payload.infDCe;
  const ide = inf.ide;
  const carrier = inf.Transportadora;
  const transp = inf.transp;
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
    emit: party(inf.emit, inf.emit.enderEmit),
    emissor: { label: 'Transportadora', value: `${str(carrier?.xNome)} ${str(carrier?.CNPJ)}`.trim() },
    dest: party(inf.dest, inf.dest.enderDest),
    items: inf.det.map((d) => ({
      nItem: str(d.nItem),
      xProd: d.prod.xProd,
      NCM: str(d.prod.NCM),
      qCom: fixed(d.prod.qCom, 4),
      vUnCom: fixed(d.prod.vUnCom, 2),
      vProd: fixed(d.prod.vProd, 2),
    })),
    vDC: fixed(inf.total.vDC, 2),
    transp: { modTrans: str(transp.modTrans), CNPJTransp: str(transp.CNPJTransp) },
    infCpl: str(inf.infAdic?.infCpl),
    infAdFisco: '',
    declaracoes: [],
    qrCode: '',
    urlChave: '',
    protocol: undefined,
    attached: { events: [], protocols: [] },
  };
}

export const PREVIEW_MARK = 'PRÉ-VISUALIZAÇÃO — SEM VALOR FISCAL';

export function dcePreviewHtml(payload: DcePedidoEmissaoInput): string {
  const { html } = renderDace(dcePreviewView(payload), { preview: true });
  return html
    .replace(/<body([^>]*)>/, `<body$1><div class="banner" role="note">${PREVIEW_MARK}</div>`)
    .replace('<div class="qr-empty"></div>', '<div class="l">QR Code gerado na autorização</div>');
}
