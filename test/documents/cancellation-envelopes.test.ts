// A cancelled CT-e as other systems distribute it: the cteProc with the cancellation inside, in the
// shapes written from the CT-e 4.00 schemas (procEventoCTe_v4.00 / eventoCTe / retEventoCTe_v4.00,
// and the name procCancCTe kept from the layouts before the event). An accepted cancellation answer
// (retEventoCTe, cStat 135, tpEvento 110111) of this key makes the document cancelled wherever the
// envelope carries it: the DACTE prints CANCELADO and the sync caches it as cancelled. The pieces
// are a real authorization and cancellation of the sandbox; the hand-written answer is checked
// against retEventoCTe_v4.00.xsd.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { parseDocument } from '../../electron/documents/parse';
import { renderDocumentHtml } from '../../electron/documents/render';
import { documentSituacao } from '../../electron/documents/status';
import { fieldsOfView } from '../../electron/app/sync/extract';
import type { RunningSandbox } from '../../electron/sandbox/server';
import { certifiedCompany, client, getToken, startTestSandbox } from '../sandbox/support';
import { COMPANY_CNPJ, cteBody, NOW } from '../sandbox/dfe/fixtures';
import { CTE_XSD, xsdErrors } from '../sandbox/dfe/xsd';
import { htmlText, sharedAvailable } from './support';

const CTE_NS = 'http://www.portalfiscal.inf.br/cte';
const CANCELADO = 'CANCELADO – SEM VALOR FISCAL';

let sandbox: RunningSandbox;
let cteProc = '';
let procEvento = '';
let chave = '';

