import { join } from '../html/format';
import type { CteView, Party } from '../parse/types';
import { composeDacte, observationLines } from './compose';
import type { RenderedHtml, RenderOptions } from './compose';
import { emitterAddressObservation } from './header';
import { modalLayout } from './modal-blocks';
import { carga, docsSection, fitOrCut, MM, partyBox, partyRow, tomadorBox } from './sections';
import { street } from '../html/format';

export type { RenderedHtml, RenderOptions } from './compose';

function isPresent(p: Party | undefined): p is Party {
  return p !== undefined && (p.xNome !== '' || p.CNPJ !== '' || p.CPF !== '');
}

/** Party rows per Anexo II §2.7: expedidor/recebedor left out when empty; tomador takes a free slot. */
function partiesBlock(view: CteView): { html: string; mm: number } {
  const hasExped = isPresent(view.exped);
  const hasReceb = isPresent(view.receb);
  let html = partyRow(partyBox('Remetente', view.rem), partyBox('Destinatário', view.dest));
  let mm = MM.party;
  const tomaTitle = view.tomaRole ? `Tomador (${view.tomaRole})` : 'Tomador';
  if (hasExped && hasReceb) {
    html += partyRow(partyBox('Expedidor', view.exped), partyBox('Recebedor', view.receb));
    html += tomadorBox('Tomador do serviço', view.toma, view.tomaRole);
    mm += MM.party + MM.tomador;
  } else if (hasExped || hasReceb) {
    html += hasExped
      ? partyRow(partyBox('Expedidor', view.exped), partyBox(tomaTitle, view.toma))
      : partyRow(partyBox(tomaTitle, view.toma), partyBox('Recebedor', view.receb));
    mm += MM.party;
  } else {
    html += tomadorBox('Tomador do serviço', view.toma, view.tomaRole);
    mm += MM.tomador;
  }
  return { html, mm };
}

/** Observations of a CT-e: xObs, the references of complementary/substitute CT-e, and the whole
 * addresses too long for their party boxes. */
export function cteObservations(view: CteView): string[] {
  const addresses: string[] = [];
  const parties: [string, Party | undefined, number][] = [
    ['remetente', view.rem, 98],
    ['destinatário', view.dest, 98],
    ['expedidor', view.exped, 98],
    ['recebedor', view.receb, 98],
    ['tomador', view.toma, view.entregas === undefined ? 98 : 120],
  ];
  for (const [role, p, width] of parties) {
    const full = p === undefined ? '' : street(p.ender);
    if (full !== '' && fitOrCut('Endereço:', full, width).cut)
      addresses.push(`Endereço do ${role} (continuação): ${full}`);
  }
  return [
    view.xObs,
    ...view.refs.map((r) => join([r.label, r.value], ': ')),
    ...emitterAddressObservation(view),
    ...addresses,
  ];
}

/** DACTE (MOC CT-e 4.00 Anexo II §2). */
export function renderDacte(view: CteView, options: RenderOptions = {}): RenderedHtml {
  const modal = modalLayout(view);
  return composeDacte(view, options, {
    title: 'DACTE',
    subtitle: 'Documento Auxiliar do Conhecimento de Transporte Eletrônico',
    top: [partiesBlock(view), { html: carga(view), mm: MM.carga }],
    beforeObs: [modal.beforeObs],
    afterObs: [modal.afterObs],
    obsLines: [...observationLines(cteObservations(view)), ...modal.obsLines],
    docs: {
      count: view.docs.length,
      section: (range, index) =>
        docsSection(
          index === 0 ? 'Documentos originários' : 'Documentos originários (continuação)',
          view.docs.slice(range.from, range.to),
          range.rows,
        ),
    },
  });
}
