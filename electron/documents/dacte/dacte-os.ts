import { cpfCnpj, esc, join, qty, xmlDateTime } from '../html/format';
import { cell, sectionTitle, wrapText } from '../html/page';
import type { CteOsView } from '../parse/types';
import { composeDacte, observationLines } from './compose';
import type { RenderedHtml, RenderOptions } from './compose';
import { emitterAddressObservation } from './header';
import { docsSection, MM, tomadorBox } from './sections';

const SERVICO_MM = 1 + 3.5 + 16;
const SEGURO_ROWS = 3;
const DESC_WIDTH_MM = 172;

/** The service box takes the first sheet's spare height, as in the model (p. 51). */
function servico(view: CteOsView, heightMm: number): string {
  const lines = wrapText(view.servico?.xDescServ ?? '', DESC_WIDTH_MM).slice(
    0,
    Math.floor((heightMm - 3) / 3),
  );
  return `<div class="t gap"><div class="r"><div class="c st" style="width:100%">Informações da prestação do serviço</div></div><div class="r">${cell('Quantidade', esc(qty(view.servico?.qCarga ?? '')), 25, heightMm, 'right')}<div class="c" style="width:175mm;height:${heightMm}mm"><div class="l">Descrição do serviço prestado</div>${lines.map((l) => `<div class="line">${esc(l)}</div>`).join('')}</div></div></div>`;
}

/** Seguro da viagem (Anexo II §4): one row per seg, up to SEGURO_ROWS; the rest goes on in the observations. */
function seguro(view: CteOsView): string {
  const list = view.seguros.length > 0 ? view.seguros.slice(0, SEGURO_ROWS) : [undefined];
  const rows = list
    .map(
      (s) =>
        `<div class="r">${cell('Responsável', esc(s?.respSeg ?? ''), 60, 8)}${cell('Nome da seguradora', esc(s?.xSeg ?? ''), 80, 8)}${cell('Número da apólice', esc(s?.nApol ?? ''), 60, 8)}</div>`,
    )
    .join('');
  return `<div class="t gap">${sectionTitle('Seguro da viagem')}${rows}</div>`;
}

function seguroHeight(view: CteOsView): number {
  return 1 + 3.5 + 8 * Math.max(1, Math.min(SEGURO_ROWS, view.seguros.length));
}

const FRETAMENTO: Record<string, string> = { '1': 'Eventual', '2': 'Contínuo' };

/** The second road row: charter (infFretamento) and the vehicle's owner when it is not the emitter's. */
function hasRodoRow2(view: CteOsView): boolean {
  const r = view.rodoOS;
  return (
    r !== undefined &&
    (r.tpFretamento !== '' || r.propXNome !== '' || r.propTAF !== '' || r.propNroRegEstadual !== '')
  );
}

/** Informações específicas do modal rodoviário (Anexo II §4: rodoOS, veic and prop fields). */
function rodoOs(view: CteOsView): string {
  const r = view.rodoOS;
  const row1 = `${cell('Termo de autorização de fretamento', esc(r?.TAF ?? ''), 44, 8)}${cell('Nº de registro estadual', esc(r?.NroRegEstadual ?? ''), 36, 8)}${cell('Placa do veículo', esc(r?.placa ?? ''), 30, 8)}${cell('RENAVAM do veículo', esc(r?.RENAVAM ?? ''), 40, 8)}${cell('CNPJ/CPF (proprietário)', esc(cpfCnpj(r?.propDoc ?? '')), 50, 8)}`;
  const row2 =
    r === undefined || !hasRodoRow2(view)
      ? ''
      : `<div class="r">${cell('Tipo de fretamento', esc(FRETAMENTO[r.tpFretamento] ?? r.tpFretamento), 30, 8)}${cell('Data e hora da viagem', esc(xmlDateTime(r.dhViagem)), 36, 8)}${cell('Proprietário do veículo', esc(r.propXNome), 62, 8)}${cell('TAF (proprietário)', esc(r.propTAF), 36, 8)}${cell('Nº reg. estadual (proprietário)', esc(r.propNroRegEstadual), 36, 8)}</div>`;
  return `<div class="t gap">${sectionTitle('Informações específicas do modal rodoviário')}<div class="r">${row1}</div>${row2}</div>`;
}

function rodoOsHeight(view: CteOsView): number {
  return MM.modal + (hasRodoRow2(view) ? 8 : 0);
}

/** DACTE OS (Anexo II §6, model p. 51). */
export function renderDacteOs(view: CteOsView, options: RenderOptions = {}): RenderedHtml {
  const extra = view.seguros.slice(SEGURO_ROWS).map((s) => `Seguro: ${join([s.respSeg, s.xSeg, s.nApol])}`);
  return composeDacte(view, options, {
    title: 'DACTE OS',
    subtitle: 'Documento Auxiliar do Conhecimento de Transporte Eletrônico para Outros Serviços',
    percurso: view.percurso,
    top: [
      { html: tomadorBox('Tomador do serviço', view.toma), mm: MM.tomador },
      // The service box takes what the first sheet leaves over.
      { html: (spareMm) => servico(view, 16 + Math.max(0, Math.floor(spareMm - 1))), mm: SERVICO_MM },
    ],
    beforeObs: [],
    afterObs: [
      { html: seguro(view), mm: seguroHeight(view) },
      { html: rodoOs(view), mm: rodoOsHeight(view) },
    ],
    obsLines: observationLines([view.xObs, ...emitterAddressObservation(view), ...extra]),
    docs: {
      count: view.docsRef.length,
      compactDocs: true,
      section: (range) =>
        docsSection('Documentos referenciados', view.docsRef.slice(range.from, range.to), range.rows),
    },
  });
}
