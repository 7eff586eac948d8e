// The situation printed on the DACTE, DACTE OS and DACE comes from the XML itself (status.ts, MOC
// CT-e 4.00 Visão Geral §4.5.6, §5.1.7, §6.2.2; Anexo II §2.1, §2.19.1, §2.20). The marks are read
// back from the real PDF's text.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from '../../electron/documents/parse';
import { ChromiumPdfEngine, DEFAULT_CHROMIUM_PATH } from '../../electron/documents/pdf';
import { renderDocumentHtml } from '../../electron/documents/render';
import { documentSituacao } from '../../electron/documents/status';
import { AUTH_NPROT, cteXml, DCE_KEY, dceXml, DEFAULT_CTE_KEY, fixtureXml, procEvento } from './fixtures';
import { htmlText, resultsDir } from './support';

const KEY = DEFAULT_CTE_KEY;
const OS_KEY = '41261111222333000181670020000030011202630016';

const CANCELADO = 'CANCELADO – SEM VALOR FISCAL';
const DENEGADO = 'USO DENEGADO – SEM VALOR FISCAL';
const SEM_AUTORIZACAO = 'SEM AUTORIZAÇÃO DE USO – SEM VALOR FISCAL';
const SEM_AMBIENTE = 'AMBIENTE DE EMISSÃO NÃO INFORMADO NO XML – SEM VALOR FISCAL';
const ALL_MARKS = [CANCELADO, DENEGADO, SEM_AUTORIZACAO, SEM_AMBIENTE];

const authorized = cteXml(2, 5);
const withCStat = (xml: string, cStat: string) =>
  xml.replace('<cStat>100</cStat>', `<cStat>${cStat}</cStat>`);
const withoutProtocol = (xml: string) => xml.replace(/<protCTe[\s\S]*<\/protCTe>/, '');
/** Another system's envelope: the CT-e, its protocol and its events in one procCTe. */
const withEmbeddedEvent = (xml: string, event: string) =>
  xml.replace('<cteProc', '<procCTe').replace('</cteProc>', `${event}</procCTe>`);
const retConsSit = (cStat: string, events = '') =>
  `<retConsSitCTe versao="4.00" xmlns="http://www.portalfiscal.inf.br/cte"><tpAmb>1</tpAmb><verAplic>SP</verAplic><cStat>${cStat}</cStat><xMotivo>Situacao</xMotivo><cUF>35</cUF><protCTe versao="4.00"><infProt><tpAmb>1</tpAmb><chCTe>${KEY}</chCTe><dhRecbto>2024-06-10T14:31:02-03:00</dhRecbto><nProt>${AUTH_NPROT}</nProt><cStat>${cStat}</cStat><xMotivo>Situacao</xMotivo></infProt></protCTe>${events}</retConsSitCTe>`;
/** procCancCTe of the layouts before the cancellation event (cancCTe + retCancCTe, cStat 101). */
const procCancCte = `<procCancCTe versao="1.04" xmlns="http://www.portalfiscal.inf.br/cte"><cancCTe versao="1.04"><infCanc Id="ID${KEY}"><tpAmb>1</tpAmb><xServ>CANCELAR</xServ><chCTe>${KEY}</chCTe><nProt>${AUTH_NPROT}</nProt><xJust>Cancelamento por erro de digitacao</xJust></infCanc></cancCTe><retCancCTe versao="1.04"><infCanc><tpAmb>1</tpAmb><verAplic>SP</verAplic><cStat>101</cStat><xMotivo>Cancelamento de CT-e homologado</xMotivo><cUF>35</cUF><chCTe>${KEY}</chCTe><dhRecbto>2011-06-11T10:00:05</dhRecbto><nProt>135110000000777</nProt></infCanc></retCancCTe></procCancCTe>`;

function situacao(xml: string, events: string[] = []): string {
  const view = parseDocument(xml);
  if (view.kind !== 'cte' && view.kind !== 'cteos' && view.kind !== 'dce') throw new Error(view.kind);
  const attached = events.map((e) => parseDocument(e));
  return documentSituacao(view, {
    attached: { events: attached.filter((v) => v.kind === 'event'), protocols: [] },
  });
}

function marks(text: string): string[] {
  return ALL_MARKS.filter((m) => text.includes(m));
}

const text = (xml: string, options = {}) => htmlText(renderDocumentHtml(xml, options).html);