beforeAll(async () => {
  if (!sharedAvailable) return;
  sandbox = await startTestSandbox({ clockStart: NOW.getTime() });
  const api = client(sandbox.url, await getToken(sandbox.url));
  await certifiedCompany(sandbox, api, COMPANY_CNPJ);
  const body = cteBody();
  body.infCte.ide.dhEmi = new Date(NOW.getTime() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
  const doc = (await api.post<{ id: string; chave: string; status: string }>('/cte', body)).body;
  expect(doc.status).toBe('autorizado');
  chave = doc.chave;
  cteProc = (await api.get<Buffer>(`/cte/${doc.id}/xml`)).raw.toString('utf8');
  const canc = await api.post<{ status: string }>(`/cte/${doc.id}/cancelamento`, {
    justificativa: 'Frete lançado em duplicidade pelo escritório',
  });
  expect(canc.body.status).toBe('registrado');
  procEvento = (await api.get<Buffer>(`/cte/${doc.id}/cancelamento/xml`)).raw.toString('utf8');
}, 60_000);
afterAll(() => sandbox?.close());

const strip = (xml: string) => xml.replace(/^<\?xml[^>]*\?>\s*/, '');
const inner = (xml: string, tag: string) => new RegExp(`<${tag}[\\s>][\\s\\S]*</${tag}>`).exec(xml)![0];

/** A retEventoCTe (TRetEvento of eventoCTeTiposBasico_v4.00.xsd) as the authority answers it. */
function retEvento(o: { key?: string; cStat?: string; tpEvento?: string | null } = {}): string {
  const tp =
    o.tpEvento === null
      ? ''
      : `<tpEvento>${o.tpEvento ?? '110111'}</tpEvento><xEvento>Cancelamento</xEvento><nSeqEvento>1</nSeqEvento>`;
  return `<retEventoCTe versao="4.00" xmlns="${CTE_NS}"><infEvento Id="ID141260000000321"><tpAmb>2</tpAmb><verAplic>SVRS-4.00</verAplic><cOrgao>41</cOrgao><cStat>${o.cStat ?? '135'}</cStat><xMotivo>Evento registrado e vinculado a CT-e</xMotivo><chCTe>${o.key ?? chave}</chCTe>${tp}<dhRegEvento>2026-11-22T10:30:00-03:00</dhRegEvento><nProt>141260000000321</nProt></infEvento></retEventoCTe>`;
}

/** The cteProc with `extra` appended inside its envelope. */
const envelope = (extra: string) => strip(cteProc).replace('</cteProc>', `${extra}</cteProc>`);
const procCancCte = (content: string) =>
  `<procCancCTe versao="4.00" xmlns="${CTE_NS}">${content}</procCancCTe>`;

function situacaoOf(xml: string): string {
  const view = parseDocument(xml);
  if (view.kind !== 'cte') throw new Error(view.kind);
  return documentSituacao(view);
}

describe.skipIf(!sharedAvailable)('a cancellation inside the envelope, as other systems write it', () => {
  it('the hand-written answer is a valid retEventoCTe 4.00', () => {
    expect(xsdErrors(retEvento(), CTE_XSD('retEventoCTe_v4.00.xsd'))).toBeNull();
    expect(xsdErrors(strip(procEvento), CTE_XSD('procEventoCTe_v4.00.xsd'))).toBeNull();
    expect(situacaoOf(cteProc)).toBe('autorizado');
  });

  const accepted: [string, () => string][] = [
    [
      'procCancCTe with eventoCTe + retEventoCTe',
      () => procCancCte(inner(procEvento, 'eventoCTe') + inner(procEvento, 'retEventoCTe')),
    ],
    ['procCancCTe with the answer only (retEventoCTe)', () => procCancCte(retEvento())],
    [
      'procCancCTe with the answer only, tpEvento left out (optional in TRetEvento)',
      () => procCancCte(retEvento({ tpEvento: null })),
    ],
    ['procCancCTe wrapping a procEventoCTe', () => procCancCte(strip(procEvento))],
    ['the answer (retEventoCTe) straight in the cteProc', () => retEvento()],
    ['the answer in a wrapper of events', () => `<eventos>${retEvento()}</eventos>`],
    ['the procEventoCTe straight in the cteProc', () => strip(procEvento)],
  ];
  it.each(accepted)('%s: cancelled, the DACTE says so, the sync caches it so', (_name, make) => {
    const xml = envelope(make());
    expect(situacaoOf(xml)).toBe('cancelado');
    expect(htmlText(renderDocumentHtml(xml).html)).toContain(CANCELADO);
    expect(fieldsOfView(parseDocument(xml))?.cancelledInXml).toBe(true);
  });

  const ignored: [string, () => string][] = [
    [
      'an answer for another key',
      () => procCancCte(retEvento({ key: `${chave.slice(0, 43)}${(Number(chave[43]) + 1) % 10}` })),
    ],
    ['an answer of another event (110110, carta de correção)', () => retEvento({ tpEvento: '110110' })],
    [
      'a refused cancellation (cStat 218, already cancelled elsewhere — not this answer)',
      () => procCancCte(retEvento({ cStat: '218' })),
    ],
    ['an answer with no event type outside a procCancCTe', () => retEvento({ tpEvento: null })],
  ];
  it.each(ignored)('%s: still authorized', (_name, make) => {
    const xml = envelope(make());
    expect(situacaoOf(xml)).toBe('autorizado');
    expect(htmlText(renderDocumentHtml(xml).html)).not.toContain(CANCELADO);
    expect(fieldsOfView(parseDocument(xml))?.cancelledInXml).toBe(false);
  });

  it('a procCancCTe opened on its own prints as the cancellation event of the key', () => {
    const view = parseDocument(
      procCancCte(inner(procEvento, 'eventoCTe') + inner(procEvento, 'retEventoCTe')),
    );
    expect(view).toMatchObject({ kind: 'event', tpEvento: '110111', chave, registro: { cStat: '135' } });
    const answerOnly = parseDocument(procCancCte(retEvento()));
    expect(answerOnly).toMatchObject({
      kind: 'event',
      tpEvento: '110111',
      chave,
      registro: { nProt: '141260000000321' },
    });
  });
});
