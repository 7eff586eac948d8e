import { parseAccessKey } from '../../fiscal/access-key';
import type {
  AereoModal,
  AquavModal,
  Container,
  ContainerDoc,
  DutoModal,
  FerrovModal,
  FluxoView,
  ModalView,
  MultimodalModal,
} from './modal-types';
import { el, els, txt } from './xml';
import type { XNode } from './xml';

function aereo(node: XNode): AereoModal {
  const natCarga = el(node, 'natCarga');
  const tarifa = el(node, 'tarifa');
  return {
    kind: 'aereo',
    nMinu: txt(node, 'nMinu'),
    nOCA: txt(node, 'nOCA'),
    dPrevAereo: txt(node, 'dPrevAereo'),
    xDime: txt(natCarga, 'xDime'),
    cInfManu: els(natCarga, 'cInfManu').map((c) => txt(c)),
    CL: txt(tarifa, 'CL'),
    cTar: txt(tarifa, 'cTar'),
    vTar: txt(tarifa, 'vTar'),
    peri: els(node, 'peri').map((p) => ({
      nONU: txt(p, 'nONU'),
      qTotEmb: txt(p, 'qTotEmb'),
      qTotProd: txt(p, 'infTotAP', 'qTotProd'),
      uniAP: txt(p, 'infTotAP', 'uniAP'),
    })),
  };
}

/** Documents of a container: NF (série/número, emitted by the remetente) or NF-e (read from the key). */
function containerDocs(infDoc: XNode | undefined, remDoc: string): ContainerDoc[] {
  const docs: ContainerDoc[] = els(infDoc, 'infNF').map((nf) => ({
    tipo: 'NF',
    emitente: remDoc,
    serieNumero: [txt(nf, 'serie'), txt(nf, 'nDoc')].filter(Boolean).join('/'),
  }));
  for (const nfe of els(infDoc, 'infNFe')) {
    const parsed = parseAccessKey(txt(nfe, 'chave'), { ignoreCheckDigit: true });
    docs.push({
      tipo: 'NF-E',
      emitente: parsed?.cnpj ?? '',
      serieNumero: parsed === null ? '' : `${Number(parsed.serie)}/${Number(parsed.numero)}`,
    });
  }
  return docs;
}

function aquav(node: XNode, remDoc: string): AquavModal {
  return {
    kind: 'aquav',
    vPrest: txt(node, 'vPrest'),
    vAFRMM: txt(node, 'vAFRMM'),
    xNavio: txt(node, 'xNavio'),
    balsas: els(node, 'balsa')
      .map((b) => txt(b, 'xBalsa'))
      .filter(Boolean),
    nViag: txt(node, 'nViag'),
    direc: txt(node, 'direc'),
    irin: txt(node, 'irin'),
    tpNav: txt(node, 'tpNav'),
    containers: els(node, 'detCont').map((c): Container => ({
      nCont: txt(c, 'nCont'),
      lacres: els(c, 'lacre')
        .map((l) => txt(l, 'nLacre'))
        .filter(Boolean),
      docs: containerDocs(el(c, 'infDoc'), remDoc),
    })),
  };
}

function ferrov(node: XNode): FerrovModal {
  const trafMut = el(node, 'trafMut');
  // 3.00/4.00 nest the railways in trafMut; older files (and some generators) put them in ferrov.
  const envolvidas = [...els(trafMut, 'ferroEnv'), ...els(node, 'ferroEnv')];
  return {
    kind: 'ferrov',
    tpTraf: txt(node, 'tpTraf'),
    fluxo: txt(node, 'fluxo'),
    respFat: txt(trafMut, 'respFat'),
    ferrEmi: txt(trafMut, 'ferrEmi'),
    vFrete: txt(trafMut, 'vFrete'),
    chCTeFerroOrigem: txt(trafMut, 'chCTeFerroOrigem'),
    ferrovias: envolvidas.map((f) => ({
      CNPJ: txt(f, 'CNPJ'),
      cInt: txt(f, 'cInt'),
      IE: txt(f, 'IE'),
      xNome: txt(f, 'xNome'),
    })),
  };
}

function duto(node: XNode): DutoModal {
  return {
    kind: 'duto',
    vTar: txt(node, 'vTar'),
    dIni: txt(node, 'dIni'),
    dFim: txt(node, 'dFim'),
    classDuto: txt(node, 'classDuto'),
    tpContratacao: txt(node, 'tpContratacao'),
    codPontoEntrada: txt(node, 'codPontoEntrada'),
    codPontoSaida: txt(node, 'codPontoSaida'),
    nContrato: txt(node, 'nContrato'),
  };
}

function multimodal(node: XNode): MultimodalModal {
  const seg = el(node, 'seg');
  return {
    kind: 'multimodal',
    COTM: txt(node, 'COTM'),
    indNegociavel: txt(node, 'indNegociavel'),
    seguro:
      seg === undefined
        ? undefined
        : {
            xSeg: txt(seg, 'infSeg', 'xSeg'),
            CNPJ: txt(seg, 'infSeg', 'CNPJ'),
            nApol: txt(seg, 'nApol'),
            nAver: txt(seg, 'nAver'),
          },
  };
}

/**
 * The modal group of infModal as a typed view. `remDoc` (CNPJ/CPF of the remetente) stands for the
 * emitter of paper NF listed in the aquaviário containers, as in the DACTE's documents box.
 */
export function parseModalView(infModal: XNode | undefined, remDoc: string): ModalView | undefined {
  const parsers: [string, (node: XNode) => ModalView][] = [
    ['rodo', (node) => ({ kind: 'rodo', RNTRC: txt(node, 'RNTRC') })],
    ['aereo', aereo],
    ['aquav', (node) => aquav(node, remDoc)],
    ['ferrov', ferrov],
    ['duto', duto],
    ['multimodal', multimodal],
  ];
  for (const [name, parse] of parsers) {
    const node = el(infModal, name);
    if (node !== undefined) return parse(node);
  }
  return undefined;
}

export function parseFluxo(compl: XNode | undefined): FluxoView | undefined {
  const fluxo = el(compl, 'fluxo');
  if (fluxo === undefined) return undefined;
  return {
    xOrig: txt(fluxo, 'xOrig'),
    xPass: els(fluxo, 'pass')
      .map((p) => txt(p, 'xPass'))
      .filter(Boolean),
    xDest: txt(fluxo, 'xDest'),
  };
}

const MODAL_GROUPS: Record<string, string> = {
  '01': 'rodo',
  '02': 'aereo',
  '03': 'aquav',
  '04': 'ferrov',
  '05': 'duto',
  '06': 'multimodal',
};

/** The modal of ide/modal with every field blank, for an XML whose infModal lacks the group. */
export function emptyModalView(modal: string): ModalView | undefined {
  const name = MODAL_GROUPS[modal];
  return name === undefined ? undefined : parseModalView({ [name]: {} }, '');
}