describe('situation read from the XML', () => {
  it('protCTe 100 and 150 authorize; the protocol is printed and no mark', () => {
    expect(situacao(authorized)).toBe('autorizado');
    expect(situacao(withCStat(authorized, '150'))).toBe('autorizado');
    const t = text(authorized);
    expect(t).toContain(`${AUTH_NPROT} 10/06/2024 14:31:02`);
    expect(marks(t)).toEqual([]);
    expect(renderDocumentHtml(authorized).html).not.toContain('class="wm');
  });

  it('protCTe 101 (older layouts) is a cancellation: CANCELADO, and its protocol is not an authorization', () => {
    const xml = withCStat(authorized, '101');
    expect(situacao(xml)).toBe('cancelado');
    const t = text(xml);
    expect(marks(t)).toEqual([CANCELADO]);
    expect(t).not.toContain(AUTH_NPROT);
    expect(renderDocumentHtml(xml).html).toContain('<div class="wm cancel"><span>CANCELADO</span></div>');
  });

  it.each(['135', '136', '155'])('an embedded 110111 registered with %s cancels', (cStat) => {
    const xml = withEmbeddedEvent(authorized, procEvento(KEY, cStat));
    expect(situacao(xml)).toBe('cancelado');
    expect(marks(text(xml))).toEqual([CANCELADO]);
  });

  it('a rejected cancellation, an unregistered request, another key or another event do not cancel', () => {
    expect(situacao(withEmbeddedEvent(authorized, procEvento(KEY, '220')))).toBe('autorizado');
    const request = procEvento(KEY, '135').replace(/<retEventoCTe[\s\S]*<\/retEventoCTe>/, '');
    expect(situacao(withEmbeddedEvent(authorized, request))).toBe('autorizado');
    const other = KEY.replace(/^35/, '41');
    expect(situacao(withEmbeddedEvent(authorized, procEvento(other, '135')))).toBe('autorizado');
    expect(situacao(withEmbeddedEvent(authorized, procEvento(KEY, '135', '110110')))).toBe('autorizado');
  });

  it('an attached procEventoCTe, retConsSitCTe (101 or its event list) and procCancCTe cancel', () => {
    expect(marks(text(authorized, { events: [procEvento(KEY, '135')] }))).toEqual([CANCELADO]);
    expect(marks(text(authorized, { events: [retConsSit('101')] }))).toEqual([CANCELADO]);
    expect(marks(text(authorized, { events: [retConsSit('100', procEvento(KEY, '135'))] }))).toEqual([
      CANCELADO,
    ]);
    expect(marks(text(authorized, { events: [retConsSit('100')] }))).toEqual([]);
    expect(marks(text(authorized, { events: [procCancCte] }))).toEqual([CANCELADO]);
    expect(marks(text(authorized, { cancelled: true }))).toEqual([CANCELADO]);
  });

  it.each(['110', '301', '302', '303'])('denied (%s): DENEGADO and no authorization protocol', (cStat) => {
    const xml = withCStat(authorized, cStat);
    expect(situacao(xml)).toBe('denegado');
    const t = text(xml);
    expect(marks(t)).toEqual([DENEGADO]);
    expect(t).not.toContain(AUTH_NPROT);
  });

  it('no protocol in normal emission, a rejection or a protocol of another key: SEM AUTORIZAÇÃO DE USO', () => {
    expect(situacao(withoutProtocol(authorized))).toBe('sem-autorizacao');
    expect(marks(text(withoutProtocol(authorized)))).toEqual([SEM_AUTORIZACAO]);
    expect(marks(text(withCStat(authorized, '204')))).toEqual([SEM_AUTORIZACAO]);
    const otherKey = authorized.replace(
      `<chCTe>${KEY}</chCTe>`,
      `<chCTe>${KEY.replace(/^35/, '41')}</chCTe>`,
    );
    const t = text(otherKey);
    expect(marks(t)).toEqual([SEM_AUTORIZACAO]);
    expect(t).not.toContain(AUTH_NPROT);
  });

  it('FS-DA and EPEC without protocol keep their contingency rules; SVC does not', () => {
    const fsda = withoutProtocol(authorized).replace('<tpEmis>1</tpEmis>', '<tpEmis>5</tpEmis>');
    expect(situacao(fsda)).toBe('contingencia');
    expect(marks(text(fsda))).toEqual([]);
    const epec = withoutProtocol(authorized).replace('<tpEmis>1</tpEmis>', '<tpEmis>4</tpEmis>');
    expect(marks(text(epec))).toEqual([]);
    const svc = withoutProtocol(authorized).replace('<tpEmis>1</tpEmis>', '<tpEmis>7</tpEmis>');
    expect(marks(text(svc))).toEqual([SEM_AUTORIZACAO]);
  });

  it('a missing tpAmb is not produção: the ambiente is unknown and marked', () => {
    const xml = withoutProtocol(authorized).replace('<tpAmb>1</tpAmb>', '');
    const view = parseDocument(xml);
    expect(view.ambiente).toBe('desconhecido');
    expect(marks(text(xml))).toEqual([SEM_AUTORIZACAO, SEM_AMBIENTE]);
    // The protocol's own tpAmb says where an authorized CT-e was issued.
    expect(parseDocument(authorized.replace('<tpAmb>1</tpAmb><tpCTe>', '<tpCTe>')).ambiente).toBe('producao');
  });

  it('DACTE OS: the same rules', () => {
    const os = fixtureXml('cteos-fretamento.xml');
    expect(marks(text(os))).toEqual([]);
    expect(marks(text(os.replace('<cStat>100</cStat>', '<cStat>101</cStat>')))).toEqual([CANCELADO]);
    expect(marks(text(os, { events: [procEvento(OS_KEY, '135')] }))).toEqual([CANCELADO]);
    expect(marks(text(os.replace(/<protCTe[\s\S]*<\/protCTe>/, '')))).toEqual([SEM_AUTORIZACAO]);
  });

  it('DACE: the same rules (protDCe, evento 110111 of the DC-e)', () => {
    const dce = dceXml(2);
    expect(marks(text(dce))).toEqual([]);
    expect(text(dce)).toContain('1412600000000042');
    const cancelled = dce.replace('</dceProc>', `${procEvento(DCE_KEY, '135', '110111', 'DCe')}</dceProc>`);
    expect(situacao(cancelled)).toBe('cancelado');
    expect(marks(text(cancelled))).toEqual([CANCELADO]);
    const denied = dce.replace('<cStat>100</cStat>', '<cStat>301</cStat>');
    expect(marks(text(denied))).toEqual([DENEGADO]);
    expect(text(denied)).not.toContain('1412600000000042');
    const unsigned = dce.replace(/<protDCe[\s\S]*<\/protDCe>/, '');
    expect(marks(text(unsigned))).toEqual([SEM_AUTORIZACAO]);
  });

  it('DACE in contingency: tpEmis 2 (the XSD\'s value) or 9 (the manual\'s text) prints its mark, and without a protocol yet it is in contingency, not "sem autorização"', () => {
    const dce = dceXml(1);
    for (const tpEmis of ['2', '9']) {
      const offline = dce.replace('<tpEmis>1</tpEmis>', `<tpEmis>${tpEmis}</tpEmis>`);
      expect(text(offline)).toContain('EMITIDO EM CONTINGÊNCIA');
      const waiting = offline.replace(/<protDCe[\s\S]*<\/protDCe>/, '');
      expect(situacao(waiting)).toBe('contingencia');
      expect(marks(text(waiting))).toEqual([]);
    }
    expect(text(dce)).not.toContain('EMITIDO EM CONTINGÊNCIA');
  });
});

