// "Informações específicas do modal" of the DACTE, one layout per modal as in the model sheets of
// MOC CT-e 4.00 Anexo II §5 (rodoviário p. 27, aéreo p. 31, aquaviário p. 35, ferroviário p. 39,
// dutoviário p. 43, multimodal p. 47) with the fields of the correlation table §3.
import { cpfCnpj, esc, join, money, percent, qty, xmlDateTime } from '../html/format';
import { cell, sectionTitle } from '../html/page';
import type { AereoModal, AquavModal, DutoModal, FerrovModal, MultimodalModal } from '../parse/modal-types';
import { emptyModalView } from '../parse/modal';
import type { CteView } from '../parse/types';
import { line, MM } from './sections';
import { containersBlock } from './modal-containers';

export interface Block {
  html: string;
  mm: number;
}

export interface ModalLayout {
  /** After the documents box: containers (aquaviário) and the cargo flow forecast. */
  beforeObs: Block;
  /** After the observations: the modal's own boxes. */
  afterObs: Block;
  /** What did not fit the boxes goes on in the observations (Anexo II §2.21.4, casos específicos). */
  obsLines: string[];
}

const ROW_MM = 8;
const EMPTY: Block = { html: '', mm: 0 };

/** A titled table of rows of 8 mm cells. */
function table(title: string, rows: string[]): Block {
  return {
    html: `<div class="t gap">${sectionTitle(title)}${rows.map((r) => `<div class="r">${r}</div>`).join('')}</div>`,
    mm: 1 + 3.5 + rows.length * ROW_MM,
  };
}

function concat(...blocks: Block[]): Block {
  return { html: blocks.map((b) => b.html).join(''), mm: blocks.reduce((sum, b) => sum + b.mm, 0) };
}

const c = (label: string, value: string, width: number, align = '') =>
  cell(label, esc(value), width, ROW_MM, align);

const date = (value: string) => xmlDateTime(value);

/** Tariff values keep the decimals they carry, at least two: '1500.000000' → 'R$ 1.500,00'. */
function unitValue(value: string): string {
  const text = qty(value);
  if (text === '' || !/^-?[\d.]+(,\d+)?$/.test(text)) return text;
  const [int, dec = ''] = text.split(',');
  return `R$ ${int},${dec.padEnd(2, '0')}`;
}

const CLASSES: Record<string, string> = {
  M: 'M - Tarifa mínima',
  G: 'G - Tarifa geral',
  E: 'E - Tarifa específica',
};
const UNI_AP: Record<string, string> = { '1': 'KG', '2': 'KG G', '3': 'LITROS', '4': 'TI', '5': 'UNIDADES' };

function aereo(view: CteView, m: AereoModal): ModalLayout {
  const retira = view.ide.retira === '0' ? 'SIM' : view.ide.retira === '1' ? 'NÃO' : '';
  const afterObs = table('Informações específicas do modal aéreo', [
    c('Número operacional do conhecimento aéreo', m.nOCA, 60) +
      c('Classe', CLASSES[m.CL] ?? m.CL, 45) +
      c('Código da tarifa', m.cTar, 45) +
      c('Valor da tarifa', money(m.vTar), 50, 'right'),
    c('Número da minuta', m.nMinu, 75) +
      c('Retira', retira, 30, 'center') +
      c('Dados relativos à retirada da carga', view.ide.xDetRetira, 95),
    c('Característica adicional do serviço', view.xCaracSer, 50) +
      c('Data prevista da entrega', date(m.dPrevAereo), 50) +
      c('Natureza da carga - dimensão', m.xDime, 50) +
      c('Natureza da carga - inf. de manuseio', m.cInfManu.join(', '), 50),
  ]);
  const obsLines = m.peri.map((p) =>
    join(
      [
        'ARTIGO PERIGOSO',
        p.nONU && `Nº ONU/UN: ${p.nONU}`,
        p.qTotEmb && `Qtde. total de volumes: ${p.qTotEmb}`,
        p.qTotProd && `Qtde. total de artigos: ${qty(p.qTotProd)}`,
        p.uniAP && `Unidade: ${UNI_AP[p.uniAP] ?? p.uniAP}`,
      ],
      ' – ',
    ),
  );
  return { beforeObs: EMPTY, afterObs, obsLines };
}

const DIRECOES: Record<string, string> = { N: 'Norte', S: 'Sul', L: 'Leste', O: 'Oeste' };
const NAVEGACAO: Record<string, string> = { '0': 'Interior', '1': 'Cabotagem' };

