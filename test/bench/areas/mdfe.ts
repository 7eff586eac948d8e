// MDF-e form figures: a selection of 50 authorized CT-e → the trip's payload, the way the form does
// it: `mdfe:prefill` reads each CT-e's processed XML from a real SQLite cache and parses it (loading
// and unloading municipalities, value, weight, product), the form is validated (mdfe-form.ts, with
// its route and insurance rules) and the payloads are built (one per unloading UF).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { prefillMdfe } from '../../../electron/app/mdfe/prefill';
import { openCache } from '../../../electron/cache';
import { createRepositories } from '../../../electron/cache/repositories';
import { buildMdfePayloads } from '../../../electron/fiscal/payload';
import { mdfeFormSchema } from '../../../electron/shared/schemas/mdfe-form';
import { company } from '../../fiscal/payload/forms';
import { cteKeyFrom, mdfeForm, MUN } from '../../fiscal/payload/mdfe-forms';
import { percentile } from '../support/stats';
import type { Figure } from '../types';
import { note } from '../types';

const SELECTION = 50;
const ROUNDS = 30;

/** An authorized CT-e's processed XML, SP → one of three PR/SC municipalities. */
function cteProc(n: number, chave: string): string {
  const fim = [MUN.curitiba, MUN.londrina, MUN.florianopolis][n % 3]!;
  return `<?xml version="1.0" encoding="UTF-8"?><cteProc versao="4.00" xmlns="http://www.portalfiscal.inf.br/cte"><CTe><infCte versao="4.00" Id="CTe${chave}"><ide><cUF>35</cUF><CFOP>6353</CFOP><natOp>PRESTACAO DE SERVICO DE TRANSPORTE</natOp><mod>57</mod><serie>1</serie><nCT>${n}</nCT><dhEmi>2026-11-26T08:00:00-03:00</dhEmi><tpImp>1</tpImp><tpEmis>1</tpEmis><tpAmb>2</tpAmb><tpCTe>0</tpCTe><modal>01</modal><tpServ>0</tpServ><cMunIni>3550308</cMunIni><xMunIni>São Paulo</xMunIni><UFIni>SP</UFIni><cMunFim>${fim.cMun}</cMunFim><xMunFim>${fim.xMun}</xMunFim><UFFim>${fim.uf}</UFFim><toma3><toma>0</toma></toma3></ide><emit><CNPJ>11222333000181</CNPJ><IE>9012345663</IE><xNome>TRANSPORTES TESTE LTDA</xNome><enderEmit><xLgr>AV BRASIL</xLgr><nro>1000</nro><xBairro>CENTRO</xBairro><cMun>4106902</cMun><xMun>Curitiba</xMun><UF>PR</UF></enderEmit></emit><vPrest><vTPrest>1500.00</vTPrest><vRec>1500.00</vRec></vPrest><imp><ICMS><ICMS00><CST>00</CST><vBC>1500.00</vBC><pICMS>12.00</pICMS><vICMS>180.00</vICMS></ICMS00></ICMS></imp><infCTeNorm><infCarga><vCarga>${(1000 + n).toFixed(2)}</vCarga><proPred>MOVEIS</proPred><infQ><cUnid>01</cUnid><tpMed>PESO BRUTO</tpMed><qCarga>${(100 + n).toFixed(4)}</qCarga></infQ></infCarga><infModal versaoModal="4.00"><rodo><RNTRC>12345678</RNTRC></rodo></infModal></infCTeNorm></infCte></CTe><protCTe versao="4.00"><infProt><tpAmb>2</tpAmb><chCTe>${chave}</chCTe><dhRecbto>2026-11-26T08:01:00-03:00</dhRecbto><nProt>135260000000${String(n).padStart(3, '0')}</nProt><cStat>100</cStat><xMotivo>Autorizado o uso do CT-e</xMotivo></infProt></protCTe></cteProc>`;
}

export default async function* mdfeBench(): AsyncIterable<Figure> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'carreta-bench-mdfe-'));
  const db = await openCache(path.join(dir, 'cache.sqlite'));
  try {
    const repos = createRepositories(db);
    const scope = { company: company.cpf_cnpj, kind: 'cte' as const, environment: 'sandbox' as const };
    const chaves = Array.from({ length: SELECTION }, (_, i) => cteKeyFrom('SP', i + 1));
    const rows = await repos.documents.upsertBatch(
      chaves.map((chave, i) => ({
        ...scope,
        record: { id: `cte-${i + 1}`, status: 'autorizado', chave, serie: 1, numero: i + 1, modelo: 57 },
      })),
    );
    for (const [i, row] of rows.entries())
      await repos.files.put(row.id, 0, 'xml', Buffer.from(cteProc(i + 1, chaves[i]!)), 'application/xml');
    const deps = {
      repos: () => repos,
      environment: () => 'sandbox' as const,
      fetchCteXml: () => Promise.reject(new Error('the bench reads the cache only')),
      nfeXml: () => Promise.resolve([]),
    };
    const once = async () => {
      const prefill = await prefillMdfe(deps, company.cpf_cnpj, chaves);
      if (prefill.documentos.length !== SELECTION)
        throw new Error(
          `prefill read ${prefill.documentos.length} of ${SELECTION}: ${JSON.stringify(prefill.problemas[0])}`,
        );
      const form = mdfeFormSchema.parse(mdfeForm({ documentos: prefill.documentos }));
      return buildMdfePayloads(form, company);
    };
    const warm = await once();
    note(`mdfe: ${SELECTION} CT-e → ${warm.length} MDF-e (${warm.map((m) => m.ufFim).join(', ')})`);
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const start = performance.now();
      await once();
      times.push(performance.now() - start);
    }
    note(
      `mdfe: form_to_payload p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`,
    );
    yield { name: 'form_to_payload_ms', value: Math.round(percentile(times, 50) * 100) / 100, unit: 'ms' };
  } finally {
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}