const chromiumPath = process.env.CARRETA_CHROMIUM ?? DEFAULT_CHROMIUM_PATH;
const pdfTools = existsSync(chromiumPath) && existsSync('/usr/bin/pdftotext');
if (!pdfTools && process.env.CI === 'true')
  throw new Error('Chromium and poppler-utils are required under CI=true');

describe.skipIf(!pdfTools)('situation marks in the real PDF', () => {
  let engine: ChromiumPdfEngine;
  beforeAll(() => {
    engine = new ChromiumPdfEngine({ executablePath: chromiumPath, poolSize: 1 });
    mkdirSync(resultsDir, { recursive: true });
  });
  afterAll(async () => engine.close());

  async function pdfText(name: string, xml: string, options = {}): Promise<string> {
    const file = path.join(resultsDir, `status-${name}.pdf`);
    writeFileSync(file, await engine.htmlToPdf(renderDocumentHtml(xml, options).html));
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  }

  it('cancelled, denied, unauthorized and authorized CT-e; cancelled DC-e', async () => {
    const cancelled = await pdfText('cancelado', withEmbeddedEvent(authorized, procEvento(KEY, '135')));
    expect(cancelled).toContain(CANCELADO);
    expect(cancelled).toContain(`${AUTH_NPROT} 10/06/2024 14:31:02`);
    const old = await pdfText('cancelado-101', withCStat(authorized, '101'));
    expect(old).toContain(CANCELADO);
    expect(old).not.toContain(AUTH_NPROT);
    const denied = await pdfText('denegado', withCStat(authorized, '110'));
    expect(denied).toContain(DENEGADO);
    expect(denied).not.toContain(AUTH_NPROT);
    const none = await pdfText(
      'sem-autorizacao',
      withoutProtocol(authorized).replace('<tpAmb>1</tpAmb>', ''),
    );
    expect(none).toContain(SEM_AUTORIZACAO);
    expect(none).toContain(SEM_AMBIENTE);
    const ok = await pdfText('autorizado', authorized);
    expect(ok).toContain(`${AUTH_NPROT} 10/06/2024 14:31:02`);
    for (const mark of ALL_MARKS) expect(ok).not.toContain(mark);
    const dce = await pdfText('dce-cancelada', dceXml(1), {
      events: [procEvento(DCE_KEY, '135', '110111', 'DCe')],
    });
    expect(dce).toContain(CANCELADO);
  }, 60_000);
});
