// cStat may have 4 digits (TStat [0-9]{3,4}: MDF-e PL_MDFe_300b_NT012025_1.03, CT-e PL_CTe_400_RTC):
// the parsers keep it whole and the printouts show it whole, and a 4-digit code is never taken for
// an authorization, a cancellation or a denial (110, 301–399 of the old layouts).
import { describe, expect, it } from 'vitest';

import { parseDocument } from '../../electron/documents/parse';
import type { MdfeEventView, MdfeView } from '../../electron/documents/parse/mdfe-types';
import type { CteView, EventView } from '../../electron/documents/parse/types';
import { renderDocumentHtml } from '../../electron/documents/render';
import { documentSituacao, isDenied } from '../../electron/documents/status';
import { cteXml, DEFAULT_CTE_KEY, procEvento } from './fixtures';
import { mdfeEventXml, mdfeXml } from './mdfe-fixtures';
import { htmlText } from './support';

describe('a 4-digit cStat', () => {
  it('MDF-e: read whole from protMDFe, not authorized, printed whole on the DAMDFE', () => {
    const xml = mdfeXml({ cStat: '1234' });
    const view = parseDocument(xml) as MdfeView;
    expect(view.protocol?.cStat).toBe('1234');
    expect(view.status).toBe('sem-autorizacao');
    expect(htmlText(renderDocumentHtml(xml).html)).toContain('Situação na SEFAZ: 1234');
  });

  it('MDF-e event: the registration answer read and printed whole', () => {
    const xml = mdfeEventXml({ tpEvento: '110112', cStat: '1234' });
    const view = parseDocument(xml) as MdfeEventView;
    expect(view.registro?.cStat).toBe('1234');
    expect(htmlText(renderDocumentHtml(xml).html)).toMatch(/\b1234\b[^\d]*Rejeicao: exemplo/);
  });

  it('CT-e: a 4-digit protocol answer is neither authorized nor denied; the DACTE says so', () => {
    const xml = cteXml(1, 1).replace('<cStat>100</cStat>', '<cStat>3010</cStat>');
    const view = parseDocument(xml) as CteView;
    expect(view.protocol?.cStat).toBe('3010');
    expect(documentSituacao(view)).toBe('sem-autorizacao');
    expect(isDenied('3010')).toBe(false);
    expect(isDenied('301')).toBe(true);
    expect(htmlText(renderDocumentHtml(xml).html)).toContain('SEM AUTORIZAÇÃO DE USO');
  });

  it('CT-e event: the registration answer read and printed whole', () => {
    const xml = procEvento(DEFAULT_CTE_KEY, '1350');
    const view = parseDocument(xml) as EventView;
    expect(view.registro?.cStat).toBe('1350');
    expect(htmlText(renderDocumentHtml(xml).html)).toMatch(/\b1350\b[^\d]*Evento registrado e vinculado/);
  });
});
