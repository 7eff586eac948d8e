// Sandbox figures: emissions per second through the HTTP interface (request validation, authority
// rules, XML in schema order, a real XML-DSig signature, the proc wrapper) for CT-e and MDF-e, and
// the p95 latency of a list request.
import { randomUUID } from 'node:crypto';

import { buildCtePayload } from '../../../electron/fiscal/payload';
import { cteFormSchema } from '../../../electron/shared/schemas/cte-form';
import { apiClient, startIssuingSandbox } from '../../app/issuing/harness';
import { company, cteForm } from '../../fiscal/payload/forms';
import type { MdfePedidoEmissao } from '../../../electron/nuvemfiscal/api/mdfe';
import { mdfeBody } from '../../sandbox/mdfe/fixtures';
import type { Figure } from '../types';
import { note } from '../types';
import { percentile } from '../support/stats';

const EMISSIONS = 100;
const LISTS = 200;

function dhEmiNow(): string {
  const local = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 19);
  return `${local}-03:00`;
}

export default async function* sandbox(): AsyncGenerator<Figure> {
  const running = await startIssuingSandbox();
  const client = apiClient(running.url);
  const form = cteFormSchema.parse(cteForm());
  const emit = (serie: number, numero: number) =>
    client.cte.emitir(
      buildCtePayload(form, {
        company,
        serie,
        numero,
        ambiente: 'homologacao',
        referencia: randomUUID(),
        dhEmi: dhEmiNow(),
      }),
    );
  try {
    await emit(80, 1); // warm-up: token, keys, JIT
    const started = performance.now();
    let authorized = 0;
    for (let numero = 1; numero <= EMISSIONS; numero++) {
      if ((await emit(81, numero)).status === 'autorizado') authorized++;
    }
    const seconds = (performance.now() - started) / 1000;
    note(`${EMISSIONS} emissions in ${seconds.toFixed(2)} s (${authorized} autorizadas)`);
    if (authorized !== EMISSIONS) throw new Error(`only ${authorized} of ${EMISSIONS} authorized`);
    yield { name: 'emissions_per_s', value: Math.round((EMISSIONS / seconds) * 10) / 10, unit: 'docs/s' };

    const latencies: number[] = [];
    for (let i = 0; i < LISTS; i++) {
      const t = performance.now();
      await client.cte.listar(
        { cpf_cnpj: company.cpf_cnpj, ambiente: 'homologacao' },
        { top: 50, skip: (i % 2) * 50, inlinecount: true },
      );
      latencies.push(performance.now() - t);
    }
    yield { name: 'list_p95_ms', value: Math.round(percentile(latencies, 95) * 100) / 100, unit: 'ms' };

    // MDF-e: each with its own truck (an open MDF-e blocks the plate's next one, rule 611), so every
    // one runs the open-manifest lookups against a growing table.
    const emitMdfe = (serie: number, numero: number) => {
      const body = mdfeBody({
        nMDF: numero,
        placa: `MD${String.fromCharCode(65 + serie - 80)}${numero % 10}A${String(Math.floor(numero / 10)).padStart(2, '0')}`,
        dhEmi: dhEmiNow(),
      });
      body.infMDFe.ide.serie = serie;
      body.infMDFe.emit.CNPJ = company.cpf_cnpj;
      body.infMDFe.seg![0]!.infResp.CNPJ = company.cpf_cnpj;
      body.referencia = randomUUID();
      return client.mdfe.emitir(body as unknown as MdfePedidoEmissao);
    };
    await emitMdfe(80, 1);
    const mdfeStarted = performance.now();
    let mdfeAuthorized = 0;
    for (let numero = 1; numero <= EMISSIONS; numero++) {
      if ((await emitMdfe(81, numero)).status === 'autorizado') mdfeAuthorized++;
    }
    const mdfeSeconds = (performance.now() - mdfeStarted) / 1000;
    note(`${EMISSIONS} MDF-e in ${mdfeSeconds.toFixed(2)} s (${mdfeAuthorized} autorizados)`);
    if (mdfeAuthorized !== EMISSIONS)
      throw new Error(`only ${mdfeAuthorized} of ${EMISSIONS} MDF-e authorized`);
    yield {
      name: 'mdfe_emissions_per_s',
      value: Math.round((EMISSIONS / mdfeSeconds) * 10) / 10,
      unit: 'docs/s',
    };
  } finally {
    await running.close();
  }
}