function aquav(m: AquavModal): ModalLayout {
  const containers = containersBlock(m.containers);
  const afterObs = table('Informações específicas do modal aquaviário (II)', [
    c('Identificação do navio / rebocador', m.xNavio, 80) +
      c('Identificação da balsa', m.balsas.join(', '), 70) +
      c('Vlr. do AFRMM', money(m.vAFRMM), 50, 'right'),
    c('Base de cálculo do AFRMM', money(m.vPrest), 40, 'right') +
      c('Número da viagem', m.nViag, 40) +
      c('Direção', DIRECOES[m.direc] ?? m.direc, 40) +
      c('IRIN do navio', m.irin, 40) +
      c('Tipo de navegação', NAVEGACAO[m.tpNav] ?? m.tpNav, 40),
  ]);
  return { beforeObs: containers.block, afterObs, obsLines: containers.overflow };
}

const TRAFEGO: Record<string, string> = {
  '0': 'Próprio',
  '1': 'Mútuo',
  '2': 'Rodoferroviário',
  '3': 'Rodoviário',
};
const FERROVIA: Record<string, string> = { '1': 'Ferrovia de origem', '2': 'Ferrovia de destino' };
/** Railways shown in the box (two per row); the rest continue in the observations. */
const FERROVIAS_IN_BOX = 4;

function ferrov(m: FerrovModal): ModalLayout {
  const main = table('Informações específicas do modal ferroviário', [
    c('Tipo de tráfego', TRAFEGO[m.tpTraf] ?? m.tpTraf, 40) +
      c('Fluxo ferroviário', m.fluxo, 40) +
      c('Ferrovia responsável pelo faturamento', FERROVIA[m.respFat] ?? m.respFat, 45) +
      c('Ferrovia emitente do CT-e', FERROVIA[m.ferrEmi] ?? m.ferrEmi, 40) +
      c('Valor do frete', money(m.vFrete), 35, 'right'),
  ]);
  const shown = m.ferrovias.slice(0, FERROVIAS_IN_BOX);
  const rows = Math.max(1, Math.ceil(shown.length / 2));
  const box = (i: number) => {
    const f = shown[i];
    return `<div class="c" style="width:100mm;height:8.8mm;padding-top:.4mm"><div class="r" style="height:4.1mm">${line('CNPJ:', esc(cpfCnpj(f?.CNPJ ?? '')), 50)}${line('Cód. interno:', esc(f?.cInt ?? ''), 48)}</div><div class="r" style="height:4.1mm">${line('IE:', esc(f?.IE ?? ''), 35)}${line('Razão social:', esc(f?.xNome ?? ''), 63)}</div></div>`;
  };
  let html = '';
  for (let r = 0; r < rows; r++) html += `<div class="r">${box(r * 2)}${box(r * 2 + 1)}</div>`;
  const envolvidas: Block = {
    html: `<div class="t gap">${sectionTitle('Informações das ferrovias envolvidas')}${html}</div>`,
    mm: 1 + 3.5 + rows * 8.8,
  };
  const obsLines = [
    ...(m.chCTeFerroOrigem ? [`CT-e da ferrovia de origem: ${m.chCTeFerroOrigem}`] : []),
    ...m.ferrovias
      .slice(FERROVIAS_IN_BOX)
      .map((f) =>
        join(
          ['FERROVIA ENVOLVIDA', cpfCnpj(f.CNPJ), f.cInt && `cód. ${f.cInt}`, f.IE && `IE ${f.IE}`, f.xNome],
          ' – ',
        ),
      ),
  ];
  return { beforeObs: EMPTY, afterObs: concat(main, envolvidas), obsLines };
}

const CLASS_DUTO: Record<string, string> = { '1': 'Gasoduto', '2': 'Mineroduto', '3': 'Oleoduto' };
const CONTRATACAO: Record<string, string> = {
  '0': 'Ponta a ponta',
  '1': 'Capacidade de entrada',
  '2': 'Capacidade de saída',
};

/** The first origin document's série and número (Anexo II §3: "Serie/Num, em infNF"). */
function firstDocNumbers(view: CteView): { serie: string; numero: string } {
  const parts = (view.docs[0]?.serieNumero ?? '').split('/');
  return parts.length > 1
    ? { serie: parts[0] ?? '', numero: parts[1] ?? '' }
    : { serie: '', numero: parts[0] ?? '' };
}

