import { AppError } from '../shared/errors';
import { renderDace } from './dace/dace';
import { renderDacte } from './dacte/dacte';
import { renderDacteOs } from './dacte/dacte-os';
import { renderDacteSimp } from './dacte/dacte-simp';
import { renderDamdfe } from './damdfe/damdfe';
import { renderEvent } from './events/event';
import { renderMdfeEvent } from './events/mdfe-event';
import { parseAttachmentXml, parseDocument } from './parse';
import { mergeAttachments } from './parse/attachments';
import { applyMdfeEvents } from './parse/mdfe';
import type { MdfeEventView } from './parse/mdfe-types';
import type { Attachments, DocumentView } from './parse/types';

export type PrintoutKind =
  | 'dacte'
  | 'dacte-os'
  | 'dace'
  | 'damdfe'
  | 'evento-cancelamento'
  | 'evento-cce'
  | 'evento-encerramento'
  | 'evento-inclusao-condutor'
  | 'evento-inclusao-dfe'
  | 'evento';

export interface RenderDocumentOptions {
  /** Company logo as a data URL (png, jpeg, gif, svg, webp). */
  logoDataUrl?: string;
  /** The cache knows the document as cancelled: print the CANCELADO marks. */
  cancelled?: boolean;
  /**
   * XML of events (procEventoCTe, procCancCTe…) or situation answers (retConsSitCTe) that
   * accompany the document; an accepted cancellation of its key marks it cancelled (status.ts).
   */
  events?: string[];
}

export interface RenderDocumentResult {
  html: string;
  kind: PrintoutKind;
  pages: number;
  /** Access key of the document (for an event: of the document it refers to). */
  key: string;
}

function attachments(events: string[] | undefined): Attachments {
  return mergeAttachments((events ?? []).map(parseAttachmentXml));
}

/** The MDF-e events among `events` (others are not about an MDF-e and are left to the caller). */
function mdfeEvents(events: string[] | undefined): MdfeEventView[] {
  return (events ?? []).flatMap((xml) => {
    const view = parseDocument(xml);
    return view.kind === 'mdfe-event' ? [view] : [];
  });
}

const MDFE_EVENT_KINDS: Record<string, PrintoutKind> = {
  '110111': 'evento-cancelamento',
  '110112': 'evento-encerramento',
  '110114': 'evento-inclusao-condutor',
  '110115': 'evento-inclusao-dfe',
};

/** XML of a CT-e (normal or simplificado), CT-e OS, DC-e, MDF-e or one of their events → its printout as one self-contained HTML string. */
export function renderDocumentHtml(xml: string, options: RenderDocumentOptions = {}): RenderDocumentResult {
  return renderView(parseDocument(xml), options);
}

export function renderView(view: DocumentView, options: RenderDocumentOptions = {}): RenderDocumentResult {
  const base = { logoDataUrl: options.logoDataUrl };
  const status = () => ({ cancelled: options.cancelled === true, attached: attachments(options.events) });
  switch (view.kind) {
    case 'cte': {
      const render = view.entregas === undefined ? renderDacte : renderDacteSimp;
      return { ...render(view, { ...base, ...status() }), kind: 'dacte', key: view.chave };
    }
    case 'cteos':
      return { ...renderDacteOs(view, { ...base, ...status() }), kind: 'dacte-os', key: view.chave };
    case 'dce':
      return { ...renderDace(view, { ...base, ...status() }), kind: 'dace', key: view.chave };
    case 'event': {
      const kind =
        view.tpEvento === '110111'
          ? 'evento-cancelamento'
          : view.tpEvento === '110110'
            ? 'evento-cce'
            : 'evento';
      return { ...renderEvent(view, base), kind, key: view.chave };
    }
    case 'mdfe': {
      const withEvents = applyMdfeEvents(view, mdfeEvents(options.events));
      return {
        ...renderDamdfe(withEvents, { ...base, cancelled: options.cancelled === true }),
        kind: 'damdfe',
        key: view.chave,
      };
    }
    case 'mdfe-event':
      return {
        ...renderMdfeEvent(view, base),
        kind: MDFE_EVENT_KINDS[view.tpEvento] ?? 'evento',
        key: view.chave,
      };
    case 'nfe':
      throw new AppError(
        'xml_not_printable',
        'Este XML é de uma NF-e: o Carreta imprime DACTE, DACTE OS, DACE, DAMDFE e eventos de CT-e/DC-e/MDF-e, não o DANFE.',
      );
  }
}
