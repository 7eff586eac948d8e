// Recipients and template values for the three kinds, read by the real parsers: CT-e from the cache
// fixtures, CT-e OS and DC-e from published samples in ../shared.
import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { fillTemplate, placeholderValues, recipientSuggestions } from '../../../electron/app/mail/message';
import type { MailableView } from '../../../electron/app/mail/message';
import { parseDocument } from '../../../electron/documents/parse/index';
import { DEFAULT_BODY, DEFAULT_SUBJECT } from '../../../electron/shared/schemas/mail';
import { fiscalRef, sharedAvailable } from '../../support/shared';
import { TOMADOR_EMAIL, mailableDoc } from './support';

const parse = (xml: string) => parseDocument(xml) as MailableView;
const sample = (...parts: string[]) => readFileSync(fiscalRef(...parts), 'utf8');

describe('what an e-mail about a document says', () => {
  it('CT-e: the tomador first, every party once, an XML <email> with several addresses split', () => {
    const doc = mailableDoc(3);
    const other = doc.remEmail === TOMADOR_EMAIL ? doc.destEmail : doc.remEmail;
    const xml = doc.xml.replace(
      `<email>${other}</email>`,
      `<email>${other}; ${TOMADOR_EMAIL.toUpperCase()};x@</email>`,
    );
    const view = parse(xml);
    const suggestions = recipientSuggestions(view);
    expect(suggestions.map((s) => [s.role, s.email])).toEqual([
      ['Tomador', TOMADOR_EMAIL],
      [doc.remEmail === TOMADOR_EMAIL ? 'Destinatário' : 'Remetente', other],
    ]);
    const values = placeholderValues(view);
    expect(values).toMatchObject({
      tipo: 'CT-e',
      documento: 'DACTE',
      numero: '3',
      serie: '1',
      data_emissao: '02/11/2026',
    });
    expect(fillTemplate(DEFAULT_SUBJECT, values)).toBe('CT-e nº 3 série 1 — Transportadora Carreta Ltda');
    expect(fillTemplate(DEFAULT_BODY, values)).toContain(`Chave de acesso: ${String(doc.record.chave)}`);
    // A placeholder the app does not know stays visible instead of vanishing.
    expect(fillTemplate('{numero} {numro}', values)).toBe('3 {numro}');
  });

  it.skipIf(!sharedAvailable)('DC-e: the destinatário is the one who gets the DACE', () => {
    const view = parse(
      sample('Unimake_DFe', 'source', 'Unimake.DFe.Test', 'DCe', 'Resources', 'dceProc.xml'),
    );
    expect(view.kind).toBe('dce');
    expect(recipientSuggestions(view)).toEqual([
      { email: 'destino@teste.com', role: 'Destinatário', name: 'Destinatario Teste' },
    ]);
    expect(placeholderValues(view)).toMatchObject({
      tipo: 'DC-e',
      documento: 'DACE',
      tomador: 'Destinatario Teste',
    });
  });

  it.skipIf(!sharedAvailable)('CT-e OS: the tomador of the service', () => {
    const xml = sample('nfephp-org_sped-da', 'examples', 'cteos', 'fixtures', 'cte_hom_com_prot.xml');
    expect(recipientSuggestions(parse(xml))).toEqual([]);
    const view = parse(xml.replace('</enderToma>', '</enderToma><email>contas@tomador-os.example</email>'));
    expect(view.kind).toBe('cteos');
    expect(recipientSuggestions(view)).toEqual([
      {
        email: 'contas@tomador-os.example',
        role: 'Tomador',
        name: 'CT-E EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
      },
    ]);
    expect(placeholderValues(view)).toMatchObject({ tipo: 'CT-e OS', documento: 'DACTE OS' });
  });
});