function duto(view: CteView, m: DutoModal): ModalLayout {
  const i = view.icms;
  const doc = firstDocNumbers(view);
  // Valor do frete, Outros and Valor total do frete are "a ser utilizado no futuro" in §3: blank.
  const afterObs = table('Informações específicas do modal dutoviário', [
    c('Valor unitário', unitValue(m.vTar), 40, 'right') +
      c('Valor do frete', '', 40) +
      c('Outros', '', 40) +
      c('Base de cálculo', money(i?.vBC ?? ''), 40, 'right') +
      c('Alíquota', percent(i?.pICMS ?? ''), 40, 'right'),
    c('Valor do imposto', money(i?.vICMS ?? ''), 32, 'right') +
      c('Valor total do frete', '', 32) +
      c('Observações', view.xObs, 40) +
      c('Emitente', cpfCnpj(view.rem?.CNPJ || view.rem?.CPF || ''), 40) +
      c('Série', doc.serie, 24) +
      c('Número', doc.numero, 32),
    c('Data de início do serviço', date(m.dIni), 28) +
      c('Data de fim do serviço', date(m.dFim), 28) +
      c('Classificação', CLASS_DUTO[m.classDuto] ?? m.classDuto, 28) +
      c('Tipo de contratação', CONTRATACAO[m.tpContratacao] ?? m.tpContratacao, 34) +
      c('Ponto de entrada', m.codPontoEntrada, 27) +
      c('Ponto de saída', m.codPontoSaida, 27) +
      c('Nº do contrato', m.nContrato, 28),
  ]);
  return { beforeObs: EMPTY, afterObs, obsLines: [] };
}

function multimodal(m: MultimodalModal): ModalLayout {
  const negociavel = m.indNegociavel === '1' ? 'NEGOCIÁVEL' : m.indNegociavel === '0' ? 'NÃO NEGOCIÁVEL' : '';
  const s = m.seguro;
  const afterObs = concat(
    table('Informações e especificações do transporte multimodal de cargas', [
      c('Nº do certificado do operador de transporte multimodal', m.COTM, 150) +
        c('Indicador negociável', negociavel, 50, 'center'),
    ]),
    table('Informações do seguro do multimodal', [
      c('CNPJ da seguradora', cpfCnpj(s?.CNPJ ?? ''), 50) +
        c('Nome da seguradora', s?.xSeg ?? '', 50) +
        c('Número da apólice', s?.nApol ?? '', 50) +
        c('Número da averbação', s?.nAver ?? '', 50),
    ]),
  );
  return { beforeObs: EMPTY, afterObs, obsLines: [] };
}

function rodo(rntrc: string): ModalLayout {
  const afterObs = table('Informações específicas do modal rodoviário', [c('RNTRC da empresa', rntrc, 200)]);
  return { beforeObs: EMPTY, afterObs: { ...afterObs, mm: MM.modal }, obsLines: [] };
}

/** Previsão do fluxo da carga: xOrig, pass/xPass and xDest of compl/fluxo (every model sheet of §5). */
function fluxo(view: CteView): Block {
  const f = view.fluxo;
  const label = (where: string) => `Sigla/cód. da filial/porto/estação/aeroporto de ${where}`;
  return table('Previsão do fluxo da carga', [
    c(label('origem'), f?.xOrig ?? '', 66) +
      c(label('passagem'), f?.xPass.join(' - ') ?? '', 68) +
      c(label('destino'), f?.xDest ?? '', 66),
  ]);
}

export function modalLayout(view: CteView): ModalLayout {
  // Without the group (a malformed or generic XML) the model's boxes of ide/modal print blank.
  const m = view.modal ?? emptyModalView(view.ide.modal);
  let layout: ModalLayout;
  if (m === undefined || m.kind === 'rodo') layout = rodo(m?.RNTRC ?? '');
  else if (m.kind === 'aereo') layout = aereo(view, m);
  else if (m.kind === 'aquav') layout = aquav(m);
  else if (m.kind === 'ferrov') layout = ferrov(m);
  else if (m.kind === 'duto') layout = duto(view, m);
  else layout = multimodal(m);
  // Road CT-e rarely carry a flow: their box is printed only when there is one, keeping the first
  // sheet's room for the documents.
  const withFluxo = (m !== undefined && m.kind !== 'rodo') || view.fluxo !== undefined;
  return withFluxo ? { ...layout, beforeObs: concat(layout.beforeObs, fluxo(view)) } : layout;
}
